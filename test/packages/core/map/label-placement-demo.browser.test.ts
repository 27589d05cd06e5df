// Map labels on every document the demo serves, as a visitor trying the demo numbers meets them:
// in English and Arabic, from a phone to a desktop, labels inside the map, clear of the controls,
// each other and the vehicle, and whole wherever a whole one fits (label-geometry.ts measures).
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { itExceptIn, labelSweepSkips, setViewport } from '../../../support/browser.js';
import { cutThoughWholeFits, loadedAt, mapOf, overVehicle, problems, demoRoutes } from './label-geometry.js';

const WIDTHS = [320, 390, 768, 1280] as const;

describe('map labels on the demo numbers', () => {
  afterEach(async () => {
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
    await setViewport({ width: 800, height: 600 });
  });

  const demo = demoRoutes;
  for (const route of demo) {
    for (const lang of ['en', 'ar']) {
      for (const width of WIDTHS) {
        itExceptIn(
          labelSweepSkips(width, WIDTHS),
          `${route.name}, ${lang}, ${width} px: labels inside the map, clear of the controls, each other and the vehicle, and whole wherever a whole one fits`,
          async () => {
            const el = await loadedAt(route, lang, width);
            expect(problems(el)).to.deep.equal([]);
            expect(overVehicle(el)).to.deep.equal([]);
            // Never cut mid-word: a name is whole or a whole shorter form of it.
            const names = [...mapOf(el).shadowRoot.querySelectorAll('.tracker-label-name, .tracker-label-whole')].map(
              (n) => n.textContent ?? '',
            );
            expect(names.filter((n) => n.endsWith('…'))).to.deep.equal([]);
            expect(cutThoughWholeFits(el)).to.deep.equal([]);
          },
        );
      }
    }
  }
});

// Lit's server rendering renders each element once, at once: it cannot wait for a catalogue to
// download, so `<ocean-tracker lang="de">` rendered there read English. A server that preloads the
// page's language gets the element's text in it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { preloadLanguage } from '@cargo-trackers/ocean-tracker';
import { de } from '../../../../packages/core/src/i18n/de.js';
import { fr } from '../../../../packages/core/src/i18n/fr.js';

/** The text of a server-rendered element's shadow root, without its styles and Lit's markers. */
async function serverText(markup: ReturnType<typeof html>): Promise<string> {
  const out = await collectResult(render(markup));
  return out
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('server rendering (Lit SSR) in the language of lang', () => {
  it('<ocean-tracker lang="de"> and <air-tracker lang="fr"> render their form in German and French once the languages are preloaded', async () => {
    await import('@cargo-trackers/ocean-tracker');
    await import('@cargo-trackers/air-tracker');
    assert.equal(await preloadLanguage('de'), true);
    assert.equal(await preloadLanguage('fr-CA'), true, 'a regional variant preloads its language');
    const ocean = await serverText(html`<ocean-tracker lang="de" proxy-url="/api/tracking/ocean"></ocean-tracker>`);
    assert.ok(ocean.includes(de['form.submit']!), ocean);
    assert.ok(ocean.includes(de['form.label.ocean']!), ocean);
    const air = await serverText(html`<air-tracker lang="fr-CA" proxy-url="/api/tracking/air"></air-tracker>`);
    assert.ok(air.includes(fr['form.submit']!), air);
    assert.equal(await preloadLanguage('tlh'), false, 'no catalogue: English stays');
  });
});

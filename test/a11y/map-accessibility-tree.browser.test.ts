// The map as a screen reader meets it, read from Chromium's accessibility tree (CDP): one focusable
// widget with one name and one description in words, and nothing else that speaks. On a page that
// holds only the map, every node that mentions the route is counted.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../packages/core/src/map/define.js';
import { englishMapMessages } from '../../packages/core/src/view/map-messages.js';
import type { TrackerRouteMap } from '../../packages/core/src/map/index.js';
import { itExceptIn } from '../support/browser.js';
import { airWithoutPaths, mapView, oceanInTransit } from '../packages/core/map/fixtures.js';
import { drawnMap, frames } from '../packages/core/map/map-test-helpers.js';

interface AxNode {
  readonly role: string;
  readonly name: string;
  readonly description: string;
}

const chromiumOnly = {
  firefox: 'the accessibility tree is read over the Chrome DevTools Protocol',
  webkit: 'the accessibility tree is read over the Chrome DevTools Protocol',
};

async function mapAlone(shipment: ReturnType<typeof oceanInTransit>): Promise<TrackerRouteMap> {
  const el = document.createElement('cargo-tracker-route-map');
  Object.assign(el, { loading: 'eager', view: mapView(shipment, englishMapMessages) });
  el.style.cssText = 'width: 640px; --tracker-map-height: 360px';
  await fixture(html`${el}`);
  await drawnMap(el);
  await frames(3);
  return el;
}

async function tree(): Promise<AxNode[]> {
  return (await executeServerCommand('ax-tree')) as AxNode[];
}

const says = (node: AxNode, text: string) => node.name.includes(text) || node.description.includes(text);

describe('the map in the accessibility tree', () => {
  for (const [what, shipment, destination] of [
    ['a container on a vessel (Ningbo → Singapore → Rotterdam)', oceanInTransit, 'Rotterdam'],
    ['an air waybill with its aircraft airborne (Hong Kong → Dubai → Frankfurt)', airWithoutPaths, 'Frankfurt'],
  ] as const) {
    itExceptIn(chromiumOnly, `${what}: names the route once, in words, as the focusable map's description`, async () => {
      const el = await mapAlone(shipment());
      const nodes = await tree();
      const named = nodes.filter((n) => says(n, destination));
      expect(
        named.map((n) => n.role),
        JSON.stringify(named),
      ).to.deep.equal(['application']);
      const [map] = named;
      expect(map!.name).to.equal('Route map');
      expect(map!.description).to.match(/^Route from .+ to .+\./);
      // The keys it takes, and the basemap's credit in a sentence rather than on its own.
      expect(map!.description).to.contain(
        'Arrow keys move the map; plus and minus zoom in and out; the Fit route button shows the whole route again.',
      );
      expect(map!.description).to.contain('Map data: Natural Earth.');
      expect(nodes.filter((n) => says(n, 'Natural Earth')).map((n) => n.role)).to.deep.equal(['application']);
      // No unnamed graphics, no tooltips, no coordinates.
      expect(nodes.filter((n) => ['image', 'img', 'graphics-document', 'graphics-symbol'].includes(n.role) && !n.name)).to.deep.equal([]);
      expect(nodes.filter((n) => n.role === 'tooltip')).to.deep.equal([]);
      expect(nodes.filter((n) => /\d°\s?[NSEW]\b/.test(n.name + n.description))).to.deep.equal([]);
      // The map is the one focusable widget besides its zoom buttons.
      const container = el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!;
      expect(container.tabIndex).to.equal(0);
      expect(container.getAttribute('aria-roledescription')).to.equal('map');
    });
  }
});

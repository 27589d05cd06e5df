// The contract's documents, fetched from the test server and put through the product's own
// normalizer, drawn by the map: what the elements will hand it in production.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../packages/core/src/map/define.js';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import type { Normalizer, Shipment } from '../../../../packages/core/src/model/shipment.js';
import { normalizeAir } from '../../../../packages/air-tracker/src/lookup/air-normalizer.js';
import { normalizeOcean } from '../../../../packages/ocean-tracker/src/lookup/ocean-normalizer.js';
import { mapView } from './fixtures.js';
import { drawnMap, routeLines } from './map-test-helpers.js';

async function normalized(name: string, normalize: Normalizer): Promise<Shipment> {
  const response = await fetch(`/test/fixtures/${name}`);
  expect(response.ok, name).to.be.true;
  const result = normalize(await response.json());
  if (!result.ok) throw new Error(`${name}: ${result.reason}`);
  return result.shipment;
}

async function draw(shipment: Shipment): Promise<TrackerRouteMap> {
  const el = await fixture<TrackerRouteMap>(
    html`<cargo-tracker-route-map loading="eager" style="width: 640px" .view=${mapView(shipment)}></cargo-tracker-route-map>`,
  );
  await drawnMap(el);
  return el;
}

const labels = (el: TrackerRouteMap, selector: string): string[] =>
  [...el.shadowRoot!.querySelectorAll(selector)].map((n) => n.textContent ?? '');

describe('<cargo-tracker-route-map> with the contract documents', () => {
  it('air-awb-transfer.json: two flights, three airports, no aircraft', async () => {
    const el = await draw(await normalized('air-awb-transfer.json', normalizeAir));
    expect(routeLines(el.leafletMap!).map((l) => [l.className, l.latLngs.length])).to.deep.equal([
      ['tracker-route tracker-route--completed', 25],
      ['tracker-route tracker-route--planned', 25],
    ]);
    // The page's label of each airport: city, code and country, the country once only when it is not the city.
    const airports = labels(el, '.tracker-place-label .tracker-label-name');
    expect(airports).to.have.length(3);
    expect(airports[0]).to.equal('Hong Kong\u00a0(HKG)');
    expect(airports.slice(1)).to.deep.equal(['Dubai\u00a0(DXB), United Arab Emirates', 'Frankfurt am Main\u00a0(FRA), Germany']);
    expect(el.shadowRoot!.querySelector('.tracker-vehicle')).to.equal(null);
  });

  for (const [name, normalize] of [
    ['air-hostile-strings.json', normalizeAir],
    ['ocean-hostile-strings.json', normalizeOcean],
  ] as const) {
    it(`${name}: every name stays text, nothing runs`, async () => {
      const shipment = await normalized(name, normalize);
      const el = await draw(shipment);
      expect(labels(el, '.tracker-vehicle-label strong')).to.deep.equal([shipment.position!.label]);
      // Each map label is the page's label of the place, or a whole shorter form of it, as text; a name
      // that fits in no shorter whole form (a thousand letters without a space) is left to the description.
      const placed = mapView(shipment).route.filter((s) => s.place.place.position);
      const drawn = labels(el, '.tracker-place-label .tracker-label-name');
      expect(drawn.length).to.be.within(1, placed.length);
      for (const label of drawn) {
        expect(label.endsWith('…')).to.equal(false, label);
        expect(placed.some((s) => s.place.label.startsWith(label))).to.equal(true, label);
      }
      placed.forEach((s) => expect(s.place.label).to.contain(s.place.place.city ?? s.place.place.name ?? s.place.place.code));
      expect(el.shadowRoot!.getElementById('description')!.textContent).to.contain(
        shipment.route[0]!.place.name ?? shipment.route[0]!.place.code,
      );
      expect(el.shadowRoot!.querySelectorAll('script, b, [onload], [onerror]')).to.have.length(0);
    });
  }

  for (const [name, lines, ports, vessel] of [
    [
      'ocean-container-in-transit.json',
      ['completed', 'current tracker-route--travelled', 'current tracker-route--ahead'],
      ['Ningbo, China', 'Singapore', 'Rotterdam, Netherlands'],
      'MSC GULSUN',
    ],
    [
      'ocean-bill-of-lading-pacific.json',
      ['current tracker-route--travelled', 'current tracker-route--ahead'],
      ['Shanghai, China', 'Los Angeles, United States'],
      'OOCL HONG KONG',
    ],
  ] as const) {
    it(`${name}: ${lines.length} line(s), ${ports.length} ports and the vessel`, async () => {
      const el = await draw(await normalized(name, normalizeOcean));
      const drawn = routeLines(el.leafletMap!);
      expect(drawn.map((l) => l.className)).to.deep.equal(lines.map((s) => `tracker-route tracker-route--${s}`));
      for (const line of drawn) {
        for (let i = 1; i < line.latLngs.length; i++) expect(Math.abs(line.latLngs[i]!.lng - line.latLngs[i - 1]!.lng)).to.be.lessThan(25);
      }
      // Each port by its whole name, or by the whole shorter form a label takes where the whole
      // name does not fit (its city: "Rotterdam" for "Rotterdam, Netherlands"), as fonts allow.
      const names = labels(el, '.tracker-place-label .tracker-label-name');
      expect(names).to.have.length(ports.length);
      for (const [i, label] of names.entries())
        expect(label === ports[i] || ports[i]!.startsWith(`${label},`)).to.equal(true, `${label} for ${ports[i]}`);
      expect(labels(el, '.tracker-vehicle-label strong')).to.deep.equal([vessel]);
    });
  }
});

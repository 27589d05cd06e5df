// Runs in its own page, so "no map code was requested" means just that: no earlier test
// here has loaded Leaflet. Mocha runs a suite's own tests before its nested suites, so the
// tests that load nothing are at the top level and those that load the map are nested,
// lazy before eager.
import { expect, fixture, html } from '@open-wc/testing';
import { until } from '../../../support/browser.js';
import { LitElement, html as litHtml, nothing } from 'lit';
import '../../../../packages/core/src/map/define.js';
import {
  hasMapData,
  mapLoadingConverter,
  parseMapLoading,
  type MapLoading,
  type TrackerRouteMap,
} from '../../../../packages/core/src/map/index.js';
import type { Shipment } from '../../../../packages/core/src/model/shipment.js';
import { oceanInTransit, mapView } from './fixtures.js';
import { drawnMap, frames, isLoopback, mapCodeRequested, requestedUrls } from './map-test-helpers.js';

/** A stand-in for <ocean-tracker>: the few lines an element needs to embed the map. */
class MapHost extends LitElement {
  static override properties = {
    map: { converter: mapLoadingConverter },
    shipment: { attribute: false },
  };

  declare map: MapLoading;
  declare shipment: Shipment | undefined;

  constructor() {
    super();
    this.map = 'lazy';
    this.shipment = undefined;
  }

  protected override render(): unknown {
    return this.map !== 'none' && hasMapData(this.shipment)
      ? litHtml`<cargo-tracker-route-map part="map" loading=${this.map} .view=${this.shipment && mapView(this.shipment)}></cargo-tracker-route-map>`
      : nothing;
  }
}
customElements.define('test-map-host', MapHost);

function innerMap(host: MapHost): TrackerRouteMap | null {
  return host.shadowRoot!.querySelector('cargo-tracker-route-map');
}

describe('map loading (lazy | eager | none)', () => {
  it('reads the attribute, defaulting to lazy', () => {
    expect(['lazy', 'eager', 'none', 'EAGER', null, '', 'sometimes'].map(parseMapLoading)).to.deep.equal([
      'lazy',
      'eager',
      'none',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
  });

  it('imports the map entry without fetching Leaflet', () => {
    expect(customElements.get('cargo-tracker-route-map')).to.exist;
    expect(mapCodeRequested()).to.be.false;
  });

  it('with map="none" renders no map and requests no map code', async () => {
    const host = await fixture<MapHost>(html`<test-map-host map="none" .shipment=${oceanInTransit()}></test-map-host>`);
    await frames(10);
    expect(innerMap(host)).to.equal(null);
    expect(mapCodeRequested()).to.be.false;
  });

  it('with loading="none" on the map itself, describes the route but loads nothing', async () => {
    const el = await fixture<TrackerRouteMap>(
      html`<cargo-tracker-route-map loading="none" .view=${mapView(oceanInTransit())}></cargo-tracker-route-map>`,
    );
    await frames(10);
    expect(el.shadowRoot!.getElementById('description')!.textContent).to.contain('Route from Ningbo, China');
    // A boolean, so a failure does not make chai print (and walk) a whole Leaflet map.
    expect(el.leafletMap === undefined, 'no Leaflet map').to.be.true;
    expect(mapCodeRequested()).to.be.false;
  });

  it('does not load a lazy map for a shipment without route data', async () => {
    const host = await fixture<MapHost>(
      html`<test-map-host .shipment=${{ ...oceanInTransit(), legs: [], position: undefined }}></test-map-host>`,
    );
    await frames(10);
    expect(innerMap(host)).to.equal(null);
    expect(mapCodeRequested()).to.be.false;
  });

  describe('lazy (the default)', () => {
    let page: HTMLDivElement;
    let host: MapHost;

    // Not fixture(): its automatic cleanup after each test would remove the page between these steps.
    before(async () => {
      page = document.createElement('div');
      const spacer = document.createElement('div');
      spacer.style.height = '300vh';
      host = document.createElement('test-map-host') as MapHost;
      host.shipment = oceanInTransit();
      page.append(spacer, host);
      document.body.append(page);
      window.scrollTo(0, 0);
      await host.updateComplete;
    });

    after(() => {
      page.remove();
    });

    it('requests no map code while the map is far below the viewport', async () => {
      const map = innerMap(host)!;
      expect(map).to.exist;
      expect(map.getAttribute('loading')).to.equal('lazy');
      await frames(15);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(map.leafletMap === undefined, 'no Leaflet map').to.be.true;
      expect(mapCodeRequested()).to.be.false;
      // The text alternative needs no map code.
      expect(map.shadowRoot!.getElementById('description')!.textContent).to.contain('Vessel MSC GULSUN');
    });

    it('still requests nothing when scrolled to just outside the 200px margin', async () => {
      const map = innerMap(host)!;
      const top = map.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight - 320);
      await frames(15);
      expect(mapCodeRequested()).to.be.false;
    });

    it('loads and draws the map once it comes near the viewport', async () => {
      const map = innerMap(host)!;
      const top = map.getBoundingClientRect().top + window.scrollY;
      // Within the 200px margin, still not visible.
      window.scrollTo(0, top - window.innerHeight - 100);
      await drawnMap(map);
      expect(map.getBoundingClientRect().top).to.be.greaterThan(window.innerHeight);
      expect(mapCodeRequested()).to.be.true;
      expect(map.shadowRoot!.querySelectorAll('path.tracker-route')).to.have.length(3);
    });
  });

  describe('eager', () => {
    it('with map="eager" draws at once, even far below the viewport', async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div>
          <div style="height: 300vh"></div>
          <test-map-host map="eager" .shipment=${oceanInTransit()}></test-map-host>
        </div>`,
      );
      window.scrollTo(0, 0);
      const map = innerMap(page.querySelector('test-map-host')!)!;
      await drawnMap(map);
      expect(map.getBoundingClientRect().top).to.be.greaterThan(window.innerHeight);
    });

    it('switching a host to map="none" removes its map', async () => {
      const host = await fixture<MapHost>(html`<test-map-host map="eager" .shipment=${oceanInTransit()}></test-map-host>`);
      const map = innerMap(host)!;
      await drawnMap(map);
      host.setAttribute('map', 'none');
      await host.updateComplete;
      expect(innerMap(host)).to.equal(null);
      expect(map.leafletMap === undefined, 'no Leaflet map').to.be.true;
    });
  });

  it('fetched everything from loopback', async () => {
    await until(() => requestedUrls().length > 0, 'the map asked for no file');
    expect(requestedUrls().filter((u) => !isLoopback(u))).to.deep.equal([]);
  });
});

// Counts what the map attaches to the page, before and after 50 mount/unmount cycles.
// The wrappers go on the globals before any map exists; the map module and Leaflet look
// the globals up when they construct observers and add listeners, so they see the wrappers.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../../packages/core/src/map/define.js';
import type { TrackerRouteMap } from '../../../../packages/core/src/map/index.js';
import { oceanInTransit, oceanPacific, mapView } from './fixtures.js';
import { drawnMap, frames } from './map-test-helpers.js';

const observing = { resize: new Set<object>(), intersection: new Set<object>() };

function trackObserver<T extends typeof ResizeObserver | typeof IntersectionObserver>(Base: T, live: Set<object>): T {
  // A subclass keeps instanceof and the real behaviour; it records which observers observe something.
  const Tracked = class extends (Base as typeof ResizeObserver) {
    override observe(target: Element, options?: ResizeObserverOptions): void {
      live.add(this);
      super.observe(target, options);
    }
    override disconnect(): void {
      live.delete(this);
      super.disconnect();
    }
  };
  return Tracked as unknown as T;
}

window.ResizeObserver = trackObserver(ResizeObserver, observing.resize);
window.IntersectionObserver = trackObserver(IntersectionObserver, observing.intersection);

/** Listeners currently attached to window and document, keyed by target, type, capture and function. */
const listeners = new Map<EventTarget, Set<string>>([
  [window, new Set()],
  [document, new Set()],
]);
const ids = new WeakMap<object, number>();
let nextId = 0;
function key(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): string {
  if (!listener) return '';
  if (!ids.has(listener)) ids.set(listener, nextId++);
  const capture = typeof options === 'boolean' ? options : Boolean(options?.capture);
  return `${type}/${capture}/${ids.get(listener)}`;
}
const add = EventTarget.prototype.addEventListener;
const remove = EventTarget.prototype.removeEventListener;
EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
  listeners.get(this)?.add(key(type, listener, options));
  add.call(this, type, listener, options);
};
EventTarget.prototype.removeEventListener = function (this: EventTarget, type, listener, options) {
  listeners.get(this)?.delete(key(type, listener, options));
  remove.call(this, type, listener, options);
};

function snapshot(): { window: number; document: number; resize: number; intersection: number; panes: number; maps: number } {
  const shadowRoots = [...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []));
  return {
    window: listeners.get(window)!.size,
    document: listeners.get(document)!.size,
    resize: observing.resize.size,
    intersection: observing.intersection.size,
    panes: shadowRoots.reduce((n, root) => n + root.querySelectorAll('.leaflet-pane').length, 0),
    maps: shadowRoots.reduce((n, root) => n + root.querySelectorAll('.leaflet-container').length, 0),
  };
}

/** Mounts, draws, interacts, unmounts; returns what was attached while mounted. */
async function cycle(el: TrackerRouteMap, host: HTMLElement): Promise<ReturnType<typeof snapshot>> {
  host.append(el);
  await drawnMap(el);
  // Focus and a wheel event make Leaflet and the map attach their interaction listeners too.
  const container = el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!;
  container.focus();
  container.dispatchEvent(new WheelEvent('wheel', { deltaY: -50, bubbles: true, composed: true }));
  const mounted = snapshot();
  el.remove();
  return mounted;
}

describe('<cargo-tracker-route-map> lifecycle', () => {
  it('leaves no Leaflet panes, observers or listeners behind after 50 mount/unmount cycles', async () => {
    const host = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
    // One cycle first: Leaflet adds a few page-wide listeners once per page, not per map.
    const warmUp = document.createElement('cargo-tracker-route-map');
    warmUp.loading = 'eager';
    warmUp.view = mapView(oceanInTransit());
    await cycle(warmUp, host);
    const before = snapshot();
    expect(before.panes).to.equal(0);

    for (let i = 0; i < 50; i++) {
      const el = document.createElement('cargo-tracker-route-map');
      el.loading = i % 2 === 0 ? 'eager' : 'lazy';
      el.view = mapView(i % 3 === 0 ? oceanPacific() : oceanInTransit());
      const mounted = await cycle(el, host);
      // The counters do see the map while it is mounted (its ResizeObserver, the focused map's keydown listener).
      expect(mounted.resize, `cycle ${i}`).to.equal(before.resize + 1);
      expect(mounted.document, `cycle ${i}`).to.be.greaterThan(before.document);
      expect(mounted.panes, `cycle ${i}`).to.be.greaterThan(0);
    }
    expect(snapshot()).to.deep.equal({ ...before, panes: 0, maps: 0 });
  });

  it('reuses one element through 50 disconnects and reconnects without piling up maps', async () => {
    const host = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
    const el = document.createElement('cargo-tracker-route-map');
    el.loading = 'eager';
    el.view = mapView(oceanInTransit());
    await cycle(el, host);
    const before = snapshot();
    for (let i = 0; i < 50; i++) {
      host.append(el);
      await drawnMap(el);
      expect(el.shadowRoot!.querySelectorAll('.leaflet-container')).to.have.length(1);
      el.remove();
    }
    expect(snapshot()).to.deep.equal(before);
  });

  it('can be removed in the middle of a zoom animation without an error afterwards', async () => {
    const errors: string[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.message);
    window.addEventListener('error', onError);
    try {
      const host = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
      const el = document.createElement('cargo-tracker-route-map');
      el.loading = 'eager';
      el.view = mapView(oceanInTransit());
      host.append(el);
      await drawnMap(el);
      const map = el.leafletMap!;
      map.zoomIn(1, { animate: true });
      await frames(2);
      let unloaded = false;
      map.once('unload', () => (unloaded = true));
      el.remove();
      // Leaflet ends a zoom animation on a 250 ms timer; the map is removed then.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(errors).to.deep.equal([]);
      expect(unloaded, 'the map was not removed').to.be.true;
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('can be removed while a wheel zoom is waiting for the gesture to end, without an error afterwards', async () => {
    const errors: string[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.message);
    window.addEventListener('error', onError);
    try {
      const host = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`);
      const el = document.createElement('cargo-tracker-route-map');
      el.loading = 'eager';
      el.view = mapView(oceanInTransit());
      host.append(el);
      const map = await drawnMap(el);
      const container = el.shadowRoot!.querySelector<HTMLElement>('.leaflet-container')!;
      container.focus();
      expect(map.scrollWheelZoom.enabled()).to.be.true;
      container.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true, composed: true }));
      // Removed, and its focus with it, while the wheel's turns still add up; then the gesture ends.
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('disconnects its viewport observer when removed before coming near', async () => {
    const host = await fixture<HTMLDivElement>(html`<div><div style="height: 300vh"></div></div>`);
    const before = observing.intersection.size;
    const el = document.createElement('cargo-tracker-route-map');
    el.view = mapView(oceanInTransit());
    host.append(el);
    await el.updateComplete;
    expect(observing.intersection.size).to.equal(before + 1);
    el.remove();
    expect(observing.intersection.size).to.equal(before);
  });
});

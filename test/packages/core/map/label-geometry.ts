// What the map-label tests measure (label-placement*.browser.test.ts): a tracker loaded over real
// HTTP with its map drawn, and every label a visitor would see cut by the map's edge, under a
// control, over another label or over the vehicle, by geometry, not pixels.
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { executeServerCommand } from '@web/test-runner-commands';
import { useClock } from '@cargo-trackers/core/internal/first';
import { mount, scenario, setViewport, until } from '../../../support/browser.js';
import { FakeClock, TEST_NOW } from '../../../support/fake-clock.js';
import { mapDrawn } from '../../../a11y/elements.js';
import { frames } from './map-test-helpers.js';
import { DEFAULT_GAP, DEFAULT_MARGIN } from '../../../../packages/core/src/map/label-placement.js';
import { airDocuments } from '../../../../demo/mock-service/air-documents.js';
import { oceanDocuments } from '../../../../demo/mock-service/ocean-documents.js';

export interface Route {
  readonly id: string;
  readonly name: string;
  readonly tag: 'ocean-tracker' | 'air-tracker';
  readonly document: () => Promise<unknown>;
}

/** Every document the demo serves, as the tracker that shows it. */
export const demoRoutes: readonly Route[] = [
  ...[...oceanDocuments].map(([number, build]) => ({
    id: `demo-${number}`,
    name: `demo ${number}`,
    tag: 'ocean-tracker' as const,
    document: async () => build({ nowMs: TEST_NOW, number, withRoute: true }),
  })),
  ...[...airDocuments].map(([number, build]) => ({
    id: `demo-${number}`,
    name: `demo ${number}`,
    tag: 'air-tracker' as const,
    document: async () => build({ nowMs: TEST_NOW, number, withRoute: true }),
  })),
];

// Sub-pixel positions of a transform can round either way.
const EPSILON = 0.5;

/** `route`'s document in its tracker, served over real HTTP: loaded, its map drawn and its labels still. */
export async function loaded(route: Route, lang: string): Promise<TrackerElement> {
  const s = await scenario({ responses: [{ status: 200, body: await route.document() }] });
  const product = route.tag === 'ocean-tracker' ? 'ocean' : 'air';
  const number = route.tag === 'ocean-tracker' ? 'reference-number="MEDU9091004"' : 'awb-number="176-22817340"';
  const el = mount<TrackerElement>(
    `<${route.tag} proxy-url="${s.base}/${product}" ${number} map="eager" lang="${lang}" style="margin:0"></${route.tag}>`,
  );
  // The documents are written against TEST_NOW: their relative times, and so the labels' lengths, are the same any day.
  useClock(el, new FakeClock(TEST_NOW));
  await until(() => el.trackingState === 'loaded', 'loaded');
  await el.updateComplete;
  await mapDrawn(el);
  await settled(el);
  return el;
}

/**
 * `route` loaded in a page `width` px wide, its map drawn and its labels still, and a screenshot for
 * people to review: test-results/screenshots/map-labels-<route id>-<lang>-<width>.png.
 */
export async function loadedAt(route: Route, lang: string, width: number): Promise<TrackerElement> {
  await setViewport({ width, height: 900 });
  document.body.style.margin = '0';
  const el = await loaded(route, lang);
  await executeServerCommand('screenshot', { name: `map-labels-${route.id}-${lang}-${width}` });
  return el;
}

export function mapOf(el: TrackerElement): HTMLElement & { shadowRoot: ShadowRoot } {
  return el.shadowRoot!.querySelector('cargo-tracker-route-map') as HTMLElement & { shadowRoot: ShadowRoot };
}

/** Waits until the attribution is drawn and the labels stop moving. */
export async function settled(el: TrackerElement): Promise<void> {
  const map = mapOf(el);
  // The labels are placed as the map is drawn, before the attribution shows; a map with no room for
  // any whole name (a thousand letters without a space, on a phone) shows none.
  await until(() => !!map.shadowRoot.querySelector('.attribution'), 'map drawn');
  let before = '';
  for (let i = 0; i < 20; i++) {
    await frames(3);
    const now = JSON.stringify(labelBoxes(el).map((l) => [l.text, Math.round(l.box.left), Math.round(l.box.top)]));
    if (now === before) return;
    before = now;
  }
}

export function labelBoxes(el: TrackerElement): Array<{ text: string; box: DOMRect; kind: string }> {
  const root = mapOf(el).shadowRoot;
  return [...root.querySelectorAll<HTMLElement>('.leaflet-tooltip.tracker-label:not(.tracker-label-measure)')].map((node) => ({
    text: node.textContent ?? '',
    box: node.getBoundingClientRect(),
    kind: node.classList.contains('tracker-vehicle-label') ? 'vehicle' : 'place',
  }));
}

export function controlBoxes(el: TrackerElement): Array<{ name: string; box: DOMRect }> {
  const root = mapOf(el).shadowRoot;
  return [...root.querySelectorAll<HTMLElement>('.leaflet-control-zoom, .tracker-way-back, .attribution')].map((node) => ({
    name: node.className,
    box: node.getBoundingClientRect(),
  }));
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right - EPSILON && b.left < a.right - EPSILON && a.top < b.bottom - EPSILON && b.top < a.bottom - EPSILON;

/** Every problem a visitor would see: a label cut by the map's edge, under a control, or over another label. */
export function problems(el: TrackerElement): string[] {
  const map = mapOf(el).getBoundingClientRect();
  const labels = labelBoxes(el);
  const out: string[] = [];
  for (const l of labels) {
    const { box } = l;
    if (
      box.left < map.left - EPSILON ||
      box.right > map.right + EPSILON ||
      box.top < map.top - EPSILON ||
      box.bottom > map.bottom + EPSILON
    ) {
      out.push(
        `“${l.text}” leaves the map (${Math.round(box.left - map.left)}..${Math.round(box.right - map.left)} of ${Math.round(map.width)}, ${Math.round(box.top - map.top)}..${Math.round(box.bottom - map.top)} of ${Math.round(map.height)})`,
      );
    }
    for (const c of controlBoxes(el)) if (overlap(box, c.box)) out.push(`“${l.text}” is under ${c.name}`);
  }
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) if (overlap(a.box, b.box)) out.push(`“${a.text}” overlaps “${b.text}”`);
  });
  return out;
}

/** Labels drawn over the vessel or aircraft. */
export function overVehicle(el: TrackerElement): string[] {
  const vehicle = mapOf(el).shadowRoot.querySelector('.tracker-vehicle svg')?.getBoundingClientRect();
  if (!vehicle) return [];
  return labelBoxes(el)
    .filter((l) => overlap(l.box, vehicle))
    .map((l) => `“${l.text}” covers the vehicle`);
}

/**
 * Labels shown shorter than their whole name although the whole name (without detail lines) fits
 * on a side of its marker: inside the map, off the controls, the markers and the other labels.
 */
export function cutThoughWholeFits(el: TrackerElement): string[] {
  const root = mapOf(el).shadowRoot;
  const map = mapOf(el).getBoundingClientRect();
  const labels = labelBoxes(el);
  const markers = [...root.querySelectorAll('path.tracker-place, .tracker-vehicle svg')].map((m) => m.getBoundingClientRect());
  const controls = controlBoxes(el).map((c) => c.box);
  const out: string[] = [];
  for (const node of root.querySelectorAll<HTMLElement>('.tracker-label--shortened:not(.tracker-label--merged)')) {
    const whole = node.querySelector('.tracker-label-whole')!.textContent!;
    const own = node.getBoundingClientRect();
    // Its marker: the nearest to the label's edge on its side.
    const side = (['right', 'left', 'top', 'bottom'] as const).find((s) => node.classList.contains(`leaflet-tooltip-${s}`))!;
    const edge =
      side === 'right'
        ? { x: own.left, y: (own.top + own.bottom) / 2 }
        : side === 'left'
          ? { x: own.right, y: (own.top + own.bottom) / 2 }
          : side === 'top'
            ? { x: (own.left + own.right) / 2, y: own.bottom }
            : { x: (own.left + own.right) / 2, y: own.top };
    const marker = markers
      .map((m) => ({ m, d: Math.hypot((m.left + m.right) / 2 - edge.x, (m.top + m.bottom) / 2 - edge.y) }))
      .sort((a, b) => a.d - b.d)[0]!.m;
    const probe = node.cloneNode(false) as HTMLElement;
    probe.style.transform = 'none';
    probe.append(Object.assign(document.createElement('strong'), { className: 'tracker-label-name', textContent: whole }));
    node.parentElement!.append(probe);
    const { width, height } = probe.getBoundingClientRect();
    probe.remove();
    const cx = (marker.left + marker.right) / 2;
    const cy = (marker.top + marker.bottom) / 2;
    // The map keeps labels a gap beyond the marker's stroke (1 px outside its path).
    const reach = marker.width / 2 + 1 + DEFAULT_GAP;
    const boxes = {
      right: new DOMRect(cx + reach, cy - height / 2, width, height),
      left: new DOMRect(cx - reach - width, cy - height / 2, width, height),
      top: new DOMRect(cx - width / 2, cy - reach - height, width, height),
      bottom: new DOMRect(cx - width / 2, cy + reach, width, height),
    };
    for (const [where, box] of Object.entries(boxes)) {
      const inside =
        box.left >= map.left + DEFAULT_MARGIN + 1 &&
        box.right <= map.right - DEFAULT_MARGIN - 1 &&
        box.top >= map.top + DEFAULT_MARGIN + 1 &&
        box.bottom <= map.bottom - DEFAULT_MARGIN - 1;
      // Strict here, as the placement is: within a pixel of something counts as on it.
      const near = (a: DOMRect, b: DOMRect) => a.left < b.right + 1 && b.left < a.right + 1 && a.top < b.bottom + 1 && b.top < a.bottom + 1;
      const blocked =
        controls.some((c) => near(box, c)) ||
        markers.some((m) => m !== marker && near(box, m)) ||
        labels.some((l) => !(l.box.left === own.left && l.box.top === own.top) && near(box, l.box));
      if (inside && !blocked) out.push(`“${node.textContent}” is cut, but “${whole}” fits on the ${where}`);
    }
  }
  return out;
}

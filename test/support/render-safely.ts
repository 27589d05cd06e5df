// What the rendering robustness files share (../robustness/rendering.browser.test.ts in every
// engine, ../robustness/rendering-fuzz.browser.test.ts in one): a document served as the proxy's
// 200 over real HTTP (the scripted mock proxy), through the real normalizer, the real element and
// its map, then checked: no uncaught error, no warning, and nothing in any shadow root (the map's
// included) that could run code or leave for a non-web scheme.
import { expect } from '@open-wc/testing';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { mount, part, scenario, sleep, until } from './browser.js';

export const OCEAN_DOCUMENTS = [
  'ocean-container-in-transit.json',
  'ocean-bill-of-lading-pacific.json',
  'ocean-delivered.json',
  'ocean-booked-planned.json',
  'ocean-unknown-codes.json',
  'ocean-hostile-strings.json',
  'ocean-out-of-range-coordinates.json',
  'ocean-wrong-types.json',
  'ocean-minimal.json',
];
export const AIR_DOCUMENTS = [
  'air-awb-transfer.json',
  'air-delivered.json',
  'air-rebooked.json',
  'air-cancelled-flight.json',
  'air-unknown-codes.json',
  'air-hostile-strings.json',
  'air-no-airports.json',
];

export const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '\u202Eevil\u202C',
  '${alert(1)}',
];

/** Every string in the document, keys kept, replaced by hostile text. */
export function hostileEverywhere(doc: unknown, pick: () => string): unknown {
  if (typeof doc === 'string') return pick();
  if (Array.isArray(doc)) return doc.map((item) => hostileEverywhere(item, pick));
  if (typeof doc === 'object' && doc !== null) {
    return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, hostileEverywhere(value, pick)]));
  }
  return doc;
}

/** Problems found in a tree and in every shadow root below it, nested ones included. */
export function unsafeNodes(root: ParentNode, found: string[] = []): string[] {
  for (const el of root.querySelectorAll('*')) {
    if (el.localName === 'script') found.push('<script>');
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) found.push(`${el.localName}[${attr.name}]`);
      if (/^(href|src|xlink:href|action|formaction|srcset|poster)$/i.test(attr.name)) {
        const scheme = new URL(attr.value, document.baseURI).protocol;
        if (scheme !== 'http:' && scheme !== 'https:') found.push(`${el.localName}[${attr.name}=${attr.value.slice(0, 40)}]`);
      }
    }
    if (el.shadowRoot) unsafeNodes(el.shadowRoot, found);
  }
  return found;
}

/** Uncaught errors and rejections on the page while `body` runs. */
async function watchingForUncaught(body: () => Promise<void>): Promise<string[]> {
  const uncaught: string[] = [];
  const onError = (e: ErrorEvent) => uncaught.push(String(e.error ?? e.message));
  const onRejection = (e: PromiseRejectionEvent) => uncaught.push(String(e.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await body();
    // Rejections are reported a task later.
    await sleep(0);
  } finally {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return uncaught;
}

export type Product = 'ocean' | 'air';

/** Serves `body` as the proxy's 200, renders it in the product's element, and checks the result. */
export async function renderSafely(product: Product, body: unknown): Promise<void> {
  const s = await scenario({ responses: [{ status: 200, body }] });
  warnings.length = 0;
  const number = product === 'ocean' ? 'reference-number="MEDU9091004"' : 'awb-number="176-12345675"';
  const uncaught = await watchingForUncaught(async () => {
    const el = mount<TrackerElement>(
      `<${product}-tracker lang="en" map="eager" proxy-url="${s.base}/${product}" ${number}></${product}-tracker>`,
    );
    await until(() => el.trackingState === 'loaded' || el.trackingState === 'failed', 'a 200 is shown or refused');
    await el.updateComplete;
    // Open a folded history and draw the map, so those render the damaged data too.
    const toggle = part(el, 'history-toggle');
    if (toggle) {
      toggle.click();
      await el.updateComplete;
    }
    const map = el.shadowRoot!.querySelector('cargo-tracker-route-map');
    // The map reports a failure to draw as a warning (the page must not break over it), so a warning counts as a failure here.
    if (map) await until(() => map.leafletMap !== undefined || warnings.length > 0, 'the map draws');
    expect(warnings, 'warnings').to.deep.equal([]);
    const unsafe = unsafeNodes(el.shadowRoot!);
    expect(unsafe, 'unsafe nodes').to.deep.equal([]);
    el.remove();
  });
  expect(uncaught, 'uncaught errors').to.deep.equal([]);
}

const warnings: string[] = [];

function silenced(): () => void {
  // The controller tells the site owner about documents it refuses; that is expected here.
  const { error, warn } = console;
  console.error = () => {};
  warnings.length = 0;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  return () => Object.assign(console, { error, warn });
}

/**
 * The hooks of a rendering suite, called inside its describe(): the console silenced and its
 * warnings collected for each test, the mounted elements removed after it, and a time limit that
 * bounds a hang, not speed (up to 60 documents with their maps in one test: ten times what a busy
 * machine needs).
 */
export function renderingSuite(suite: Mocha.Suite): void {
  suite.timeout(600_000);
  let restore: () => void;
  beforeEach(() => (restore = silenced()));
  afterEach(() => {
    restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });
}

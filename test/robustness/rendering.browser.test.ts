// Whatever a proxy sends with a 200, the elements render it safely: damaged contract
// documents and arbitrary JSON go over real HTTP (the scripted mock proxy), through the real
// normalizer, the real element and its map. The normalizers' own property tests (in Node)
// prove they never throw; these prove the rendered result: no uncaught error, and nothing in
// any shadow root (the map's included) that could run code or leave for a non-web scheme.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type { TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, part, scenario, sleep, until } from '../support/browser.js';
import { mutated } from '../support/mutate-json.js';

const OCEAN_DOCUMENTS = [
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
const AIR_DOCUMENTS = [
  'air-awb-transfer.json',
  'air-delivered.json',
  'air-rebooked.json',
  'air-cancelled-flight.json',
  'air-unknown-codes.json',
  'air-hostile-strings.json',
  'air-no-airports.json',
];

const HOSTILE = [
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
function hostileEverywhere(doc: unknown, pick: () => string): unknown {
  if (typeof doc === 'string') return pick();
  if (Array.isArray(doc)) return doc.map((item) => hostileEverywhere(item, pick));
  if (typeof doc === 'object' && doc !== null) {
    return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, hostileEverywhere(value, pick)]));
  }
  return doc;
}

/** Problems found in a tree and in every shadow root below it, nested ones included. */
function unsafeNodes(root: ParentNode, found: string[] = []): string[] {
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

type Product = 'ocean' | 'air';

/** Serves `body` as the proxy's 200, renders it in the product's element, and checks the result. */
async function renderSafely(product: Product, body: unknown): Promise<void> {
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

const silenced = () => {
  // The controller tells the site owner about documents it refuses; that is expected here.
  const { error, warn } = console;
  console.error = () => {};
  warnings.length = 0;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  return () => Object.assign(console, { error, warn });
};

describe('rendering what a proxy sends', function () {
  // Up to 60 documents rendered with their maps in one test: a bound on a hang, ten times what a
  // busy machine needs, not on speed.
  this.timeout(600_000);
  let restore: () => void;
  beforeEach(() => (restore = silenced()));
  afterEach(() => {
    restore();
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  for (const [product, names] of [
    ['ocean', OCEAN_DOCUMENTS],
    ['air', AIR_DOCUMENTS],
  ] as const) {
    describe(`<${product}-tracker>`, () => {
      it('renders every contract document safely', async () => {
        for (const name of names) await renderSafely(product, await fixture(name));
      });

      it('renders damaged contract documents safely (nulls, wrong types, huge arrays, hostile text)', async () => {
        const docs = await Promise.all(names.map((name) => fixture(name)));
        await fc.assert(
          fc.asyncProperty(
            fc.nat({ max: docs.length - 1 }).chain((i) => mutated(docs[i])),
            (doc) => renderSafely(product, doc),
          ),
          { numRuns: 60 },
        );
      });

      it('renders contract documents with hostile text in every string safely', async () => {
        const docs = await Promise.all(names.map((name) => fixture(name)));
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: docs.length - 1 }), fc.infiniteStream(fc.constantFrom(...HOSTILE)), (i, stream) => {
            const it = stream[Symbol.iterator]();
            return renderSafely(
              product,
              hostileEverywhere(docs[i], () => it.next().value as string),
            );
          }),
          { numRuns: 15 },
        );
      });

      it('refuses or renders arbitrary JSON safely', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.jsonValue({ maxDepth: 4 }),
              fc.dictionary(
                fc.constantFrom(
                  'containers',
                  'milestones',
                  'flights',
                  'route',
                  'status',
                  'locations',
                  'position',
                  'referenceNumber',
                  'awbNumber',
                ),
                fc.jsonValue({ maxDepth: 3 }),
              ),
            ),
            (doc) => renderSafely(product, doc),
          ),
          { numRuns: 25 },
        );
      });
    });
  }

  it('checks what it claims to check: a planted <script>, on* attribute or javascript: link is found in a nested shadow root', () => {
    const host = document.createElement('div');
    const inner = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(inner);
    const nested = inner.attachShadow({ mode: 'open' });
    nested.append(document.createElement('script'));
    const a = document.createElement('a');
    a.setAttribute('href', 'javascript:alert(1)');
    a.setAttribute('onclick', 'x()');
    nested.append(a);
    expect(unsafeNodes(host.shadowRoot!)).to.deep.equal(['<script>', 'a[href=javascript:alert(1)]', 'a[onclick]']);
  });
});

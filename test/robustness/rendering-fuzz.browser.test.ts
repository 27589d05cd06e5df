// Generated documents rendered safely: contract documents damaged (nulls, wrong types, huge
// arrays, hostile text), hostile text in every string, and arbitrary JSON, each over real HTTP
// through the real normalizer, element and map (../support/render-safely.ts). What these find is in the
// elements' own JavaScript (the normalizer and the template's bindings), which every engine runs
// alike, so this file runs in one engine (ONE_ENGINE in web-test-runner.config.mjs, which says what
// that saved). Every contract document, the hostile-string ones included, renders in all three
// (rendering.browser.test.ts).
import fc from 'fast-check';
import { fixture } from '../support/browser.js';
import { mutated } from '../support/mutate-json.js';
import { AIR_DOCUMENTS, HOSTILE, OCEAN_DOCUMENTS, hostileEverywhere, renderSafely, renderingSuite } from '../support/render-safely.js';

describe('rendering generated documents', function () {
  renderingSuite(this);

  for (const [product, names] of [
    ['ocean', OCEAN_DOCUMENTS],
    ['air', AIR_DOCUMENTS],
  ] as const) {
    describe(`<${product}-tracker>`, () => {
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
});

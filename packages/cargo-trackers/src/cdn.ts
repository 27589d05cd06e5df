/**
 * The script-tag entry (`dist/cdn/cargo-trackers.js`): `<script type="module" src="…">` and
 * both tags work. Each element's code (with Lit and the shared core) is a chunk beside this
 * file, fetched the first time its tag appears on the page; the map is a further chunk,
 * fetched when a map is about to be shown. A tag whose number is already in the HTML has its
 * lookup sent from here, with the lookup's, the view's and the map's code, alongside the
 * element's chunk rather than a round trip after it (core's first/early-lookup/early-lookup.ts).
 */
import { airLookup } from '@cargo-trackers/air-tracker/internal/early-lookup';
import { sendEarlyLookup, takeEarlyLookup, type EarlyLookup } from '@cargo-trackers/core/internal/early-lookup';
import { oceanLookup } from '@cargo-trackers/ocean-tracker/internal/early-lookup';
import { autoload } from './autoload.js';

/**
 * Loads and registers an element now, for tags the document observer cannot see (inside
 * another component's shadow root). Resolves once the tag is defined.
 */
export const loadElement = autoload({
  // `.then(() => {})`: nothing reads the chunk's exports, and a used import() would make the bundler
  // build a namespace object in the element's chunk, with a helper chunk of its own in the first load.
  'ocean-tracker': () => import('@cargo-trackers/ocean-tracker/define.js').then(() => {}),
  'air-tracker': () => import('@cargo-trackers/air-tracker/define.js').then(() => {}),
});

/**
 * Per tag, starts the chunks of a first lookup beyond the element's first load, then (`withMap`)
 * those of the map: written in by the script-tag build as literal `import()`s
 * (scripts/early-chunks.ts); absent elsewhere (this module bundled by an app), where only the
 * request leaves early.
 */
type ChunkStarts = Record<string, (withMap: boolean) => Array<Promise<unknown>>>;
const chunks = (globalThis as { __EARLY_CHUNKS__?: ChunkStarts }).__EARLY_CHUNKS__ ?? {};

const early: Record<string, EarlyLookup> = { 'ocean-tracker': oceanLookup, 'air-tracker': airLookup };
for (const [tag, lookup] of Object.entries(early)) {
  const sent = [...(globalThis.document?.querySelectorAll(tag) ?? [])].map((el) => [el, sendEarlyLookup(el, lookup)] as const);
  if (sent.every(([, withMap]) => withMap === undefined)) continue;
  for (const started of chunks[tag]?.(sent.some(([, withMap]) => withMap)) ?? []) started.catch(() => undefined);
  // Once the element's code has run, a tag removed before it is never upgraded and takes nothing: its
  // lookup is cancelled, every one if that code could not be loaded. An upgraded element takes its
  // own on its first update (core's TrackerElement), which adopts it or cancels it.
  const drop = (all: boolean): void => sent.forEach(([el]) => (all || !el.isConnected) && takeEarlyLookup(el)?.cancel());
  loadElement(tag).then(
    () => drop(false),
    () => drop(true),
  );
}

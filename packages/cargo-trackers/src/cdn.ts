/**
 * The script-tag entry (`dist/cdn/cargo-trackers.js`): `<script type="module" src="…">` and
 * both tags work. Each element's code (with Lit and the shared core) is a chunk beside this
 * file, fetched the first time its tag appears on the page; the map is a further chunk,
 * fetched when a map is about to be shown.
 */
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

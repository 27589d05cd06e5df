import { defineConfig } from 'vite';
import { minifyCssLiterals } from './scripts/minify-css-literals.js';
import { parallelImports } from './scripts/parallel-imports.js';
import { trimLitPlugin } from './scripts/trim-lit.js';
import { trimLeafletPlugin } from './scripts/trim-leaflet.js';
import { earlyChunks } from './scripts/early-chunks.js';
import { phaseChunks } from './scripts/phase-chunks.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Six characters of a file's SHA-256, as a chunk name's hash. */
const sourceHash = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 6);

/** The lookup's and the map element's chunks, by core's folders (scripts/phase-chunks.ts). */
const phases = phaseChunks(fileURLToPath(new URL('.', import.meta.url)));

/**
 * The script-tag (CDN) bundle: `cargo-trackers.js`, a small ES module that registers both
 * tags and imports an element's chunk (Lit, the shared core, the element) the first time the
 * tag appears; the map code is a further chunk, imported when a map is about to be shown.
 * All chunks sit in `chunks/` beside it. Built from the workspace sources.
 * Library mode, because an app build wraps every dynamic import in Vite's preload helper,
 * a chunk of its own that the entry would fetch for nothing (nothing here has CSS files);
 * `parallelImports` starts a chunk's static dependencies with it instead
 * (scripts/parallel-imports.ts). The manifest lets `npm run size` follow what each tag loads.
 *
 * Minified twice: terser first (Vite's renderChunk step), then Rolldown's own minifier (Oxc) on
 * its output, with whitespace removed and no comments. Each finds what the other leaves (Oxc:
 * `let` for `const`, a catch without its binding, more inlining; terser: more of the sequences
 * and conditionals), and library mode otherwise keeps every `@__PURE__` annotation comment in
 * the files (for a bundler downstream; these files go to a browser as they are).
 */
export default defineConfig({
  resolve: {
    conditions: ['cargo-trackers-source', 'browser', 'module', 'import', 'default'],
  },
  // trimLitPlugin: Lit's polyfill and hydration hooks, version records and long error wording out (scripts/trim-lit.ts).
  // trimLeafletPlugin: what this map never uses out of Leaflet's sources (scripts/trim-leaflet.ts).
  plugins: [trimLitPlugin(), trimLeafletPlugin(), minifyCssLiterals(), parallelImports(), earlyChunks()],
  build: {
    outDir: 'packages/cargo-trackers/dist/cdn',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    lib: { entry: 'packages/cargo-trackers/src/cdn.ts', formats: ['es'] },
    minify: 'terser',
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
    },
    rollupOptions: {
      input: { 'cargo-trackers': 'packages/cargo-trackers/src/cdn.ts' },
      // Here rather than in `plugins`: it only fills the chunk groups below, for this build.
      plugins: [phases.plugin],
      // The entry's early lookup (core's first/early-lookup.ts) shares its modules with the
      // elements' chunks, which import them from the entry: anywhere else, they would be one more
      // round trip before the entry could send anything.
      preserveEntrySignatures: 'allow-extension',
      output: {
        minify: { compress: { target: 'es2022' }, mangle: true, codegen: { removeWhitespace: true } },
        comments: false,
        entryFileNames: '[name].js',
        // What a lookup loads in one chunk, the map element in another (scripts/phase-chunks.ts).
        codeSplitting: { groups: phases.groups },
        // Named for what they hold, so a network panel (and `npm run size`) reads at a glance. Six characters
        // of content hash (36 bits) tell this bundle's twenty-odd chunks apart; the two more of the
        // default cost 0.05 KB of the first load, where the entry lists the lookup's chunks by name.
        chunkFileNames: (chunk) => {
          const element = /packages\/(ocean-tracker|air-tracker)\/src\/first\/define\.ts$/.exec(chunk.facadeModuleId ?? '');
          if (element) return `chunks/${element[1]}-[hash:6].js`;
          if (chunk.facadeModuleId?.endsWith('/map/leaflet-route-map.ts')) return 'chunks/map-[hash:6].js';
          if (chunk.facadeModuleId?.endsWith('/map/leaflet-tiles.ts')) return 'chunks/map-tiles-[hash:6].js';
          // The finer land outline's drawing with its tiles' index, and the tiles (map/land-layer.ts imports them as the map zooms in).
          if (chunk.facadeModuleId?.endsWith('/map/land-fine.ts')) return 'chunks/land-tiles-[hash:6].js';
          // Rolldown wants longer hashes in every name past 64 chunks, which the entry's list of the
          // lookup's chunks would pay for; a tile imports nothing, so its source's hash is its chunk's.
          const land = /\/map\/land\/([\w-]+)\.generated\.ts$/.exec(chunk.facadeModuleId ?? '');
          if (land) return `chunks/land-${land[1]}-${sourceHash(chunk.facadeModuleId!)}.js`;
          if (chunk.name === 'lookup' || chunk.name === 'map-element') return `chunks/${chunk.name}-[hash:6].js`;
          return 'chunks/shared-[hash:6].js';
        },
      },
    },
  },
});

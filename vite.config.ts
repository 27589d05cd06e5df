import { defineConfig } from 'vite';

/**
 * The script-tag (CDN) bundle: one minified ES module that registers both elements,
 * with the map code in lazily loaded chunks beside it. Built from the workspace sources.
 * (An app build with a JS entry rather than library mode, because library mode leaves
 * ES output unminified.)
 */
export default defineConfig({
  resolve: {
    conditions: ['cargo-trackers-source', 'browser', 'module', 'import', 'default'],
  },
  build: {
    outDir: 'packages/cargo-trackers/dist/cdn',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: false,
    rollupOptions: {
      input: { 'cargo-trackers': 'packages/cargo-trackers/src/index.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});

// Leaflet's package `main` is a UMD build; browsers and bundlers get real ES modules from
// its ESM build, which @types/leaflet does not describe by that path.
// A script (no imports or exports), not a `.d.ts`: tsc copies no `.d.ts` sources to dist,
// but emits this one's declarations, which the modules naming the renderer's types
// reference so consumers resolve them too (with skipLibCheck off).
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}

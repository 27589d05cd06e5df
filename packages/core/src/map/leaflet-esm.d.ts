// Leaflet's package `main` is a UMD build; browsers and bundlers get real ES modules from
// its ESM build, which @types/leaflet does not describe by that path.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}

// The load phases of the elements' code, and who may import whom (`npm run lint:deps`).
//
// A phase may import an earlier one statically, never a later one: a later phase is loaded with
// `import()` (that is the lazy loading, and the only way in), or handed in by whoever loaded it.
// Type-only imports are erased at build time, so they do not count for the phases; they do for
// cycles. No cycle at all through static imports, type-only ones included.
// .dependency-cruiser-known-violations.json lists the violations still tolerated (npm run lint:deps
// ignores them, and fails on any other); it is empty since one lookup controller replaced the
// element/session split and its type-only cycles. Rewrite it only to record a deliberate exception
// (npx depcruise --config .dependency-cruiser.mjs -T baseline -f .dependency-cruiser-known-violations.json packages/*/src).
//
//   leaves   core's model/, format/, i18n/: types, readers, Intl formatting, catalogues
//   first    core's first/: the base element, the form, the element API, the early request
//   lookup   core's lookup/: the lookup's code, transport, notices
//   view     core's view/: the shipment view and its presentation
//   map      core's map/: the map element and the Leaflet adapter
//   internal core's internal/: entries for the sibling packages; nothing in core imports them
//
// A few modules in map/ load earlier than the map and are counted with that phase (MAP_IN_FIRST,
// MAP_IN_VIEW): the map attribute's parsing and preloading (first load), the map's words and
// route test that the shipment view uses; scripts/phase-chunks.ts puts the latter two in the
// lookup's chunk. They belong in first/ and view/, and can move there once map/ is not being changed.
const CORE = '^packages/core/src/';
const RUNTIME = { dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] };
const MAP_IN_FIRST = `${CORE}first/(map-loading|preload-map)[.]ts$`;
const MAP_IN_VIEW = `${CORE}view/(map-messages|route-geometry)[.]ts$`;

const phases = {
  leaves: { path: `${CORE}(model|format|i18n)/` },
  first: { path: [`${CORE}first/`, MAP_IN_FIRST] },
  lookup: { path: `${CORE}lookup/` },
  view: { path: [`${CORE}view/`, MAP_IN_VIEW] },
  map: { path: `${CORE}map/`, pathNot: [MAP_IN_FIRST, MAP_IN_VIEW] },
};
const order = ['leaves', 'first', 'lookup', 'view', 'map'];

/** Everything after `phase`, as one `to` restriction. */
function later(phase) {
  const after = order.slice(order.indexOf(phase) + 1);
  return {
    path: after.flatMap((p) => [phases[p].path].flat()),
    pathNot: [...after.flatMap((p) => [phases[p].pathNot ?? []].flat()), ...[phases[phase].path].flat()],
  };
}

// Each element package: the element and what its first load holds must not import statically
// what it loads with a lookup (the product view, the normalizer, the list readers).
const ELEMENT_LAZY =
  '^packages/(ocean|air)-tracker/src/(?:first/|lookup/|view/)?(ocean-view|air-view|ocean-normalizer|air-normalizer|carrier-list|airline-list|flights)[.]ts$';
const ELEMENT_FIRST =
  '^packages/(ocean|air)-tracker/src/(?:first/|lookup/|view/)?(define|ocean-tracker|air-tracker|container-number|awb-number|awb-prefix|ocean-early-lookup|air-early-lookup)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: modules that need each other at load. Pass what is needed in, or move it to the earlier module.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    ...order.slice(0, -1).map((phase) => ({
      name: `no-${phase}-to-later-phase`,
      severity: 'error',
      comment: `A static import from ${phase} into a later phase would load that phase with this one. Import it with import(), or have it passed in.`,
      from: phases[phase],
      to: { ...later(phase), ...RUNTIME },
    })),
    {
      name: 'leaves-import-leaves',
      severity: 'error',
      comment: 'model/, format/ and i18n/ are the leaves: they import nothing from core above them, not even types.',
      from: phases.leaves,
      to: { path: CORE, pathNot: phases.leaves.path, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'no-internal-entry-inside-core',
      severity: 'error',
      comment: "internal/ and index.ts are entries for other packages; core's own modules import the module that holds a thing.",
      from: { path: CORE, pathNot: [`${CORE}internal/`, `${CORE}index[.]ts$`] },
      to: { path: [`${CORE}internal/`, `${CORE}index[.]ts$`] },
    },
    {
      name: 'internal-first-holds-first-load-only',
      severity: 'error',
      comment:
        "The sibling packages' first-load entry reaches only the first load: bundlers that split by module put all it imports in the first load.",
      from: { path: `${CORE}internal/first[.]ts$` },
      to: { ...later('first'), ...RUNTIME },
    },
    {
      name: 'later-phases-take-first-load-through-shared',
      severity: 'error',
      comment:
        'lookup/, view/ and map/ take first-load code from first/shared.ts only: a module that imports nothing later, through which every lazy module reaches the same first-load modules (so esbuild keeps them in one chunk).',
      from: { path: [`${CORE}(lookup|view)/`, `${CORE}map/`], pathNot: MAP_IN_FIRST },
      to: { path: [`${CORE}first/`, MAP_IN_FIRST], pathNot: `${CORE}first/shared[.]ts$`, ...RUNTIME },
    },
    {
      name: 'element-first-load-stays-small',
      severity: 'error',
      comment: 'An element loads its view, normalizer and list readers with import() when a lookup or a list needs them.',
      from: { path: ELEMENT_FIRST },
      to: { path: ELEMENT_LAZY, ...RUNTIME },
    },
    {
      name: 'element-first-load-not-core-lookup',
      severity: 'error',
      comment: "An element's first load takes core's first-load entry, never core's lookup, view or map code.",
      from: { path: ELEMENT_FIRST },
      to: { ...later('first'), ...RUNTIME },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^packages/(core|ocean-tracker|air-tracker|cargo-trackers|proxy)/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['cargo-trackers-source', 'import', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    combinedDependencies: false,
  },
};

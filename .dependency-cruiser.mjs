// The load phases of the elements' code, and who may import whom (`npm run lint:deps`).
//
// A phase may import an earlier one statically, never a later one: a later phase is loaded with
// `import()` (that is the lazy loading, and the only way in), or handed in by whoever loaded it.
// Nor may it import a later phase's types (`import type`): a type two phases share is a contract
// and lives in contracts/, which every phase imports and which imports no phase. `typeof import()`
// stays allowed, as the type of the `import()` that loads the later phase. No cycle at all through
// static imports, type-only ones included.
// .dependency-cruiser-known-violations.json lists the violations still tolerated (npm run lint:deps
// ignores them, and fails on any other): none. Rewrite it only to record a deliberate exception
// (npx depcruise --config .dependency-cruiser.mjs -T baseline -f .dependency-cruiser-known-violations.json packages/*/src).
//
//   leaves    core's model/, format/, i18n/: types, readers, Intl formatting, catalogues
//   contracts contracts/ (core's and an element package's): the types two phases share (the render
//             context, the view model, the lookup's outcome and state, what the element asks of its
//             lookup controller, a product's view, a carrier list's entry); imports only the leaves
//   first     first/: the base element (element/), its API's declaration (api/), styles and tokens
//             (styles/), the form (form/), the proxy's URLs and URL checks (urls/), the early
//             request (early-lookup/), the map attribute's parsing and preload (map-preload/); in
//             an element package the element, its number checks and early lookup, define.ts
//   lookup    lookup/: the lookup's code, transport, notices (notices/), the carrier list's
//             controller; an element's normalizer and list reader
//   view      view/: the shipment view and its presentation, the map's words and route test; an
//             element's product view
//   use       core's use/: what a visitor's action loads (the calendar file, the numbers kept on the
//             device), each with import() when it is used
//   map       core's map/: the map element and the Leaflet adapter
//   internal  core's internal/: entries for the sibling packages; nothing in core imports them
//
// The same folders in core and in each element package (packages/*-tracker/src); the files at an
// element package's src/ are its public entries and framework typings, outside every phase.
import { builtinModules } from 'node:module';

const CORE = '^packages/core/src/';
// The proxy's handler runs on Workers and Next.js as on Node: its Node-only code is the Node
// adapter (adapters/) and the Node transport (upstream/undici.ts), which nothing else imports.
const PROXY = '^packages/proxy/src/';
const PROXY_NODE_ONLY = [`${PROXY}adapters/`, `${PROXY}upstream/undici[.]ts$`];
const NODE_BUILTINS = `^(${builtinModules.map((name) => name.replace(/[/.]/g, '[$&]')).join('|')})$`;
const SRC = '^packages/(core|ocean-tracker|air-tracker)/src/';
const RUNTIME = { dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] };
// A phase's rule counts type-only imports too: an earlier phase that names a later one's types is
// tied to it in concept though not at run time. `typeof import('…')` is allowed: it is the type of
// the `import()` beside it, the one way a phase loads a later one.
const STATIC_OR_TYPE = { dependencyTypesNot: ['dynamic-import', 'type-import'] };

const phases = {
  leaves: { path: `${CORE}(model|format|i18n)/` },
  contracts: { path: '^packages/(core|ocean-tracker|air-tracker)/src/contracts/' },
  first: { path: `${SRC}first/` },
  lookup: { path: `${SRC}lookup/` },
  view: { path: `${SRC}view/` },
  use: { path: `${CORE}use/` },
  map: { path: `${CORE}map/` },
};
const order = ['leaves', 'contracts', 'first', 'lookup', 'view', 'use', 'map'];

/** Everything after `phase`, as one `to` restriction. */
function later(phase) {
  const after = order.slice(order.indexOf(phase) + 1);
  return { path: after.map((p) => phases[p].path), pathNot: phases[phase].path };
}

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
    // The leaves have a stricter rule of their own (leaves-import-leaves, below).
    ...order.slice(1, -1).map((phase) => ({
      name: `no-${phase}-to-later-phase`,
      severity: 'error',
      comment: `An import from ${phase} into a later phase: a static one would load that phase with this one (import it with import(), or have it passed in); a type-only one ties the phases both ways (move the type to contracts/).`,
      from: phases[phase],
      to: { ...later(phase), ...STATIC_OR_TYPE },
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
        'lookup/, view/, use/ and map/ take first-load code from first/shared.ts only: a module that imports nothing later, through which every lazy module reaches the same first-load modules (so esbuild keeps them in one chunk).',
      from: { path: `${CORE}(lookup|view|use|map)/` },
      to: { path: `${CORE}first/`, pathNot: `${CORE}first/shared[.]ts$`, ...RUNTIME },
    },
    {
      name: 'first-load-not-through-lazy-entry',
      severity: 'error',
      comment:
        "An element's first load takes core's first-load entry (internal/first), never internal/lazy, which holds the lookup's and the view's code.",
      from: phases.first,
      to: { path: `${CORE}internal/lazy[.]ts$`, ...RUNTIME },
    },
    {
      name: 'proxy-node-only-stays-in-adapters',
      severity: 'error',
      comment:
        "The proxy's handler runs on Workers and Next.js too: nothing in the proxy but adapters/ and the Node transport (upstream/undici.ts) imports them, or the main entry would carry Node-only code.",
      from: { path: PROXY, pathNot: PROXY_NODE_ONLY },
      to: { path: PROXY_NODE_ONLY },
    },
    {
      name: 'proxy-no-node-builtins-outside-adapters',
      severity: 'error',
      comment: "The proxy's handler runs on Workers and Next.js too: only adapters/ and the Node transport import Node's built-in modules.",
      from: { path: PROXY, pathNot: PROXY_NODE_ONLY },
      to: { dependencyTypes: ['core'] },
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
    // Node's built-in modules are in the graph (by their bare names) for the proxy's Node-only rule.
    includeOnly: ['^packages/(core|ocean-tracker|air-tracker|cargo-trackers|proxy)/src/', NODE_BUILTINS],
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

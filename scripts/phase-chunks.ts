/**
 * The script-tag bundle's chunks follow the load-phase folders: what a lookup loads is one chunk
 * (`lookup`): the modules in core's lookup/ and view/, and what they import statically that the
 * first load does not hold (the leaves they use, Lit's directives). The map element is another
 * (`map-element`): core's map/define.ts and what it imports that neither holds. Leaflet's adapter
 * (map/leaflet-route-map.ts, imported with `import()`), its tiles, and the finer land outline's
 * drawing and tiles (map/land-fine.ts, map/land/, imported as the map zooms in) stay chunks of
 * their own: only static imports join a phase's chunk.
 * One chunk rather than one per set of dynamic imports reaching a module: over HTTP/1.1's six
 * connections to a host each chunk is a request in the queue, and each file is a name the entry
 * lists (scripts/early-chunks.ts). An element package's lookup/ and view/ stay in the chunks their
 * own `import()` makes: its product view with its normalizer, loaded with each lookup of that
 * element only, and its list reader, which a form can want without a lookup.
 *
 * Core's use/ (what a visitor's action loads: a button pressed, an opt-in attribute) joins no phase's
 * chunk: each of its `import()`s is a chunk of its own, downloaded only when that is used.
 *
 * A module lands in a chunk by where it sits, and a leaf by the earliest phase that imports it;
 * no list of module names. The build stops when a first/ module (core's or an element's) is not in
 * the first load, or a lookup/, view/ or use/ module is (.dependency-cruiser.mjs states the same rule
 * for the sources).
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { ELEMENT_DEFINES, ENTRY, MAP_ELEMENT } from './bundle-modules.mjs';

const LOOKUP_ROOTS = /^packages\/core\/src\/(lookup|view)\//;
const FIRST = /^packages\/(core|ocean-tracker|air-tracker)\/src\/first\//;
const LATER = /^packages\/(core|ocean-tracker|air-tracker)\/src\/(lookup|view|use)\//;
const SHARED = /^packages\/core\/src\/first\/shared\.ts$/;

interface Graph {
  /** Each module's static imports (types are gone by now). */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

function closure(graph: Graph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.imports.get(id) ?? []));
  }
  return seen;
}

/** The groups for `codeSplitting.groups` and the plugin that fills them once the module graph is known. */
export function phaseChunks(root: string): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; includeDependenciesRecursively: false }[];
} {
  const lookup = new Set<string>();
  const mapElement = new Set<string>();
  const path = (id: string) => relative(root, id).split('\\').join('/');
  const plugin: Plugin = {
    name: 'cargo-trackers:phase-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const byPath = new Map(ids.map((id) => [path(id), id]));
      const imports = new Map(ids.map((id) => [id, this.getModuleInfo(id)?.importedIds ?? []]));
      const graph = { imports };
      const idOf = (file: string) => {
        const id = byPath.get(file);
        if (!id) throw new Error(`phase-chunks: ${file} is not in the bundle (scripts/bundle-modules.mjs)`);
        return id;
      };
      const first = closure(graph, [ENTRY, ...Object.values(ELEMENT_DEFINES)].map(idOf));
      const lookupRoots = ids.filter((id) => LOOKUP_ROOTS.test(path(id)));
      for (const id of closure(graph, lookupRoots)) if (!first.has(id)) lookup.add(id);
      for (const id of closure(graph, [idOf(MAP_ELEMENT)])) if (!first.has(id) && !lookup.has(id)) mapElement.add(id);
      const misplaced = [
        // first/shared.ts, which only gathers first-load modules for the later phases, is reached by them only.
        ...ids
          .filter((id) => FIRST.test(path(id)) && !first.has(id) && !SHARED.test(path(id)))
          .map((id) => `${path(id)} is not in the first load`),
        ...ids.filter((id) => LATER.test(path(id)) && first.has(id)).map((id) => `${path(id)} is in the first load`),
      ];
      if (misplaced.length > 0)
        throw new Error(`phase-chunks: a module sits in the wrong folder for when it loads: ${misplaced.join('; ')}`);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'lookup', test: (id) => lookup.has(id), includeDependenciesRecursively: false },
      { name: 'map-element', test: (id) => mapElement.has(id), includeDependenciesRecursively: false },
    ],
  };
}

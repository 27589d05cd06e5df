/**
 * A build plugin for the script-tag bundle: writes into the entry, for each tag, the chunk files
 * a first lookup needs beyond the element's first load, then those the map adds, so that the
 * entry starts them (`import(file)`) with the request it sends for a number known at load
 * (core's first/early-lookup/early-lookup.ts), alongside the element's chunk instead of after it.
 * The entry reads the table from `globalThis.__EARLY_CHUNKS__`, which is replaced here; the bundler
 * never sees those imports, so they do not change how it splits the code (bundler-visible
 * `import()`s in the entry split the shared core into five chunks and grew the first load).
 * Which modules: scripts/bundle-modules.mjs, which `npm run size` follows too.
 */
import { dirname, relative } from 'node:path/posix';
import type { Plugin } from 'vite';
import { ELEMENT_DEFINES, ENTRY, LIST_READERS, MAP, MAP_ELEMENT, VIEWS } from './bundle-modules.mjs';

/** What the entry reads (cdn.ts), replaced here; without the build it is undefined. */
export const PLACEHOLDER = 'globalThis.__EARLY_CHUNKS__';

/**
 * The entry's table: per tag, a function that imports the lookup's chunks, then the map's when
 * asked, as literal `import()`s (what reads the bundle, such as the packaging test, can follow them).
 */
export function startsSource(lists: Record<string, [string[], string[]]>): string {
  const imports = (files: string[]) => files.map((f) => `import(${JSON.stringify(f)})`).join(',');
  const tags = Object.entries(lists).map(([tag, [code, map]]) => `${JSON.stringify(tag)}:m=>[${imports(code)},...m?[${imports(map)}]:[]]`);
  return `{${tags.join(',')}}`;
}

interface ChunkLike {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly moduleIds: readonly string[];
  readonly isEntry: boolean;
  code: string;
}

/** `from`'s import specifier for `to`, both bundle-relative file names. */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** Per tag: [the first lookup's chunks, the map's], as the entry imports them. */
export function earlyChunkLists(chunks: readonly ChunkLike[], entry: ChunkLike): Record<string, [string[], string[]]> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (module: string): ChunkLike => {
    const found = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)));
    if (!found) throw new Error(`early-chunks: no chunk holds ${module} (scripts/bundle-modules.mjs)`);
    return found;
  };
  const closure = (file: string, into: Set<string>): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
    return into;
  };
  const lists: Record<string, [string[], string[]]> = {};
  for (const [tag, define] of Object.entries(ELEMENT_DEFINES)) {
    const loaded = closure(chunkOf(define).fileName, closure(entry.fileName, new Set()));
    // The lookup's and map element's chunks are grouped by folder (scripts/phase-chunks.ts); one the first load imported would load with it.
    const grouped = [...loaded].filter((f) => /^chunks\/(lookup|map-element)-/.test(f));
    if (grouped.length > 0) throw new Error(`early-chunks: <${tag}>'s first load imports ${grouped.join(', ')} (scripts/phase-chunks.ts)`);
    const added = (modules: readonly string[]): string[] => {
      const before = new Set(loaded);
      for (const m of modules) closure(chunkOf(m).fileName, loaded);
      return [...loaded].filter((f) => !before.has(f)).map((f) => specifier(entry.fileName, f));
    };
    lists[tag] = [added([...(VIEWS[tag] ?? []), ...(LIST_READERS[tag] ?? [])]), added([MAP_ELEMENT, MAP])];
  }
  return lists;
}

export function earlyChunks(): Plugin {
  return {
    name: 'cargo-trackers:early-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is typeof output & ChunkLike => output.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.moduleIds.some((id) => id.endsWith(`/${ENTRY}`)));
      if (!entry?.code.includes(PLACEHOLDER)) throw new Error(`early-chunks: the entry does not name ${PLACEHOLDER}`);
      entry.code = entry.code.replaceAll(PLACEHOLDER, `(${startsSource(earlyChunkLists(chunks, entry))})`);
    },
  };
}

/**
 * A build plugin for the script-tag bundle: each dynamic `import()` of a chunk also starts, at
 * the same moment, the chunks that chunk imports statically (and that the importing chunk has
 * not already loaded). Without it the browser discovers them only once the chunk has arrived
 * and been parsed: one more round trip for each level, which on a phone is 150 ms or more
 * between the number and the milestones. An app build does this with `modulepreload`; library
 * mode has no preload helper (see vite.config.ts), so the extra imports are written in place:
 * `import("./a.js")` becomes `(import("./b.js").catch(()=>{}),import("./a.js"))`. The module map
 * fetches and runs each chunk once whoever imports it; a failed early import is ignored here
 * and reported by the import that needs it.
 *
 * It runs on the finished bundle, so the source map of a changed line is off by the few
 * characters inserted before a column, on those lines only.
 */
import { dirname, relative } from 'node:path/posix';
import type { Plugin } from 'vite';

interface ChunkLike {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  code: string;
}

/** `from`'s import specifier for `to`, both bundle-relative file names. */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/** The dynamic imports of each chunk rewritten to start their static dependencies too. */
export function addParallelImports(chunks: readonly ChunkLike[]): void {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    for (const dep of byFile.get(file)?.imports ?? []) {
      if (into.has(dep)) continue;
      into.add(dep);
      closure(dep, into);
    }
    return into;
  };
  for (const chunk of chunks) {
    const loaded = closure(chunk.fileName).add(chunk.fileName);
    // Each target's specifier and what starts with it; all rewritten in one pass, so the imports
    // written in are never rewritten again (one target's dependency may be another target).
    const starts = new Map<string, string[]>();
    for (const target of new Set(chunk.dynamicImports)) {
      const early = [...closure(target)].filter((dep) => dep !== target && !loaded.has(dep));
      if (early.length > 0)
        starts.set(
          specifier(chunk.fileName, target),
          early.map((dep) => specifier(chunk.fileName, dep)),
        );
    }
    if (starts.size === 0) continue;
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const call = new RegExp(`import\\((["'\`])(${[...starts.keys()].map(escape).join('|')})\\1\\)`, 'g');
    // Written out one by one, in the quotes of the import they go with: gzip takes the repeated
    // text for less than a loop over a list.
    chunk.code = chunk.code.replace(call, (whole, quote: string, spec: string) => {
      const early = (starts.get(spec) ?? []).map((dep) => `import(${quote}${dep}${quote}).catch(()=>{}),`).join('');
      return `(${early}${whole})`;
    });
  }
}

export function parallelImports(): Plugin {
  return {
    name: 'cargo-trackers:parallel-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      addParallelImports(Object.values(bundle).filter((output): output is typeof output & ChunkLike => output.type === 'chunk'));
    },
  };
}

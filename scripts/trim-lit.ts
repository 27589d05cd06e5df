/**
 * Removes Lit's polyfill and hydration hooks, version records and two long error messages.
 *
 * A build plugin for the script-tag bundle: takes out of Lit's production modules what this
 * bundle's Lit can never use, all of it in the first load.
 *
 * - The polyfill hooks (`litHtmlPolyfillSupport`, `reactiveElementPolyfillSupport`,
 *   `litElementPolyfillSupport`), filled in by `@webcomponents/polyfill-support` for browsers
 *   without shadow DOM, none of which runs this ES2022 bundle; and the hydration hook
 *   (`litElementHydrateSupport`), for server-rendered Lit, which these elements never are (and
 *   either is read from a global that a page would have to set before this bundle's Lit ran).
 * - The version records (`litHtmlVersions` and the others on `globalThis`), which only Lit's
 *   development build reads, to warn about several copies on one page.
 * - The wording of two errors of `css` misuse (a `CSSResult` built by hand, a value in a `css`
 *   template that is not one): they still throw, with a shorter message.
 *
 * Each edit must apply exactly once to its module, or the build fails: a Lit release that
 * changes these lines is noticed, not shipped half edited.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { editOnce, type SourceEdit } from './edit-once.js';

// `(void 0)` rather than `void 0`: a hook is called as `hook?.(…)`, and `void 0?.(…)` would be
// `void (0?.(…))`, a call of 0.
export const LIT_EDITS: readonly SourceEdit[] = [
  { module: '/@lit/reactive-element/reactive-element.js', find: /\b\w+\.reactiveElementPolyfillSupport\b/, replace: '(void 0)' },
  {
    module: '/@lit/reactive-element/reactive-element.js',
    find: /\(\w+\.reactiveElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/,
    replace: '(void 0)',
  },
  { module: '/lit-html/lit-html.js', find: /\b\w+\.litHtmlPolyfillSupport\b/, replace: '(void 0)' },
  { module: '/lit-html/lit-html.js', find: /\(\w+\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\)/, replace: '(void 0)' },
  { module: '/lit-element/lit-element.js', find: /\b\w+\.litElementHydrateSupport\b/, replace: '(void 0)' },
  { module: '/lit-element/lit-element.js', find: /\b\w+\.litElementPolyfillSupport\b/, replace: '(void 0)' },
  { module: '/lit-element/lit-element.js', find: /\(\w+\.litElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/, replace: '(void 0)' },
  {
    module: '/@lit/reactive-element/css-tag.js',
    find: /Error\("CSSResult is not constructable[^"]*"\)/,
    replace: 'Error("CSSResult is not constructable")',
  },
  {
    module: '/@lit/reactive-element/css-tag.js',
    find: /Error\("Value passed to 'css' function must be a 'css' function result: "\+(\w+)\+"[^"]*"\)/,
    replace: 'Error("Not a css result: "+$1)',
  },
];

/** `code` of the module `id` with its edits made, or null when none is for it; throws when one does not apply once. */
export function trimLit(code: string, id: string): MagicString | null {
  const edits = LIT_EDITS.filter((edit) => id.endsWith(edit.module));
  if (edits.length === 0) return null;
  const s = new MagicString(code);
  for (const edit of edits) editOnce(s, code, id, edit, 'trim-lit', 'Lit');
  return s;
}

export function trimLitPlugin(): Plugin {
  const edited = new Set<string>();
  return {
    name: 'cargo-trackers:trim-lit',
    enforce: 'pre',
    buildStart() {
      edited.clear();
    },
    transform(code, id) {
      const path = id.split('?')[0] as string;
      const s = trimLit(code, path);
      if (s === null) return null;
      for (const edit of LIT_EDITS) if (path.endsWith(edit.module)) edited.add(edit.module);
      return { code: s.toString(), map: s.generateMap({ hires: true, source: id, includeContent: true }) };
    },
    buildEnd(error) {
      // A module never seen means the bundle now takes Lit from somewhere else (its development build, a new layout).
      const missing = [...new Set(LIT_EDITS.map((edit) => edit.module))].filter((module) => !edited.has(module));
      if (!error && missing.length > 0) this.error(`trim-lit: the bundle never loaded ${missing.join(', ')}; update scripts/trim-lit.ts`);
    },
  };
}

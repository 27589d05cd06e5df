// The script-tag bundle's Lit loses its polyfill and hydration hooks, its version records and the
// long wording of two errors; every edit applies to the installed Lit, or the build stops.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseSync } from 'rolldown/utils';
import { LIT_EDITS, trimLit } from '../../scripts/trim-lit.js';

const require = createRequire(import.meta.url);
/** The production browser build of a Lit module, as the bundle resolves it (not Node's build). */
function litModule(suffix: string): { id: string; code: string } {
  const [, pkg, file] = /^\/((?:@lit\/)?[^/]+)\/(.+)$/.exec(suffix) ?? [];
  // The package's main module is its Node build; its folder holds the browser build at the top.
  const dir = require.resolve(pkg as string).replace(/(\/node_modules\/(?:@lit\/)?[^/]+\/).*$/, '$1');
  const id = join(dir, file as string);
  return { id, code: readFileSync(id, 'utf8') };
}

describe('trimLit (build plugin)', () => {
  for (const module of new Set(LIT_EDITS.map((edit) => edit.module))) {
    it(`applies each of its edits once to the installed ${module.slice(1)}, and the result parses`, () => {
      const { id, code } = litModule(module);
      const out = trimLit(code, id)?.toString();
      assert.ok(out);
      assert.doesNotMatch(out, /PolyfillSupport|HydrateSupport|Versions|take care to ensure page security|Use `unsafeCSS` or `css`/);
      assert.equal(parseSync(id, out).errors.length, 0);
    });
  }

  it('turns a hook into an undefined that an optional call skips', () => {
    const out = trimLit('const B=t.litHtmlPolyfillSupport;B?.(S,k),(t.litHtmlVersions??=[]).push("3.3.3");', '/x/lit-html/lit-html.js');
    assert.equal(out?.toString(), 'const B=(void 0);B?.(S,k),(void 0);');
  });

  it('stops the build when Lit has changed and an edit no longer applies', () => {
    assert.throws(() => trimLit('const B=t.somethingElse;', '/x/lit-html/lit-html.js'), /matches 0 times in \/x\/lit-html\/lit-html\.js/);
  });

  it('leaves every other module alone', () => {
    assert.equal(trimLit('globalThis.litHtmlPolyfillSupport', '/x/lit-html/directives/repeat.js'), null);
  });
});

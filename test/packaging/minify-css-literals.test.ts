// The script-tag bundle's CSS minifier: esbuild minifies each css template, the `${…}` in it stay
// where they were, and what could not be minified in place fails the build.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SourceMap } from 'node:module';
import { minifyCssInModule, minifyCssParts } from '../../scripts/minify-css-literals.js';

describe('minifyCssParts (build plugin)', () => {
  it('minifies what follows a comment with a quote in it', async () => {
    // The print styles' comment says "a dark theme's light grey text": that quote once opened a
    // "string" running to the next quote, and all CSS up to it went out unminified.
    const [out] = await minifyCssParts(
      [`@media print {\n  /* the theme's colours */\n  :host {\n    color: #000;\n  }\n  [part~='notice'] {\n    border: none;\n  }\n}\n`],
      'print',
    );
    assert.equal(out, `@media print{:host{color:#000}[part~=notice]{border:none}}`);
  });

  it('keeps quoted strings, comment-like text in them included', async () => {
    const [out] = await minifyCssParts([`a {\n  content: '/* not a comment */';\n  font-family: "Segoe  UI";\n}\n`], 'strings');
    assert.equal(out, `a{content:"/* not a comment */";font-family:"Segoe  UI"}`);
  });

  it('keeps each expression in its place: between rules, among declarations, and two side by side', async () => {
    const parts = ['\n  ', '\n  /* why */\n  .frame {\n    ', '\n    margin: 0 auto;\n  }\n  :host {\n    ', '\n    ', '\n  }\n'];
    assert.deepEqual(await minifyCssParts(parts, 'expressions'), ['', '.frame{', 'margin:0 auto}:host{', '', '}']);
  });

  it('minifies a template without a block as a list of declarations, ending in a semicolon', async () => {
    // darkPalette in tracker-route-map.ts: declarations put into a block by the template that uses them.
    assert.deepEqual(await minifyCssParts(['\n  ', '\n  --_water: #0e1a26;\n  color:  #FFFFFF;\n'], 'palette'), [
      '',
      '--_water: #0e1a26;color:#fff;',
    ]);
  });

  it('fails when an expression stands where no placeholder can', async () => {
    // Inside a selector: the placeholder is no at-rule there, so it could not come out in place.
    await assert.rejects(minifyCssParts(['.a', ' .b { color: red; }'], 'styles.ts:3'), /styles\.ts:3/);
  });
});

describe('minifyCssInModule (build plugin)', () => {
  const source = [
    "import { css, unsafeCSS } from 'lit';",
    'const theme = unsafeCSS(`',
    '  :host {',
    '    ${tokens}',
    '    ${more}',
    '  }`);',
    'export const styles = css`',
    '  ${theme}',
    "  /* the theme's rule */",
    '  .frame {',
    '    margin: 0 auto;',
    '  }',
    '  .a',
    '  .b {',
    '    content: "x  y";',
    '  }',
    '`;',
    'export const after = 1;',
  ].join('\n');

  it('minifies css templates and templates handed to unsafeCSS, expressions kept', async () => {
    const out = await minifyCssInModule(source, '/repo/packages/core/src/ui/styles.ts');
    assert.ok(out);
    assert.equal(
      out.code,
      [
        "import { css, unsafeCSS } from 'lit';",
        'const theme = unsafeCSS(`:host{${tokens}${more}}`);',
        'export const styles = css`${theme}.frame{margin:0 auto}.a .b{content:"x  y"}`;',
        'export const after = 1;',
      ].join('\n'),
    );
  });

  it('writes what esbuild returns as template text, escaping backslashes', async () => {
    const out = await minifyCssInModule("const s = css`a::before { content: '\\\\2014'; }`;", '/repo/packages/core/src/a.ts');
    assert.ok(out);
    assert.equal(out.code, 'const s = css`a:before{content:"\\\\2014"}`;');
  });

  it('maps what follows a template to its own line, and each template text to where it began', async () => {
    const out = await minifyCssInModule(source, '/repo/packages/core/src/ui/styles.ts');
    assert.ok(out);
    const map = new SourceMap(JSON.parse(out.map.toString()));
    const lines = out.code.split('\n');
    const origin = (line: number, text: string) => {
      const entry = map.findEntry(line, (lines[line] as string).indexOf(text));
      assert.ok('originalLine' in entry, `no mapping for ${text}`);
      return [entry.originalLine, entry.originalColumn];
    };
    // Zero-based: `after` is on the source's last line; `.frame{` is the text after `${theme}`.
    assert.deepEqual(origin(3, 'after'), [17, 13]);
    assert.deepEqual(origin(2, '.frame{'), [7, 10]);
    assert.deepEqual(origin(1, '${more}'), [4, 4]);
  });

  it('collapses each run of layout whitespace in html templates to one space, expressions and quoted text kept', async () => {
    const module = [
      "import { html } from 'lit';",
      'export const view = (x: string) => html`<form',
      '    part="form"',
      '    @submit=${x}',
      '  >',
      '    <p title="a  b">${x}  and</p>',
      '  </form>`;',
      'export const after = `a',
      '   b`;',
    ].join('\n');
    const out = await minifyCssInModule(module, '/repo/packages/core/src/ui/form.ts');
    assert.ok(out);
    assert.equal(
      out.code,
      [
        "import { html } from 'lit';",
        'export const view = (x: string) => html`<form part="form" @submit=${x} > <p title="a  b">${x}  and</p> </form>`;',
        'export const after = `a',
        '   b`;',
      ].join('\n'),
    );
  });

  it('leaves a module without css templates alone', async () => {
    assert.equal(await minifyCssInModule('const a = `x  y`;', '/repo/packages/core/src/a.ts'), null);
  });
});

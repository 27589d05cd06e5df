// The script-tag bundle's CSS minifier: comments and layout whitespace go, strings stay, and the
// source map still finds each line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SourceMap } from 'node:module';
import { cssLineBreaks, minifyCss, minifyCssInModule } from '../../scripts/minify-css-literals.js';

describe('minifyCss (build plugin)', () => {
  it('minifies what follows a comment with a quote in it', () => {
    // The print styles' comment says "a dark theme's light grey text": that quote once opened a
    // "string" running to the next quote, and all CSS up to it went out unminified.
    const out = minifyCss(
      `@media print {\n  /* the theme's colours */\n  :host {\n    color: #000;\n  }\n  [part~='notice'] {\n    border: none;\n  }\n}\n`,
    );
    assert.equal(out, `@media print{\n\n:host{\ncolor:#000\n}\n[part~='notice']{\nborder:none\n}\n}\n`);
  });

  it('keeps quoted strings, comment-like text in them included, and the line count', () => {
    const input = `a {\n  content: '/* not a comment */';\n  font-family: "Segoe  UI";\n}\n`;
    const out = minifyCss(input);
    assert.equal(out, `a{\ncontent:'/* not a comment */';\nfont-family:"Segoe  UI"\n}\n`);
    assert.equal(out.split('\n').length, input.split('\n').length);
  });

  it('drops the last semicolon of a block, the zero before a decimal point and the space before !important', () => {
    assert.equal(
      minifyCss(`a {\n  margin: 0.5em -0.25em 10.5px;\n  width: calc(var(--x) * 0.75);\n  display: none !important;\n}\n`),
      `a{\nmargin:.5em -0.25em 10.5px;\nwidth:calc(var(--x) * .75);\ndisplay:none!important\n}\n`,
    );
  });
});

describe('cssLineBreaks (build plugin)', () => {
  it('drops a line break beside punctuation and keeps one space where it parted two words', () => {
    assert.deepEqual(cssLineBreaks('a,\nb{\nmargin:0\nauto\n}', false, false), ['', '', ' ', '']);
  });

  it('keeps one space of a run of breaks between words, and none at the template ends', () => {
    assert.deepEqual(cssLineBreaks('\n.a\n\n\n.b{}\n', false, false), ['', '', '', ' ', '']);
  });

  it('treats an expression beside the text as a word', () => {
    assert.deepEqual(cssLineBreaks('\n', true, true), [' ']);
    assert.deepEqual(cssLineBreaks('\n:host{', true, false), [' ']);
    assert.deepEqual(cssLineBreaks('\n{', true, false), ['']);
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
    '  /* why */',
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

  it('minifies css templates and templates handed to unsafeCSS onto one line, expressions kept', () => {
    const out = minifyCssInModule(source, '/repo/packages/core/src/ui/styles.ts');
    assert.ok(out);
    assert.equal(
      out.code,
      [
        "import { css, unsafeCSS } from 'lit';",
        'const theme = unsafeCSS(`:host{${tokens} ${more}}`);',
        'export const styles = css`${theme} .frame{margin:0 auto}.a .b{content:"x  y"}`;',
        'export const after = 1;',
      ].join('\n'),
    );
  });

  it('maps what follows a template, and each minified line, back to its own line', () => {
    const out = minifyCssInModule(source, '/repo/packages/core/src/ui/styles.ts');
    assert.ok(out);
    const map = new SourceMap(JSON.parse(out.map.toString()));
    const lines = out.code.split('\n');
    const origin = (line: number, text: string) => {
      const entry = map.findEntry(line, (lines[line] as string).indexOf(text));
      assert.ok('originalLine' in entry, `no mapping for ${text}`);
      return [entry.originalLine, entry.originalColumn];
    };
    // Zero-based: `after` is on the source's last line; `.b{` maps to the start of `  .b {`.
    assert.deepEqual(origin(3, 'after'), [17, 13]);
    assert.deepEqual(origin(2, '.b{'), [13, 0]);
    assert.deepEqual(origin(2, '.frame{'), [9, 0]);
    assert.deepEqual(origin(1, '${more}'), [4, 4]);
  });

  it('collapses each run of layout whitespace in html templates to one space, expressions and quoted text kept', () => {
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
    const out = minifyCssInModule(module, '/repo/packages/core/src/ui/form.ts');
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

  it('leaves a module without css templates alone', () => {
    assert.equal(minifyCssInModule('const a = `x  y`;', '/repo/packages/core/src/a.ts'), null);
  });
});

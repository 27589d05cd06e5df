// The CSS minifier of the script-tag build (scripts/minify-css-literals.ts): comments go, strings
// stay as written, and a quote inside a comment does not stop the minifying of what follows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minifyCss } from '../../scripts/minify-css-literals.js';

describe('minifyCss', () => {
  it('strips comments and layout whitespace but keeps line count', () => {
    const css = ':host {\n  /* the box */\n  display: block;\n}\n';
    const out = minifyCss(css);
    assert.equal(out.split('\n').length, css.split('\n').length);
    assert.equal(out.replace(/\n/g, ''), ':host{display:block;}');
  });

  it('keeps quoted strings as written, comment markers inside them included', () => {
    const css = `.a::before { content: "  /* not a comment */  "; }\n.b::after { content: '  x : y  '; }`;
    const out = minifyCss(css);
    assert.ok(out.includes('"  /* not a comment */  "'), out);
    assert.ok(out.includes(`'  x : y  '`), out);
  });

  it('goes on minifying after an apostrophe in a comment', () => {
    // Two apostrophes: read as quotes, they would make one 'string' of everything between them.
    const css = "/* the element's own box */\n.a {\n  color: red;\n}\n/* the map's room */\n.b {\n  margin: 0 ;\n}\n";
    const out = minifyCss(css);
    assert.equal(out.replace(/\n/g, ''), '.a{color:red;}.b{margin:0;}');
  });
});

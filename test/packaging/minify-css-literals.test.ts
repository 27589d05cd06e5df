// The script-tag bundle's CSS minifier: comments and layout whitespace go, strings stay, lines stay.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCss } from '../../scripts/minify-css-literals.js';

describe('minifyCss (build plugin)', () => {
  it('minifies what follows a comment with a quote in it', () => {
    // The print styles' comment says "a dark theme's light grey text": that quote once opened a
    // "string" running to the next quote, and all CSS up to it went out unminified.
    const out = minifyCss(
      `@media print {\n  /* the theme's colours */\n  :host {\n    color: #000;\n  }\n  [part~='notice'] {\n    border: none;\n  }\n}\n`,
    );
    assert.equal(out, `@media print{\n\n:host{\ncolor:#000;\n}\n[part~='notice']{\nborder:none;\n}\n}\n`);
  });

  it('keeps quoted strings, comment-like text in them included, and the line count', () => {
    const input = `a {\n  content: '/* not a comment */';\n  font-family: "Segoe  UI";\n}\n`;
    const out = minifyCss(input);
    assert.equal(out, `a{\ncontent:'/* not a comment */';\nfont-family:"Segoe  UI";\n}\n`);
    assert.equal(out.split('\n').length, input.split('\n').length);
  });
});

/**
 * A build plugin for the script-tag bundle: strips comments and layout whitespace from the
 * static text of Lit `css` tagged templates, and of template literals handed straight to
 * `unsafeCSS(…)`. The minifier leaves template text alone, and the styles are written to be
 * read, so this is the one step between them and the wire.
 *
 * Quoted strings inside the CSS and every `${…}` expression are kept as written. The text is
 * minified line by line (`minifyCss`), then the line breaks go too (`cssLineBreaks`), each
 * replaced by nothing, or by one space where it was all that parted two words; the source map
 * takes each minified line back to the line it came from.
 *
 * In Lit `html` templates, each run of layout whitespace that holds a line break (indentation,
 * attributes on lines of their own) becomes one space: HTML renders such a run as one space, and
 * Lit's attribute parsing needs only one. None of these templates has `<pre>` or `<textarea>`, or a
 * `white-space: pre` style, where the run itself would show.
 */
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

export function minifyCss(text: string): string {
  // Comments and quoted strings are found in one left-to-right pass, so a quote inside a comment
  // (an apostrophe in prose) does not open a string that swallows the rest of the stylesheet.
  return text
    .split(/(\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part.startsWith('/*')
          ? part.replace(/[^\n]/g, '')
          : part
        : part
            .replace(/[ \t]+/g, ' ')
            .replace(/ ?\n[ \n]*/g, (run) => '\n'.repeat(run.split('\n').length - 1))
            .replace(/[ \n]*([{};,>])[ ]*/g, (match, punct: string) => match.replace(/[^\n]/g, '') + punct)
            .replace(/:[ ]+/g, ':')
            .replace(/ !important/g, '!important')
            // The last declaration of a block needs no semicolon.
            .replace(/;(\n*)\}/g, '$1}')
            // 0.5em is .5em; a digit, letter, dot or dash before the 0 makes it part of something else.
            .replace(/(^|[^\w.#-])0\.(\d)/g, '$1.$2'),
    )
    .join('');
}

/** Characters that need no space beside them in CSS: a line break next to one can simply go. */
const SELF_DELIMITING = /[{};,>]/;

/**
 * What each line break of minified CSS text becomes when the lines are joined: nothing, or a space
 * where it alone parted two words (`margin:0\nauto`, `.a\n.b`). `afterExpression` and
 * `beforeExpression` say that a `${…}` sits against the text's start or end, whose value could be
 * a word; otherwise the template's backtick is there.
 */
export function cssLineBreaks(minified: string, afterExpression: boolean, beforeExpression: boolean): string[] {
  const lines = minified.split('\n');
  const breaks: string[] = [];
  let before = afterExpression ? 'word' : '';
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i] as string;
    if (line !== '') before = line.at(-1) as string;
    const next = lines[i + 1] as string;
    // Of a run of breaks, only the one right before the next text (or the expression) may stay.
    const last = next !== '' || i + 1 === lines.length - 1;
    const after = next !== '' ? (next[0] as string) : beforeExpression ? 'word' : '';
    breaks.push(last && before !== '' && after !== '' && !SELF_DELIMITING.test(before) && !SELF_DELIMITING.test(after) ? ' ' : '');
  }
  return breaks;
}

interface CssSpan {
  /** [start, end) offsets of the static text, between its delimiters. */
  readonly start: number;
  readonly end: number;
  readonly afterExpression: boolean;
  readonly beforeExpression: boolean;
}

/**
 * The static text spans of every `tag` (`css` or `html`) tagged template in `code`, and for `css` of
 * every template literal that is the argument of an `unsafeCSS(…)` call.
 */
function templateSpans(code: string, fileName: string, tag: 'css' | 'html'): CssSpan[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const spans: CssSpan[] = [];
  const add = (template: ts.TemplateLiteral): void => {
    // Each literal token's text sits between its delimiters: ` or } before, ` or ${ after.
    const literals: ts.Node[] = ts.isNoSubstitutionTemplateLiteral(template)
      ? [template]
      : [template.head, ...template.templateSpans.map((span) => span.literal)];
    for (const literal of literals) {
      const afterExpression = ts.isTemplateMiddle(literal) || ts.isTemplateTail(literal);
      const beforeExpression = ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal);
      spans.push({
        start: literal.getStart(source) + 1,
        end: literal.getEnd() - (beforeExpression ? 2 : 1),
        afterExpression,
        beforeExpression,
      });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === tag) add(node.template);
    if (tag === 'css' && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'unsafeCSS') {
      const [argument] = node.arguments;
      if (argument && ts.isTemplateLiteral(argument)) add(argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** `code` with its CSS template text minified and its HTML templates' layout whitespace collapsed, and the source map of the change. */
export function minifyCssInModule(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const spans = code.includes('css`') || code.includes('unsafeCSS(`') ? templateSpans(code, id, 'css') : [];
  const htmlSpans = code.includes('html`') ? templateSpans(code, id, 'html') : [];
  if (spans.length === 0 && htmlSpans.length === 0) return null;
  const s = new MagicString(code);
  for (const { start, end } of htmlSpans) {
    for (const run of code.slice(start, end).matchAll(/[ \t]*\n[ \t\n]*/g)) {
      s.update(start + run.index, start + run.index + run[0].length, ' ');
    }
  }
  for (const { start, end, afterExpression, beforeExpression } of spans) {
    const original = code.slice(start, end).split('\n');
    const minified = minifyCss(code.slice(start, end));
    const lines = minified.split('\n');
    const breaks = cssLineBreaks(minified, afterExpression, beforeExpression);
    // Line by line, so each minified line maps to the start of the line it came from.
    let at = start;
    original.forEach((line, i) => {
      const to = at + line.length;
      if (lines[i] !== line) {
        if (lines[i] === '') s.remove(at, to);
        else s.update(at, to, lines[i] as string);
      }
      const replacement = breaks[i];
      if (replacement === '') s.remove(to, to + 1);
      else if (replacement !== undefined) s.update(to, to + 1, replacement);
      at = to + 1;
    });
  }
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id, includeContent: true }) };
}

export function minifyCssLiterals(): Plugin {
  return {
    name: 'cargo-trackers:minify-css-literals',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/[^/]+\/src\/.+\.ts$/.test(id) || !(code.includes('css`') || code.includes('unsafeCSS(`') || code.includes('html`')))
        return null;
      return minifyCssInModule(code, id);
    },
  };
}

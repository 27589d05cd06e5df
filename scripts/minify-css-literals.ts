/**
 * A build plugin for the script-tag bundle: strips comments and layout whitespace from the
 * static text of Lit `css` tagged templates. The minifier leaves template text alone, and
 * the styles are written to be read, so this is the one step between them and the wire.
 *
 * Quoted strings inside the CSS and every `${…}` expression are kept as written; newlines
 * are kept too, so line numbers (and the source map built on them) stay right.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

export function minifyCss(text: string): string {
  // Strings and comments are found in one pass, so a quote inside a comment ("the theme's")
  // does not open a string that swallows the rest of the stylesheet unminified.
  return text
    .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\*[\s\S]*?\*\/)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.startsWith('/*')
          ? part.replace(/[^\n]/g, '')
          : part
        : part
            .replace(/[ \t]+/g, ' ')
            .replace(/ ?\n[ \n]*/g, (run) => '\n'.repeat(run.split('\n').length - 1))
            .replace(/[ \n]*([{};,>])[ ]*/g, (match, punct: string) => match.replace(/[^\n]/g, '') + punct)
            .replace(/:[ ]+/g, ':'),
    )
    .join('');
}

/** The static text spans of every `css` tagged template in `code`, as [start, end) offsets. */
function cssTemplateSpans(code: string, fileName: string): Array<[number, number]> {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'css') {
      const template = node.template;
      // Each literal token's text sits between its delimiters: ` or } before, ` or ${ after.
      const literals: ts.Node[] = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const literal of literals) {
        const start = literal.getStart(source) + 1;
        const end = literal.getEnd() - (ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal) ? 2 : 1);
        spans.push([start, end]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

export function minifyCssLiterals(): Plugin {
  return {
    name: 'cargo-trackers:minify-css-literals',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/[^/]+\/src\/.+\.ts$/.test(id) || !code.includes('css`')) return null;
      const spans = cssTemplateSpans(code, id);
      if (spans.length === 0) return null;
      let out = '';
      let at = 0;
      for (const [start, end] of spans) {
        out += code.slice(at, start) + minifyCss(code.slice(start, end));
        at = end;
      }
      out += code.slice(at);
      // Lines are unchanged, so the existing mappings stay valid line by line.
      return { code: out, map: null };
    },
  };
}

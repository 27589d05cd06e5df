/**
 * A build plugin for the script-tag bundle: minifies the static text of Lit `css` tagged
 * templates, and of template literals handed straight to `unsafeCSS(…)`, with esbuild's CSS
 * minifier. The JavaScript minifier leaves template text alone, and the styles are written to be
 * read, so this is the one step between them and the wire.
 *
 * Each `${…}` becomes an at-rule placeholder, which CSS allows both between rules and among a
 * block's declarations, where Lit's `css` takes a nested stylesheet or a list of declarations;
 * a template without a block is a list of declarations and is minified inside one, and keeps its
 * last semicolon, since a list put among declarations has to end its own. If any
 * placeholder does not come out exactly once, or esbuild reports a problem, the build fails
 * rather than ship the styles half minified.
 *
 * In Lit `html` templates, each run of layout whitespace that holds a line break (indentation,
 * attributes on lines of their own) becomes one space: HTML renders such a run as one space, and
 * Lit's attribute parsing needs only one. None of these templates has `<pre>` or `<textarea>`, or a
 * `white-space: pre` style, where the run itself would show.
 */
import { transform } from 'esbuild';
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The placeholder for the n-th `${…}` of a template: an at-rule no stylesheet of ours holds. */
const placeholder = (n: number): string => `@cargo-trackers-expression-${n};`;
const PLACEHOLDER = /@cargo-trackers-expression-(\d+);/g;
/** The block a list of declarations is minified in. */
const WRAPPER = ['a{', '}'] as const;

/** A template's text as a JavaScript template literal writes it. */
const asTemplateText = (text: string): string => text.replace(/\\|`|\$\{/g, (m) => `\\${m}`);

/**
 * The static parts of one CSS template (cooked, as Lit reads them), minified; the `${…}` between
 * them stay where they were. `where` names the template in an error.
 */
export async function minifyCssParts(parts: readonly string[], where: string): Promise<string[]> {
  const joined = parts.map((part, i) => (i === 0 ? part : placeholder(i - 1) + part)).join('');
  if (parts.some((part) => part.includes('@cargo-trackers-expression-')))
    throw new Error(`${where}: the CSS holds the placeholder text itself`);
  const declarations = !parts.some((part) => part.includes('{'));
  const input = declarations ? WRAPPER[0] + joined + WRAPPER[1] : joined;
  const result = await transform(input, { loader: 'css', minify: true, legalComments: 'none', logLevel: 'silent' }).catch(
    (error: { errors?: Array<{ text: string }> }) => {
      throw new Error(`${where}: esbuild could not minify the CSS: ${error.errors?.map((e) => e.text).join('; ') ?? String(error)}`);
    },
  );
  if (result.warnings.length > 0) throw new Error(`${where}: esbuild warns of the CSS: ${result.warnings.map((w) => w.text).join('; ')}`);
  let css = result.code.trim();
  if (declarations) {
    if (!css.startsWith(WRAPPER[0]) || !css.endsWith(WRAPPER[1])) throw new Error(`${where}: the declarations did not stay in their block`);
    css = css.slice(WRAPPER[0].length, -WRAPPER[1].length);
    // esbuild drops the block's last semicolon; the list may be put before more declarations.
    if (css !== '' && !/[;}]$/.test(css)) css += ';';
  }
  const out = css.split(PLACEHOLDER);
  // split() with a capture group alternates text and placeholder numbers.
  const numbers = out.filter((_, i) => i % 2 === 1).map(Number);
  if (numbers.length !== parts.length - 1 || numbers.some((n, i) => n !== i))
    throw new Error(`${where}: a \${…} of the CSS did not survive minifying in its place (${numbers.join(', ')})`);
  return out.filter((_, i) => i % 2 === 0);
}

interface TemplateSpan {
  /** [start, end) offsets of the static text, between its delimiters. */
  readonly start: number;
  readonly end: number;
  /** The text as the template's tag reads it, escapes applied. */
  readonly cooked: string;
}

/**
 * The static text spans of every `tag` (`css` or `html`) tagged template in `code`, one list per
 * template, and for `css` of every template literal that is the argument of an `unsafeCSS(…)` call.
 */
function templates(code: string, fileName: string, tag: 'css' | 'html'): TemplateSpan[][] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: TemplateSpan[][] = [];
  const add = (template: ts.TemplateLiteral): void => {
    // Each literal token's text sits between its delimiters: ` or } before, ` or ${ after.
    const literals: ts.TemplateLiteralLikeNode[] = ts.isNoSubstitutionTemplateLiteral(template)
      ? [template]
      : [template.head, ...template.templateSpans.map((span) => span.literal)];
    found.push(
      literals.map((literal) => ({
        start: literal.getStart(source) + 1,
        end: literal.getEnd() - (ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal) ? 2 : 1),
        cooked: literal.text,
      })),
    );
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
  return found;
}

/** `code` with its CSS template text minified and its HTML templates' layout whitespace collapsed, and the source map of the change. */
export async function minifyCssInModule(
  code: string,
  id: string,
): Promise<{ code: string; map: ReturnType<MagicString['generateMap']> } | null> {
  const cssTemplates = code.includes('css`') || code.includes('unsafeCSS(`') ? templates(code, id, 'css') : [];
  const htmlTemplates = code.includes('html`') ? templates(code, id, 'html') : [];
  if (cssTemplates.length === 0 && htmlTemplates.length === 0) return null;
  const s = new MagicString(code);
  for (const { start, end } of htmlTemplates.flat()) {
    for (const run of code.slice(start, end).matchAll(/[ \t]*\n[ \t\n]*/g)) {
      s.update(start + run.index, start + run.index + run[0].length, ' ');
    }
  }
  for (const spans of cssTemplates) {
    const line = code.slice(0, spans[0]!.start).split('\n').length;
    const minified = await minifyCssParts(
      spans.map((span) => span.cooked),
      `${id}:${line}`,
    );
    spans.forEach(({ start, end }, i) => {
      const text = asTemplateText(minified[i]!);
      if (text === code.slice(start, end)) return;
      if (text === '') s.remove(start, end);
      else s.update(start, end, text);
    });
  }
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id, includeContent: true }) };
}

export function minifyCssLiterals(): Plugin {
  return {
    name: 'cargo-trackers:minify-css-literals',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\/packages\/[^/]+\/src\/.+\.ts$/.test(id) || !(code.includes('css`') || code.includes('unsafeCSS(`') || code.includes('html`')))
        return null;
      return minifyCssInModule(code, id);
    },
  };
}

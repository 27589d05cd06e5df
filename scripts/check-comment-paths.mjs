// Fails when a comment names a file that does not exist: after a folder is renamed, a comment
// that still names one in it (e.g. `../api/tracker-api.ts`) sends the next reader to nothing. Reads the comments of
// every TypeScript and JavaScript source (TypeScript's own scanner, so strings and regular
// expressions are not mistaken for comments) and checks each token that looks like a file path
// (a name with a source extension, with at least one folder). A path resolves when it exists from
// the commenting file's folder, the repository root, its package, its package's `src/`, or any
// package or installed dependency (a comment in scripts/ may say `blocks/blocks.php`); a `.js`
// path also resolves to its `.ts` source. Paths of other software (`wp-content/…`) and examples
// marked as such (`e.g.`, `→`) are not the repository's and are left alone.
//
// Usage: node scripts/check-comment-paths.mjs [--root dir]   (exit 1 and a list when a path does not resolve)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? `${process.argv[rootAt + 1].replace(/\/$/, '')}/` : new URL('..', import.meta.url).pathname;
const FOLDERS = ['packages', 'test', 'scripts', 'demo', 'templates'].filter((folder) => existsSync(join(root, folder)));
const SKIP = new Set(['node_modules', 'dist', '.cache', '.next', 'vendor', 'test-results']);
const SOURCE = /\.(?:ts|mts|cts|tsx|js|mjs|cjs)$/;
/** A path with at least one folder, ending in an extension the repository's files have. */
const PATH =
  /(?<![\w@/.:-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)+[\w-][\w.-]*\.(?:ts|mts|tsx|js|mjs|cjs|php|css|json|md|toml|html))(?![\w/-])/g;
/** Other software's layout, named in comments about it. */
const FOREIGN = /^(?:wp-admin|wp-content|wp-includes|\.next|\.vite)\//;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function comments(text, file) {
  const variant = file.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const found = [];
  let braces = 0;
  /** The brace depth at each open `${` of a template literal. */
  const templates = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      found.push({ text: scanner.getTokenText(), at: scanner.getTokenStart() });
    } else if (kind === ts.SyntaxKind.OpenBraceToken) {
      braces++;
    } else if (kind === ts.SyntaxKind.TemplateHead) {
      templates.push(braces);
    } else if (kind === ts.SyntaxKind.CloseBraceToken) {
      // The `}` that ends a template's `${…}` goes on with the template's text.
      if (templates.at(-1) === braces) {
        if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) templates.pop();
      } else braces--;
    } else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      // A `/` after an operand is division; elsewhere it begins a regular expression.
      const previous = text.slice(0, scanner.getTokenStart()).trimEnd().at(-1) ?? '';
      if (!/[\w)\]$]/.test(previous)) scanner.reScanSlashToken();
    }
  }
  return found;
}

const packageRoots = existsSync(join(root, 'packages'))
  ? readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name))
  : [];
const dependencyRoot = join(root, 'node_modules');
const dependencies = existsSync(dependencyRoot) ? readdirSync(dependencyRoot) : [];

function resolves(path, file) {
  const own = packageRoots.find((dir) => file.startsWith(`${dir}/`));
  const bases = [
    dirname(file),
    root,
    join(root, 'packages'),
    own,
    own && join(own, 'src'),
    ...packageRoots,
    ...packageRoots.map((dir) => join(dir, 'src')),
  ];
  const candidates = path.endsWith('.js') ? [path, path.replace(/\.js$/, '.ts')] : [path];
  if (bases.some((base) => base && candidates.some((candidate) => existsSync(join(base, candidate))))) return true;
  // A dependency's own file: `leaflet/dist/leaflet.css`, or `dist/leaflet.css` in a comment about it.
  return existsSync(join(dependencyRoot, path)) || dependencies.some((name) => existsSync(join(dependencyRoot, name, path)));
}

const missing = [];
for (const file of FOLDERS.flatMap((folder) => walk(join(root, folder))).filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))) {
  const text = readFileSync(file, 'utf8');
  for (const comment of comments(text, file)) {
    for (const match of comment.text.matchAll(PATH)) {
      const path = match[1];
      const before = comment.text.slice(Math.max(0, match.index - 6), match.index);
      if (FOREIGN.test(path) || /e\.g\.[\s`(]*$|→\s*`?$/.test(before) || resolves(path, file)) continue;
      const line = text.slice(0, comment.at + match.index).split('\n').length;
      missing.push(`${relative(root, file)}:${line}: ${path}`);
    }
  }
}

if (missing.length > 0) {
  console.error(`Comments name ${missing.length} path(s) that do not exist (rename them with the file, or say what they are now):`);
  for (const entry of missing) console.error(`  ${entry}`);
  process.exit(1);
}
console.log('Every path a comment names exists.');

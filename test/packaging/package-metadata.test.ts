// What a library user reads before trusting a package: a license, a README, a changelog,
// where the code lives, and dependencies that are only what runs. The shared fields and the
// LICENSE copies are written by scripts/package-metadata.mjs; this fails when they drift.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { PUBLISHED, plan } from '../../scripts/package-metadata.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { homepage: string };

interface PackageJson {
  name: string;
  keywords?: string[];
  dependencies?: Record<string, string>;
  sideEffects?: boolean | string[];
  files?: string[];
}

const packageJson = (dir: string): PackageJson =>
  JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as PackageJson;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a source file names: imports, re-exports, `import()` and `import('x').T` types. */
function specifiers(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  // Triple-slash type references name packages too.
  for (const match of readFileSync(file, 'utf8').matchAll(/\/\/\/\s*<reference types="([^"]+)"/g)) found.push(match[1]!);
  return found;
}

const packageOf = (specifier: string): string | undefined =>
  specifier.startsWith('.') || specifier.startsWith('node:')
    ? undefined
    : specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');

/** `@types/leaflet` is used by a file that imports `leaflet` (for its types). */
const typesFor = (dependency: string): string | undefined =>
  dependency.startsWith('@types/') ? dependency.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : undefined;

describe('published packages: license, docs, metadata and dependencies', () => {
  it('package.json fields, their copies in package-lock.json and the LICENSE copies are as scripts/package-metadata.mjs writes them', () => {
    assert.deepEqual(
      plan().map(([path]: [string, string]) => relative(root, path)),
      [],
      'run node scripts/package-metadata.mjs',
    );
  });

  it('the root LICENSE is the MIT license', () => {
    const license = readFileSync(join(root, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License\n/);
    assert.match(license, /Permission is hereby granted, free of charge/);
  });

  for (const dir of Object.keys(PUBLISHED)) {
    describe(dir, () => {
      const pkg = packageJson(dir);

      it('has a README that says how to install it, shows an example and links to the root docs', () => {
        const readme = readFileSync(join(root, 'packages', dir, 'README.md'), 'utf8');
        assert.match(readme, new RegExp(`^# ${pkg.name.replace('/', '\\/')}\n`));
        assert.ok(readme.includes(`npm install ${pkg.name}`), 'an install command');
        assert.ok((readme.match(/```/g) ?? []).length >= 4, 'an install block and an example block');
        assert.ok(readme.includes(rootPkg.homepage), `a link to ${rootPkg.homepage}`);
      });

      it('has a CHANGELOG kept by changesets', () => {
        assert.match(
          readFileSync(join(root, 'packages', dir, 'CHANGELOG.md'), 'utf8'),
          new RegExp(`^# ${pkg.name.replace('/', '\\/')}\n\n## \\d+\\.\\d+\\.\\d+`),
        );
      });

      it('has keywords', () => {
        assert.ok((pkg.keywords ?? []).length >= 3, `${pkg.name} keywords: ${String(pkg.keywords)}`);
      });

      it('depends at run time only on what its sources import', () => {
        const used = new Set(
          sources(join(root, 'packages', dir, 'src'))
            .flatMap(specifiers)
            .map(packageOf)
            .filter(Boolean),
        );
        for (const dependency of Object.keys(pkg.dependencies ?? {})) {
          assert.ok(
            used.has(dependency) || used.has(typesFor(dependency)),
            `${pkg.name} depends on ${dependency}, which no source in packages/${dir}/src imports`,
          );
        }
      });

      it('registers tags only in define modules, which sideEffects names', () => {
        const sideEffects = Array.isArray(pkg.sideEffects) ? pkg.sideEffects : [];
        for (const file of sources(join(root, 'packages', dir, 'src'))) {
          const text = readFileSync(file, 'utf8');
          if (!/\b(defineElement|customElements\.define)\(\s*['"]/.test(text)) continue;
          const path = relative(join(root, 'packages', dir), file);
          assert.match(path, /(^|\/)define\.ts$/, `${path} registers a tag: only define modules may`);
          assert.ok(
            sideEffects.includes(`./${path}`) && sideEffects.includes(`./${path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')}`),
            `sideEffects names ${path} and its build`,
          );
        }
      });

      it('ships its LICENSE, README and CHANGELOG, and declaration maps with the sources they map', () => {
        for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) assert.ok(pkg.files?.includes(file), `files includes ${file}`);
        assert.ok(pkg.files?.includes('src'), 'the sources that the declaration maps point at are shipped');
        const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
          compilerOptions: { declarationMap?: boolean };
        };
        assert.equal(base.compilerOptions.declarationMap, true);
        assert.ok(existsSync(join(root, 'packages', dir, 'tsconfig.build.json')));
      });
    });
  }
});

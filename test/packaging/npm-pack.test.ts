// What a consumer gets: each package is packed as `npm publish` would pack it, installed from
// the tarballs into a scratch app outside the workspace (so nothing resolves through a
// workspace symlink or the in-repo `cargo-trackers-source` condition), then used the ways
// docs/embedding.md promises: imported in Node, type-checked with skipLibCheck off, bundled
// by Vite into a page, and loaded as the bare CDN script. Everything is served on loopback;
// npm's registry is only asked for what its cache already holds.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import ts from 'typescript';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/find-chromium.mjs';
import { listenOnLoopback, type Listening } from '../demo/listen-on-loopback.js';
import { lintTarball } from '../../scripts/check-packages.mjs';
import { nodeBinary } from '../../scripts/node-binary.mjs';
import { configuratorData } from '../../scripts/element-api/configurator.js';
import { reactSnippet, svelteSnippet, vueSnippet, type SnippetConfig } from '../../demo/public/configure/snippets.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

const PACKAGES = [
  { dir: 'core', name: '@cargo-trackers/core' },
  { dir: 'ocean-tracker', name: '@cargo-trackers/ocean-tracker' },
  { dir: 'air-tracker', name: '@cargo-trackers/air-tracker' },
  { dir: 'cargo-trackers', name: 'cargo-trackers' },
  { dir: 'proxy', name: '@cargo-trackers/proxy' },
] as const;
type PackageDir = (typeof PACKAGES)[number]['dir'];

const REQUIRED: Record<PackageDir, string[]> = {
  core: ['dist/index.js', 'dist/index.d.ts'],
  'ocean-tracker': [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/first/define.js',
    'dist/first/define.d.ts',
    'custom-elements.json',
    'web-types.json',
    'vscode.html-custom-data.json',
  ],
  'air-tracker': [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/first/define.js',
    'dist/first/define.d.ts',
    'custom-elements.json',
    'web-types.json',
    'vscode.html-custom-data.json',
  ],
  'cargo-trackers': [
    'dist/index.js',
    'dist/index.d.ts',
    'custom-elements.json',
    'web-types.json',
    'vscode.html-custom-data.json',
    'dist/cdn/cargo-trackers.js',
  ],
  proxy: ['dist/index.js', 'dist/index.d.ts', 'dist/adapters/node.js', 'dist/adapters/node.d.ts'],
};
/** What the framework scratch apps need beside the tarballs (versions from package-lock.json). */
const FRAMEWORK_PACKAGES = ['@types/react', 'vue', 'vue-tsc', 'svelte', 'svelte-check', 'solid-js', 'lit-analyzer'];
/** Preact 11 removed `JSX.HTMLAttributes`; the workspace itself stays on Preact 10. */
const PREACT_11 = '11.2.0';
/** Angular 22's CLI needs Node ^22.22.3 (its engines field); the test runs it on a Node 22 from the npm registry. */
const ANGULAR_NODE = { major: 22, minimum: '22.22.3' } as const;
const ANGULAR_APP = join(root, 'test/packaging/apps/angular');
const FORBIDDEN = [/\.test\.[^/]+$/, /\.tsbuildinfo$/, /(^|\/)\.vite\//, /(^|\/)node_modules\//];

interface PackageJson {
  name: string;
  exports?: unknown;
  types?: string;
  unpkg?: string;
  jsdelivr?: string;
  customElements?: string;
  'web-types'?: string;
  sideEffects?: boolean | string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const lockVersion = (name: string): string => {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${name}`]?.version;
  assert.ok(version, `${name} is in package-lock.json`);
  return version;
};

/**
 * npm run from inside `npm test` inherits the parent's lifecycle settings; the local prefix
 * among them would point a nested install back at the workspace.
 */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^npm_(lifecycle_|package_|command$|config_(local_prefix|call|workspaces?|include_workspace_root)$)|^INIT_CWD$|^NODE_OPTIONS$/i.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

const npm = (args: string[], cwd: string, timeout = 120_000) =>
  run('npm', args, { cwd, env: npmEnv(), maxBuffer: 64 * 1024 * 1024, timeout });

/**
 * Angular 22 and its CLI (with the TypeScript 6 it wants, apart from the workspace's), installed
 * by `npm ci` from test/packaging/apps/angular's lockfile into .cache/angular-22, and installed
 * again only when that lockfile changes.
 */
async function angularModules(): Promise<string> {
  const dir = join(root, '.cache/angular-22');
  const stamp = createHash('sha256')
    .update(readFileSync(join(ANGULAR_APP, 'package.json')))
    .update(readFileSync(join(ANGULAR_APP, 'package-lock.json')))
    .digest('hex');
  const stampFile = join(dir, 'installed-from.sha256');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return join(dir, 'node_modules');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) await cp(join(ANGULAR_APP, file), join(dir, file));
  const started = Date.now();
  await npm(['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], dir, 600_000);
  console.log(`installed Angular 22 into .cache/angular-22 in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await writeFile(stampFile, stamp);
  return join(dir, 'node_modules');
}

/** Every string an `exports` map (or one of its condition branches) points at. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

const strip = (path: string) => path.replace(/^\.\//, '');

/** The package a bare specifier names: e.g. `@scope/name/sub` → `@scope/name`, e.g. `lit/x.js` → `lit`. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Static and dynamic import specifiers, from the syntax tree (comments quote imports too; minified code defeats regexes). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      assert.ok(
        argument && ts.isStringLiteralLike(argument),
        `a dynamic import whose target cannot be read: ${node.getText().slice(0, 80)}`,
      );
      found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
  return found;
}

describe('npm pack: each package, installed from its tarball into a scratch app', { timeout: 900_000 }, () => {
  let packDir: string;
  let appDir: string;
  const packed = new Map<PackageDir, { tarball: string; files: string[] }>();

  before(async () => {
    // Always rebuilt, by each package's prepack (scripts/prepack.mjs): a stale dist would let
    // the tarballs test yesterday's code.
    packDir = await mkdtemp(join(tmpdir(), 'cargo-trackers-pack-'));
    for (const { dir } of PACKAGES) {
      const { stdout } = await npm(['pack', '--json', '--pack-destination', packDir], join(root, 'packages', dir));
      const [result] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
      assert.ok(result, `npm pack reported the ${dir} tarball`);
      packed.set(dir, { tarball: join(packDir, result.filename), files: result.files.map((f) => f.path) });
    }

    appDir = await mkdtemp(join(tmpdir(), 'cargo-trackers-app-'));
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2));
    await npm(
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        '--workspaces=false',
        '--loglevel=error',
        ...[...packed.values()].map((p) => p.tarball),
        `lit@${lockVersion('lit')}`,
        `@types/node@${lockVersion('@types/node')}`,
        // For the framework apps below: each checker at the workspace's version, Preact at 11.
        ...FRAMEWORK_PACKAGES.map((name) => `${name}@${lockVersion(name)}`),
        `preact@${PREACT_11}`,
      ],
      appDir,
    );
  });

  after(async () => {
    if (appDir) await rm(appDir, { recursive: true, force: true });
    if (packDir) await rm(packDir, { recursive: true, force: true });
  });

  const files = (dir: PackageDir) => {
    const entry = packed.get(dir);
    assert.ok(entry, `${dir} was packed`);
    return entry.files;
  };
  const installed = (name: string) => join(appDir, 'node_modules', ...name.split('/'));
  const manifestOf = (name: string) => JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as PackageJson;

  describe('tarball contents', () => {
    for (const { dir } of PACKAGES) {
      it(`${dir}: ships what consumers load and nothing that must not ship`, () => {
        const list = files(dir);
        for (const path of REQUIRED[dir]) assert.ok(list.includes(path), `${dir} tarball has ${path}`);
        for (const path of list) {
          for (const pattern of FORBIDDEN) assert.doesNotMatch(path, pattern, `${dir} tarball must not ship ${path}`);
        }
      });

      it(`${dir}: every path package.json names (exports, types, sideEffects, CDN fields) is in the tarball`, () => {
        const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as PackageJson;
        const list = files(dir);
        const named = [
          ...exportTargets(pkg.exports),
          ...[pkg.types, pkg.unpkg, pkg.jsdelivr, pkg.customElements, pkg['web-types']].filter((p): p is string => typeof p === 'string'),
        ].map(strip);
        assert.ok(named.length > 0, `${dir} names its entry points`);
        for (const path of named) assert.ok(list.includes(path), `${dir}: package.json names ${path}, the tarball lacks it`);
        for (const pattern of Array.isArray(pkg.sideEffects) ? pkg.sideEffects.map(strip) : []) {
          const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
          assert.ok(
            list.some((p) => re.test(p)),
            `${dir}: sideEffects entry ${pattern} matches no shipped file`,
          );
        }
      });
    }

    it('publint --strict and attw find nothing in any tarball (npm run lint:packages, on these tarballs)', () => {
      assert.deepEqual(
        PACKAGES.flatMap(({ dir }) => lintTarball(packed.get(dir)!.tarball).map((finding) => `${dir}: ${finding}`)),
        [],
      );
    });

    it('every module custom-elements.json names is in the tarball', () => {
      for (const dir of ['ocean-tracker', 'air-tracker', 'cargo-trackers'] as const) {
        const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'custom-elements.json'), 'utf8')) as {
          modules: Array<{ path: string }>;
        };
        for (const { path } of manifest.modules)
          assert.ok(files(dir).includes(path), `${dir}: the manifest names ${path}, the tarball lacks it`);
      }
    });

    it('cargo-trackers: the CDN entry and every chunk it imports, transitively, are shipped', () => {
      const list = new Set(files('cargo-trackers'));
      const seen = new Set<string>();
      const queue = ['dist/cdn/cargo-trackers.js'];
      while (queue.length > 0) {
        const path = queue.pop()!;
        if (seen.has(path)) continue;
        seen.add(path);
        assert.ok(list.has(path), `the CDN bundle loads ${path}, the tarball lacks it`);
        for (const specifier of importsOf(readFileSync(join(installed('cargo-trackers'), path), 'utf8'))) {
          assert.ok(
            specifier.startsWith('./') || specifier.startsWith('../'),
            `${path} imports ${specifier}, which a browser cannot resolve`,
          );
          queue.push(
            normalize(join(path, '..', specifier))
              .split(sep)
              .join('/'),
          );
        }
      }
      for (const chunk of [
        /^dist\/cdn\/chunks\/ocean-tracker-[\w-]+\.js$/,
        /^dist\/cdn\/chunks\/air-tracker-[\w-]+\.js$/,
        /^dist\/cdn\/chunks\/map-[\w-]+\.js$/,
        // The finer land outline, through its index (map/land-layer.ts imports both as the map zooms in).
        /^dist\/cdn\/chunks\/land-tiles-[\w-]+\.js$/,
        /^dist\/cdn\/chunks\/land-fine-13-6-[\w-]+\.js$/, // Kaohsiung's, as in land-tiles.browser.test.ts
      ]) {
        assert.ok(
          [...seen].some((p) => chunk.test(p)),
          `the CDN entry reaches a chunk matching ${chunk}`,
        );
      }
    });
  });

  describe('installed', () => {
    it('every package is a real directory from its tarball, not a link into the workspace', () => {
      for (const { name } of PACKAGES) {
        const path = installed(name);
        assert.ok(!lstatSync(path).isSymbolicLink(), `${name} is not a symlink`);
        assert.ok(realpathSync(path).startsWith(realpathSync(appDir)), `${name} lives in the scratch app`);
      }
    });

    it('every bare import in the shipped JavaScript is a declared dependency of its package', async () => {
      for (const { name } of PACKAGES) {
        const pkg = manifestOf(name);
        const declared = new Set([name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
        const dir = PACKAGES.find((p) => p.name === name)!.dir;
        for (const path of files(dir).filter((p) => p.startsWith('dist/') && p.endsWith('.js'))) {
          for (const specifier of importsOf(await readFile(join(installed(name), path), 'utf8'))) {
            const dependency = packageOf(specifier);
            if (dependency)
              assert.ok(declared.has(dependency), `${name}/${path} imports ${specifier}, but ${dependency} is not in its dependencies`);
          }
        }
      }
    });

    it('imports in Node without window (server-side rendering), and the proxy factory works', async () => {
      const script = join(appDir, 'ssr-check.mjs');
      await writeFile(
        script,
        `const report = { window: typeof window, customElements: typeof customElements };
for (const name of ['cargo-trackers', '@cargo-trackers/ocean-tracker', '@cargo-trackers/air-tracker', '@cargo-trackers/ocean-tracker/normalizer', '@cargo-trackers/air-tracker/normalizer', '@cargo-trackers/core', '@cargo-trackers/core/internal/first', '@cargo-trackers/ocean-tracker/define.js', 'cargo-trackers/cdn', '@cargo-trackers/proxy', '@cargo-trackers/proxy/node']) {
  const mod = await import(name);
  report[name] = { resolved: import.meta.resolve(name), exports: Object.keys(mod) };
}
const { createTrackingProxy } = await import('@cargo-trackers/proxy');
report.createTrackingProxy = typeof createTrackingProxy;
report.handler = typeof createTrackingProxy({ baseUrl: 'http://127.0.0.1:9/', apiKey: 'not-a-real-key' });
console.log(JSON.stringify(report));
`,
      );
      // A fresh Node, without the test runner's cargo-trackers-source condition or tsx.
      const { stdout } = await run(process.execPath, [script], { cwd: appDir, env: npmEnv() });
      const report = JSON.parse(stdout) as Record<string, { resolved: string; exports: string[] } | string>;
      assert.equal(report.window, 'undefined');
      assert.equal(report.customElements, 'undefined');
      const exportsOf = (name: string) => {
        const entry = report[name];
        assert.ok(typeof entry === 'object', `${name} was imported`);
        assert.ok(entry.resolved.startsWith(`file://${realpathSync(appDir)}/node_modules/`), `${name} resolved to ${entry.resolved}`);
        assert.match(entry.resolved, /\/dist\/[\w/-]+\.js$/, `${name} resolves to compiled JavaScript`);
        return entry.exports;
      };
      assert.ok(exportsOf('cargo-trackers').includes('OceanTracker') && exportsOf('cargo-trackers').includes('AirTracker'));
      assert.ok(exportsOf('@cargo-trackers/ocean-tracker/normalizer').includes('normalizeOcean'));
      assert.ok(exportsOf('@cargo-trackers/air-tracker/normalizer').includes('normalizeAir'));
      assert.ok(exportsOf('@cargo-trackers/core').length > 0);
      exportsOf('@cargo-trackers/ocean-tracker/define.js');
      // Besides loadElement, the entry exports what its chunks import from it (the early lookup's
      // modules, vite.config.ts), under the minifier's one- or two-letter names.
      assert.deepEqual(
        exportsOf('cargo-trackers/cdn').filter((name) => name.length > 2),
        ['loadElement'],
        'the script-tag entry imports in Node',
      );
      assert.ok(exportsOf('@cargo-trackers/proxy').includes('createTrackingProxy'));
      assert.ok(exportsOf('@cargo-trackers/proxy/node').includes('toNodeListener'));
      assert.equal(report.createTrackingProxy, 'function');
      assert.equal(report.handler, 'function');
    });

    it('type-checks with skipLibCheck off, under NodeNext and Bundler resolution', async () => {
      await writeFile(
        join(appDir, 'check.ts'),
        `import 'cargo-trackers';
import { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { normalizeOcean } from '@cargo-trackers/ocean-tracker/normalizer';
import { AirTracker } from '@cargo-trackers/air-tracker';
import '@cargo-trackers/air-tracker/define.js';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { loadElement } from 'cargo-trackers/cdn';

const ocean: OceanTracker | null = document.querySelector('ocean-tracker');
const air: AirTracker | null = document.querySelector('air-tracker');
ocean?.addEventListener('tracker-load', (event) => console.log(event.shipment));
export const listener = toNodeListener(createTrackingProxy({ baseUrl: 'https://example.invalid/', apiKey: 'k' }));
export { ocean, air, normalizeOcean };
export const loaded: Promise<void> = loadElement('ocean-tracker');
`,
      );
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      for (const [module, moduleResolution] of [
        ['NodeNext', 'NodeNext'],
        ['ESNext', 'Bundler'],
      ] as const) {
        const config = `tsconfig.${moduleResolution.toLowerCase()}.json`;
        await writeFile(
          join(appDir, config),
          JSON.stringify({
            // Only Node's globals: every other type must come through the packages' own imports and dependencies.
            compilerOptions: {
              target: 'ES2022',
              module,
              moduleResolution,
              strict: true,
              skipLibCheck: false,
              noEmit: true,
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              types: ['node'],
            },
            files: ['check.ts'],
          }),
        );
        const result = await run(process.execPath, [tsc, '-p', config], { cwd: appDir }).then(
          () => '',
          (error: { stdout?: string; message: string }) => error.stdout || error.message,
        );
        assert.equal(result, '', `tsc (${moduleResolution}) reports:\n${result}`);
      }
    });

    describe('framework apps, type-checked against the installed tarballs', () => {
      const apps = join(root, 'test/packaging/apps');
      const source = (name: string) => readFileSync(join(apps, name), 'utf8');
      const bin = (pkg: string, path: string) => join(appDir, 'node_modules', pkg, path);
      const STRICT = {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
      };
      /** Runs a checker; resolves to its output and exit code instead of throwing. */
      const check = (args: string[], cwd: string) =>
        run(process.execPath, args, { cwd, env: npmEnv(), maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }).then(
          ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
          (error: { code?: number; stdout?: string; stderr?: string; message: string }) => ({
            code: error.code ?? 1,
            output: (error.stdout ?? '') + (error.stderr ?? '') || error.message,
          }),
        );

      /** The app names every attribute, property and event of both elements, the way its framework writes them. */
      function assertUsesEverything(
        app: string,
        text: string,
        forms: { attributes: boolean; properties: 'all' | 'property-only'; event: (name: string) => string },
      ): void {
        for (const dir of ['ocean-tracker', 'air-tracker']) {
          const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'custom-elements.json'), 'utf8')) as {
            modules: Array<{
              declarations: Array<{
                attributes?: Array<{ name: string }>;
                members?: Array<{ name: string; kind: string; attribute?: string; readonly?: boolean }>;
                events?: Array<{ name: string }>;
              }>;
            }>;
          };
          const [element] = manifest.modules.flatMap((m) => m.declarations);
          assert.ok(element);
          if (forms.attributes)
            for (const { name } of element.attributes ?? [])
              assert.match(text, new RegExp(`[\\s:]${name}[=\\s>]`), `${app} uses the ${name} attribute`);
          for (const m of element.members ?? []) {
            if (m.kind !== 'field' || m.readonly || (forms.properties === 'property-only' && m.attribute)) continue;
            assert.match(text, new RegExp(`[\\s:{.]${m.name}[=}\\s]`), `${app} sets the ${m.name} property`);
          }
          for (const { name } of element.events ?? []) assert.ok(text.includes(forms.event(name)), `${app} listens for ${name}`);
        }
      }

      const writeAll = async (dir: string, files: Record<string, string>): Promise<string> => {
        const cwd = join(appDir, dir);
        await mkdir(cwd, { recursive: true });
        for (const [name, text] of Object.entries(files)) await writeFile(join(cwd, name), text);
        return cwd;
      };
      async function tscApp(dir: string, file: string, text: string, compilerOptions: object): Promise<{ code: number; output: string }> {
        const cwd = await writeAll(dir, {
          [file]: text,
          'tsconfig.json': JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, files: [file] }),
        });
        return check([join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], cwd);
      }

      const data = configuratorData(
        (JSON.parse(readFileSync(join(root, 'packages/cargo-trackers/package.json'), 'utf8')) as { version: string }).version,
      );
      /** A value of each attribute's type, as the configurator's form would give; a tile address with `{z}` for Svelte's braces. */
      const sample = (attribute: string, type: string | readonly string[]): string | number | boolean =>
        Array.isArray(type)
          ? type.at(-1)!
          : type === 'number'
            ? 3
            : type === 'boolean'
              ? true
              : attribute === 'tile-url'
                ? 'https://tiles.example/{z}/{x}/{y}.png'
                : `/${attribute}`;
      const config: SnippetConfig = {
        elements: data.elements.map((e) => ({
          tagName: e.tagName,
          component: e.component,
          shortcode: e.shortcode,
          block: e.block,
          attributes: e.attributes.map((a) => ({ ...a, value: sample(a.attribute, a.type) })),
        })),
        css: [{ name: '--tracker-accent-color', value: '#0b5cad' }],
        scriptUrl: '/cargo-trackers.js',
        packageName: data.packageName,
        version: data.version,
        proxyFromPlugin: false,
      };
      /**
       * The snippet with one attribute given a value its type refuses: the checker must say so. It
       * is checked in the same run as the snippet itself, as a second file whose one error is
       * expected (a checker that stopped checking would pass the snippet and miss it), so that
       * each framework costs one checker run.
       */
      const wrongTheme = (text: string) => {
        assert.ok(text.includes('theme="auto"'), text);
        return text.replace('theme="auto"', 'theme="purple"');
      };
      /** The output's lines that name `file`. */
      const linesOf = (output: string, file: string) => output.split('\n').filter((line) => line.includes(file));

      /**
       * Each framework's app and the configurator's snippet for it, checked in one run of its checker:
       * most of a run is its fixed cost (the libraries' declarations, with skipLibCheck off). Each
       * test asserts on its own files. The run starts when the first of its tests asks. An app's
       * typings are global in the program (Vue's and Svelte's augmentations), so each snippet test
       * also checks that the snippet imports its own: what checking it alone would have caught.
       */
      const once = <T>(work: () => Promise<T>): (() => Promise<T>) => {
        let started: Promise<T> | undefined;
        return () => (started ??= work());
      };
      const reactRun = once(async () => {
        const snippet = reactSnippet(config);
        const files = { 'app.tsx': source('react-app.tsx'), 'ShipmentTracking.tsx': snippet, 'TrackingWrong.tsx': wrongTheme(snippet) };
        const cwd = await writeAll('react', {
          ...files,
          'tsconfig.json': JSON.stringify({ compilerOptions: { ...STRICT, jsx: 'react-jsx' }, files: Object.keys(files) }),
        });
        return check([join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], cwd);
      });
      const vueRun = once(async () => {
        const app = source('vue-app.vue');
        const wrongApp = app.replace('theme="dark"', 'theme="purple"');
        assert.notEqual(wrongApp, app);
        const snippet = vueSnippet(config);
        const cwd = await writeAll('vue', {
          'App.vue': app,
          'Wrong.vue': wrongApp,
          'Tracking.vue': snippet,
          'TrackingWrong.vue': wrongTheme(snippet),
          'tsconfig.json': JSON.stringify({
            compilerOptions: { ...STRICT, jsx: 'preserve' },
            vueCompilerOptions: { strictTemplates: true },
            include: ['*.vue'],
          }),
        });
        return check([bin('vue-tsc', 'bin/vue-tsc.js'), '-p', 'tsconfig.json'], cwd);
      });
      const svelteRun = once(async () => {
        const snippet = svelteSnippet(config);
        const cwd = await writeAll('svelte', {
          'App.svelte': source('svelte-app.svelte'),
          'Wrong.svelte': source('svelte-wrong.svelte'),
          // The on: directive, which a component not in runes mode may use (never beside ontracker-load in one component).
          'Legacy.svelte': source('svelte-legacy.svelte'),
          'Tracking.svelte': snippet,
          'TrackingWrong.svelte': wrongTheme(snippet),
          'tsconfig.json': JSON.stringify({ compilerOptions: { ...STRICT, verbatimModuleSyntax: true }, include: ['*.svelte'] }),
        });
        return check([bin('svelte-check', 'bin/svelte-check'), '--tsconfig', './tsconfig.json', '--output', 'machine'], cwd);
      });
      /** The lines of tsc's output that report an error, but those in `file`. */
      const errorsOutside = (output: string, file: string) =>
        output.split('\n').filter((line) => /error TS\d+/.test(line) && !line.startsWith(`${file}(`));

      it('React 19 + TypeScript (strict, skipLibCheck off): every prop type-checks, wrong values are errors', async () => {
        assertUsesEverything('the React app', source('react-app.tsx'), {
          attributes: true,
          properties: 'all',
          event: (name) => `on${name}=`,
        });
        const result = await reactRun();
        // Each wrong value sits under a @ts-expect-error, which is itself an error (TS2578) when the
        // typings let it pass. The one error of the run is the snippet's planted one (below).
        assert.deepEqual(errorsOutside(result.output, 'TrackingWrong.tsx'), [], result.output);
      });

      it('Preact 11: the same app with the Preact typings', async () => {
        const text = source('react-app.tsx').replace("'cargo-trackers/jsx-react'", "'cargo-trackers/jsx-preact'");
        assert.ok(text.includes("from 'cargo-trackers/jsx-preact'"));
        assert.equal(JSON.parse(readFileSync(join(appDir, 'node_modules/preact/package.json'), 'utf8')).version, PREACT_11);
        const result = await tscApp('preact', 'app.tsx', text, { jsx: 'react-jsx', jsxImportSource: 'preact' });
        assert.equal(result.output, '');
        assert.equal(result.code, 0);
      });

      it('Solid: every prop type-checks in the forms that reach the element (kebab-case, prop:, attr:, on:); proxyUrl="…" and wrong values are errors', async () => {
        const text = source('solid-app.tsx');
        assertUsesEverything('the Solid app', text, { attributes: true, properties: 'all', event: (name) => `on:${name}=` });
        const result = await tscApp('solid', 'app.tsx', text, { jsx: 'preserve', jsxImportSource: 'solid-js' });
        assert.equal(result.output, '');
        assert.equal(result.code, 0);
      });

      it('Vue 3 with vue-tsc and strictTemplates: props, events, global attributes, @click, a static poll-interval and a typed template ref pass; wrong values are errors', async () => {
        assertUsesEverything('the Vue app', source('vue-app.vue'), {
          attributes: true,
          properties: 'property-only',
          event: (name) => `@${name}=`,
        });
        // The wrong values sit under @vue-expect-error, an error itself when nothing is wrong. And a
        // copy with one more wrong value, not under it: the checker must report it (it is not
        // silently skipping the template).
        const result = await vueRun();
        const diagnostics = result.output.split('\n').filter((line) => /error TS\d+/.test(line));
        assert.deepEqual(
          diagnostics
            .filter((line) => !line.startsWith('TrackingWrong.vue'))
            .map((line) => line.replace(/\(\d+,\d+\): error TS2322: Type '"purple"' is not assignable.*/, ': purple')),
          ['Wrong.vue: purple'],
          result.output,
        );
      });

      it('Svelte 5 with svelte-check: the app (ontracker-load) and a legacy one (on:tracker-load) pass, each wrong value is reported on its line', async () => {
        assertUsesEverything('the Svelte app', source('svelte-app.svelte'), {
          attributes: true,
          properties: 'all',
          event: (name) => `on${name}=`,
        });
        assert.ok(source('svelte-legacy.svelte').includes('on:tracker-load='), 'the legacy app listens with on:tracker-load');
        const result = await svelteRun();
        assert.ok(result.output.includes('COMPLETED'), result.output);
        // The snippet's planted error (below) is the only other one of the run.
        const errors = result.output.split('\n').filter((line) => / ERROR /.test(line) && !line.includes('"TrackingWrong.svelte"'));
        for (const file of ['App.svelte', 'Legacy.svelte'])
          assert.ok(!errors.some((line) => line.includes(`"${file}"`)), `${file} has no errors:\n${errors.join('\n')}`);
        const wrongText = source('svelte-wrong.svelte');
        const lineOf = (needle: string) => wrongText.split('\n').findIndex((line) => line.includes(needle)) + 1;
        const expected = [
          [lineOf('theme="purple"'), /purple.* is not assignable/],
          [lineOf('poll-interval="often"'), /often.* is not assignable/],
          [lineOf('referenceNumbr'), /referenceNumbr/],
          [lineOf('event.foo'), /'foo' does not exist on type 'TrackerLoadEvent'/],
          [lineOf('onTrackerLoad'), /onTrackerLoad/],
          [lineOf('messages="Find"'), /has no properties in common with type 'Messages'/],
        ] as const;
        assert.equal(errors.length, expected.length, errors.join('\n'));
        for (const [line, message] of expected) {
          assert.ok(
            errors.some((e) => e.includes(`"Wrong.svelte" ${line}:`) && message.test(e)),
            `Wrong.svelte:${line} is reported (${message}):\n${errors.join('\n')}`,
          );
        }
      });

      describe("the configurator's React, Vue and Svelte snippets, every attribute set, pasted into a TypeScript app", () => {
        it('React: OceanTracker and AirTracker from cargo-trackers/react, checked by tsc (strict)', async () => {
          assert.match(reactSnippet(config), /import \{ OceanTracker, AirTracker \} from 'cargo-trackers\/react'/);
          const result = await reactRun();
          assert.deepEqual(linesOf(result.output, 'ShipmentTracking.tsx'), [], reactSnippet(config));
          assert.match(result.output, /TrackingWrong\.tsx\(\d+,\d+\): error TS2322: Type '"purple"' is not assignable/);
        });

        it('Vue: a <script setup lang="ts"> component, checked by vue-tsc with strictTemplates', async () => {
          assert.match(vueSnippet(config), /^import type \{\} from 'cargo-trackers\/vue';/m);
          const result = await vueRun();
          assert.deepEqual(linesOf(result.output, 'Tracking.vue'), [], vueSnippet(config));
          assert.match(result.output, /TrackingWrong\.vue\(\d+,\d+\): error TS2322: Type '"purple"' is not assignable/);
        });

        it('Svelte: a <script lang="ts"> component, checked by svelte-check', async () => {
          assert.match(svelteSnippet(config), /^\s*import type \{\} from 'cargo-trackers\/svelte';/m);
          const result = await svelteRun();
          assert.ok(result.output.includes('COMPLETED'), result.output);
          assert.deepEqual(
            result.output.split('\n').filter((line) => / (ERROR|WARNING) /.test(line) && line.includes('"Tracking.svelte"')),
            [],
            svelteSnippet(config),
          );
          assert.match(result.output, /ERROR "TrackingWrong\.svelte" \d+:\d+ .*purple.* is not assignable/);
        });
      });

      it('Lit with lit-analyzer (strict): no attribute of the elements is unknown, each wrong binding is reported', async () => {
        const text = source('lit-app.ts');
        assertUsesEverything('the Lit app', text, { attributes: true, properties: 'all', event: (name) => `@${name}=` });
        const cwd = join(appDir, 'lit');
        await mkdir(cwd, { recursive: true });
        const wrongText = source('lit-wrong.ts');
        await writeFile(join(cwd, 'lit-app.ts'), text);
        await writeFile(join(cwd, 'lit-wrong.ts'), wrongText);
        await writeFile(join(cwd, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, files: ['lit-app.ts', 'lit-wrong.ts'] }));
        const result = await check([bin('lit-analyzer', 'cli.js'), 'lit-app.ts', 'lit-wrong.ts', '--strict', '--format', 'markdown'], cwd);
        // Markdown tables per file: `| line | column | severity | rule | message |`.
        const rows = (file: string) =>
          (result.output.split(`## ./${file}`)[1]?.split('## ')[0] ?? '').split('\n').filter((line) => /^\| \d+ /.test(line));
        assert.deepEqual(rows('lit-app.ts'), [], `lit-app.ts:\n${result.output}`);
        const lineOf = (needle: string) => wrongText.split('\n').findIndex((line) => line.includes(needle)) + 1;
        const expected = [
          [lineOf(".theme=${'purple'}"), /no-incompatible-type-binding.*"purple"/],
          [lineOf(".pollInterval=${'often'}"), /no-incompatible-type-binding.*"often".*number/],
          [lineOf('.referenceNumbr'), /no-unknown-property/],
          [lineOf('awb-numbr'), /no-unknown-attribute.*awb-numbr/],
        ] as const;
        const reported = rows('lit-wrong.ts');
        assert.equal(reported.length, expected.length, reported.join('\n'));
        for (const [line, message] of expected)
          assert.ok(
            reported.some((r) => r.startsWith(`| ${line} `) && message.test(r)),
            `lit-wrong.ts:${line} (${message}):\n${reported.join('\n')}`,
          );
      });

      it('pnpm (strict linking) with only cargo-trackers installed: the React app type-checks through the umbrella alone', async () => {
        const cwd = join(appDir, 'pnpm');
        await mkdir(cwd, { recursive: true });
        const tarball = (dir: PackageDir) => `file:${packed.get(dir)!.tarball}`;
        await writeFile(
          join(cwd, 'package.json'),
          JSON.stringify({
            name: 'pnpm-scratch-app',
            private: true,
            type: 'module',
            dependencies: { 'cargo-trackers': tarball('cargo-trackers'), '@types/react': lockVersion('@types/react') },
            // The umbrella's own dependencies come from the tarballs too, not from the registry.
            pnpm: {
              overrides: {
                '@cargo-trackers/core': tarball('core'),
                '@cargo-trackers/ocean-tracker': tarball('ocean-tracker'),
                '@cargo-trackers/air-tracker': tarball('air-tracker'),
              },
            },
          }),
        );
        const pnpm = join(root, 'node_modules/pnpm/bin/pnpm.cjs');
        const installedWith = await check(
          [pnpm, 'install', '--store-dir', join(appDir, '.pnpm-store'), '--reporter=append-only', '--config.package-import-method=copy'],
          cwd,
        );
        assert.equal(installedWith.code, 0, installedWith.output);
        assert.deepEqual(
          readdirSync(join(cwd, 'node_modules'))
            .filter((n) => !n.startsWith('.'))
            .sort(),
          ['@types', 'cargo-trackers'],
          'only what the app depends on is linked at the top',
        );
        await writeFile(join(cwd, 'app.tsx'), source('react-app.tsx'));
        await writeFile(
          join(cwd, 'tsconfig.json'),
          JSON.stringify({ compilerOptions: { ...STRICT, jsx: 'react-jsx' }, files: ['app.tsx'] }),
        );
        const result = await check([join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], cwd);
        assert.equal(result.output, '');
        assert.equal(result.code, 0);
      });
    });

    describe('in Chromium', () => {
      let browser: Browser;
      let server: Listening;
      const requests: string[] = [];
      const ocean = readFileSync(join(root, 'test/fixtures/ocean-container-in-transit.json'));
      const carriers = readFileSync(join(root, 'test/fixtures/carriers-ocean.json'));
      const TYPES: Record<string, string> = {
        '.html': 'text/html',
        '.js': 'text/javascript',
        '.json': 'application/json',
        '.map': 'application/json',
        '.css': 'text/css',
      };
      const PLAIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>CDN script</title>
<script type="module" src="/node_modules/cargo-trackers/dist/cdn/cargo-trackers.js"></script></head>
<body><ocean-tracker proxy-url="/api/tracking/ocean" reference-number="MEDU9091004" map="none"></ocean-tracker></body></html>`;

      async function sendFile(res: ServerResponse, base: string, path: string): Promise<void> {
        const file = normalize(join(base, decodeURIComponent(path)));
        if (!file.startsWith(base + sep)) return void res.writeHead(403).end();
        try {
          const body = await readFile(file);
          res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
        } catch {
          res.writeHead(404).end();
        }
      }

      function handle(req: IncomingMessage, res: ServerResponse): void {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        requests.push(url.pathname + url.search);
        const json = (body: Buffer): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        if (url.pathname === '/api/tracking/ocean') return json(ocean);
        if (url.pathname === '/api/tracking/carriers/ocean') return json(carriers);
        if (url.pathname === '/cdn.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PLAIN_PAGE);
        if (url.pathname.startsWith('/angular/')) {
          const path = url.pathname.slice('/angular/'.length);
          return void sendFile(res, join(appDir, 'angular/dist/browser'), path === '' ? 'index.html' : path);
        }
        if (url.pathname.startsWith('/node_modules/'))
          return void sendFile(res, join(appDir, 'node_modules'), url.pathname.slice('/node_modules/'.length));
        void sendFile(res, join(appDir, 'dist'), url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
      }

      /** Opens `path`, records page errors, console errors, failed responses and any request off loopback. */
      async function open(path: string): Promise<{ page: Page; problems: string[] }> {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
        });
        page.on('response', (response) => {
          if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
        });
        await page.route('**/*', (route) => {
          const url = new URL(route.request().url());
          if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
          problems.push(`request off loopback: ${url.href}`);
          return route.abort();
        });
        await page.goto(`${server.baseUrl}${path}`);
        return { page, problems };
      }

      async function statusOf(page: Page): Promise<string> {
        const status = page.locator('ocean-tracker [part~="status"]');
        // Waits long enough for any machine (they stop a hang, they bound no speed); the caller
        // asserts on what the status then says.
        await status.waitFor({ timeout: 60_000 });
        await page
          .waitForFunction(
            () =>
              document.querySelector('ocean-tracker')?.shadowRoot?.querySelector('[part~="status"]')?.textContent?.includes('In transit'),
            null,
            { timeout: 60_000 },
          )
          .catch(() => {});
        return status.innerText();
      }

      before(async () => {
        await mkdir(join(appDir, 'src'), { recursive: true });
        await writeFile(
          join(appDir, 'index.html'),
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Vite app</title></head>
<body><ocean-tracker proxy-url="/api/tracking/ocean" reference-number="MEDU9091004" map="none"></ocean-tracker>
<script type="module" src="/src/main.js"></script></body></html>`,
        );
        await writeFile(
          join(appDir, 'src/main.js'),
          `import 'cargo-trackers';
import { OceanTracker } from 'cargo-trackers';
document.documentElement.dataset.registeredByApp = String(customElements.get('ocean-tracker') === OceanTracker);
`,
        );
        // The workspace's own Vite, run from the scratch app: it resolves packages from there only.
        await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
          cwd: appDir,
          timeout: 60_000,
        });
        server = await listenOnLoopback(createServer(handle));
        browser = await launchChromium();
      });

      after(async () => {
        await browser?.close();
        await server?.close();
      });

      it('a Vite app that imports cargo-trackers renders <ocean-tracker> from the proxy answer', async () => {
        requests.length = 0;
        const { page, problems } = await open('/');
        try {
          assert.match(await statusOf(page), /In transit/);
          assert.equal(
            await page.evaluate(() => document.documentElement.dataset.registeredByApp),
            'true',
            'the bundled npm copy registered the tag',
          );
          assert.ok(
            requests.some((r) => r.startsWith('/api/tracking/ocean?') && r.includes('MEDU9091004')),
            `the lookup reached the proxy route: ${requests.join(', ')}`,
          );
          assert.ok(!requests.some((r) => r.startsWith('/node_modules/')), 'the app is self-contained after the build');
          assert.deepEqual(problems, []);
        } finally {
          await page.close();
        }
      });

      it('the packed CDN file works as a <script type="module"> on a plain page', async () => {
        requests.length = 0;
        const { page, problems } = await open('/cdn.html');
        try {
          assert.match(await statusOf(page), /In transit/);
          assert.ok(
            requests.some((r) => /^\/node_modules\/cargo-trackers\/dist\/cdn\/chunks\/ocean-tracker-[\w-]+\.js$/.test(r)),
            `the element's chunk was fetched from beside the entry: ${requests.join(', ')}`,
          );
          assert.deepEqual(problems, []);
        } finally {
          await page.close();
        }
      });

      describe('Angular 22: a standalone component with CUSTOM_ELEMENTS_SCHEMA, checked and built by its CLI on Node 22', () => {
        let cwd: string;
        let node22: string;
        const ng = (args: string[]) =>
          run(node22, args, { cwd, env: { ...npmEnv(), NG_CLI_ANALYTICS: 'false' }, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 }).then(
            ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
            (error: { code?: number; stdout?: string; stderr?: string; message: string }) => ({
              code: typeof error.code === 'number' ? error.code : 1,
              output: (error.stdout ?? '') + (error.stderr ?? '') || error.message,
            }),
          );

        before(async () => {
          node22 = nodeBinary(ANGULAR_NODE.major, ANGULAR_NODE.minimum);
          const modules = await angularModules();
          cwd = join(appDir, 'angular');
          // The app's own files beside the scratch app's node_modules (the tarballs), Angular linked in from the cache.
          await cp(ANGULAR_APP, cwd, { recursive: true, filter: (path) => !/[/\\](node_modules|dist|package(-lock)?\.json)$/.test(path) });
          await symlink(modules, join(cwd, 'node_modules'), 'dir');
        });

        it('ng build (strictTemplates, skipLibCheck off, TypeScript 6) type-checks and builds the app', async () => {
          const version = (await run(node22, ['--version'])).stdout.trim();
          const started = Date.now();
          const result = await ng([join(cwd, 'node_modules/@angular/cli/bin/ng.js'), 'build']);
          console.log(`ng build on Node ${version}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
          assert.equal(result.code, 0, result.output);
          assert.match(result.output, /Application bundle generation complete/);
          assert.ok(existsSync(join(cwd, 'dist/browser/index.html')), 'the build wrote dist/browser/index.html');
        });

        it('ngc reports each mistake in src/wrong.ts: a listener for another event class, a field the event lacks, the schema left out', async () => {
          const result = await ng([join(cwd, 'node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js'), '-p', 'tsconfig.wrong.json']);
          assert.notEqual(result.code, 0, result.output);
          const wrongText = readFileSync(join(cwd, 'src/wrong.ts'), 'utf8');
          const lineOf = (needle: string) => wrongText.split('\n').findIndex((line) => line.includes(needle)) + 1;
          // ngc prints TypeScript's pretty form, coloured: e.g. `src/wrong.ts:9:55 - error TS2345: …`.
          const errors = stripVTControlCharacters(result.output)
            .split('\n')
            .filter((line) => / - error (TS|NG)\d+:/.test(line));
          const expected = [
            [
              lineOf('onPending($event)'),
              /TS2345: Argument of type 'TrackerLoadEvent' is not assignable to parameter of type 'TrackerPendingEvent'/,
            ],
            [lineOf('$event.foo'), /TS2339: Property 'foo' does not exist on type 'TrackerLoadEvent'/],
            [lineOf('[proxyUrl]="\'/api'), /NG8001: 'ocean-tracker' is not a known element/],
            [lineOf('[proxyUrl]="\'/api'), /NG8002: Can't bind to 'proxyUrl'/],
          ] as const;
          assert.equal(errors.length, expected.length, result.output);
          for (const [line, message] of expected)
            assert.ok(
              errors.some((e) => e.startsWith(`src/wrong.ts:${line}:`) && message.test(e)),
              `src/wrong.ts:${line} (${message}):\n${errors.join('\n')}`,
            );
        });

        it('in Chromium the built app shows the shipment: [proxyUrl] and [messages] reached the element, (tracker-load) ran', async () => {
          assert.ok(existsSync(join(cwd, 'dist/browser/index.html')), 'ng build ran');
          requests.length = 0;
          const { page, problems } = await open('/angular/');
          try {
            assert.match(await statusOf(page), /In transit/);
            await page.waitForFunction(() => document.querySelector('#loaded')?.textContent?.includes('MEDU9091004'), null, {
              timeout: 60_000,
            });
            assert.match((await page.textContent('#loaded')) ?? '', /^MEDU9091004 \S+$/, 'the (tracker-load) handler ran');
            assert.equal(await page.locator('ocean-tracker [part~="submit-button"]').innerText(), 'Find', '[messages] was set');
            assert.equal(
              await page.evaluate(() => document.querySelector('ocean-tracker')?.getAttribute('proxy-url')),
              null,
              'the proxy came as a property',
            );
            assert.ok(
              requests.some((r) => r.startsWith('/api/tracking/ocean?') && r.includes('MEDU9091004')),
              `the lookup reached the proxy route: ${requests.join(', ')}`,
            );
            assert.deepEqual(problems, []);
          } finally {
            await page.close();
          }
        });
      });
    });
  });
});

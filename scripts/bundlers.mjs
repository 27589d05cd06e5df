// Builds one app, `import 'cargo-trackers'`, from the built packages (their `exports` maps and
// `sideEffects`, as an npm consumer resolves them; not the in-repo source condition) with
// Vite, esbuild and webpack 5, and reports for each what a page loads before any lookup: the
// initial set (the entry and every chunk it imports statically), its gzip size (each file at
// level 9, summed) and which lazy modules (the shipment view, the product views, the map) sit
// in it. They must not: they are meant to load when a lookup starts or a map is shown.
// Usage: npm run build:packages && node scripts/bundlers.mjs
// test/packaging/bundlers.test.ts runs the same measurement and holds it to the targets below.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The budget over Vite's figure that esbuild and webpack may use. esbuild splits the first load
 * into a few files by which entries reach each module, and each file costs its own header; the
 * budget leaves room for that without holding the code's structure to a few dozen bytes (the lazy
 * modules, which are what matters, are checked apart).
 */
export const TOLERANCE_BYTES = 1536;

/**
 * Modules that only a lookup or a map brings in (paths inside the packages' dist; a path ending in
 * `/` is a folder): all of core's lookup/ and view/, the map element and the Leaflet adapter, and
 * each element's lookup/ and view/ (normalizer, list reader, product view).
 */
export const LAZY_MODULES = [
  'core/dist/lookup/',
  'core/dist/view/',
  'core/dist/map/tracker-route-map.js',
  'core/dist/map/leaflet-route-map.js',
  // The finer land outline: its index and tiles, imported only as a map zooms in.
  'core/dist/map/land-fine.js',
  'core/dist/map/land-tiles.generated.js',
  'core/dist/map/land/',
  'ocean-tracker/dist/lookup/',
  'ocean-tracker/dist/view/',
  'air-tracker/dist/lookup/',
  'air-tracker/dist/view/',
];

const APP = `import 'cargo-trackers';\n`;

const gzipBytes = (code) => gzipSync(code, { level: 9 }).length;

/** Repository-relative, `/`-separated, with any loader prefix or query removed. */
function normalizeId(id) {
  const path = id.replace(/^.*!/, '').replace(/\?.*$/, '').replace(/^\0+/, '');
  return relative(root, path.startsWith('/') ? path : join(root, path))
    .split('\\')
    .join('/');
}

const isIn = (module, lazy) => (lazy.endsWith('/') ? module.includes(`packages/${lazy}`) : module.endsWith(`packages/${lazy}`));
const lazyIn = (modules) => LAZY_MODULES.filter((lazy) => modules.some((m) => isIn(m, lazy)));

async function viteBuild(dir) {
  const { build } = await import('vite');
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: join(dir, 'main.js') },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const initial = new Set();
  const visit = (name) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  const files = [...initial].map((name) => chunks.get(name));
  return {
    files: files.map((c) => c.fileName),
    gzip: files.reduce((sum, c) => sum + gzipBytes(c.code), 0),
    modules: files.flatMap((c) => (c.moduleIds ?? Object.keys(c.modules)).map(normalizeId)),
  };
}

async function esbuildBuild(dir) {
  const esbuild = await import('esbuild');
  const outdir = join(dir, 'esbuild');
  const result = await esbuild.build({
    entryPoints: [join(dir, 'main.js')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    outdir,
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint?.endsWith('/main.js'));
  const initial = new Set();
  const visit = (name) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const imported of outputs[name].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  if (process.env.BUNDLERS_DEBUG)
    for (const name of initial) console.log(name, Object.keys(outputs[name].inputs).map(normalizeId).join(' '));
  let gzip = 0;
  for (const name of initial) gzip += gzipBytes(await readFile(join(root, name)));
  return {
    files: [...initial].map((name) => relative(outdir, join(root, name))),
    gzip,
    modules: [...initial].flatMap((name) => Object.keys(outputs[name].inputs).map(normalizeId)),
  };
}

async function webpackBuild(dir) {
  const { default: webpack } = await import('webpack');
  const outdir = join(dir, 'webpack');
  const stats = await new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: { main: './main.js' },
        target: ['web', 'es2022'],
        output: { path: outdir, clean: true },
        devtool: false,
        performance: { hints: false },
        infrastructureLogging: { level: 'error' },
      },
      (error, stats) => (error ? reject(error) : stats.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve(stats)),
    );
  });
  const { compilation } = stats;
  const initialChunks = [...compilation.chunks].filter((chunk) => chunk.canBeInitial());
  const files = initialChunks.flatMap((chunk) => [...chunk.files]).filter((f) => f.endsWith('.js'));
  let gzip = 0;
  for (const file of files) gzip += gzipBytes(await readFile(join(outdir, file)));
  // A concatenated module (scope hoisting) lists the modules it holds.
  const resources = (module) => (module.modules ? [...module.modules].flatMap(resources) : module.resource ? [module.resource] : []);
  const modules = initialChunks.flatMap((chunk) => [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap(resources));
  return {
    files,
    gzip,
    modules: modules.map(normalizeId),
  };
}

export const BUNDLERS = { vite: viteBuild, esbuild: esbuildBuild, 'webpack 5': webpackBuild };

/** Builds the app with each bundler; the packages must be built (`npm run build:packages`). */
export async function measureBundlers() {
  // Inside the workspace, so that `cargo-trackers` resolves through its node_modules.
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'bundlers-'));
  try {
    await writeFile(join(dir, 'main.js'), APP);
    const results = {};
    for (const [name, build] of Object.entries(BUNDLERS)) {
      const result = await build(dir);
      results[name] = { ...result, lazy: lazyIn(result.modules) };
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function report(results) {
  const lines = ['initial set of `import "cargo-trackers"` (gzip, level 9, files summed)'];
  const vite = results.vite.gzip;
  for (const [name, r] of Object.entries(results)) {
    const delta = name === 'vite' ? '' : ` (${r.gzip >= vite ? '+' : ''}${r.gzip - vite} B vs Vite)`;
    lines.push(
      `  ${name.padEnd(10)} ${(r.gzip / 1024).toFixed(1).padStart(5)} KB${delta}, ${r.files.length} file(s), ${r.modules.length} modules` +
        (r.lazy.length ? `; LAZY MODULES IN IT: ${r.lazy.join(', ')}` : ''),
    );
  }
  return lines.join('\n');
}

/** What is wrong with the figures, if anything: lazy modules in an initial set, or one bundler over Vite + tolerance. */
export function problems(results) {
  const found = [];
  for (const [name, r] of Object.entries(results)) {
    if (r.lazy.length) found.push(`${name}: lazy modules in the initial set: ${r.lazy.join(', ')}`);
    if (r.gzip > results.vite.gzip + TOLERANCE_BYTES)
      found.push(`${name}: ${r.gzip} B gzip, more than ${TOLERANCE_BYTES} B above Vite's ${results.vite.gzip} B`);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await measureBundlers();
  console.log(report(results));
  const found = problems(results);
  for (const problem of found) console.error(`FAIL ${problem}`);
  process.exit(found.length ? 1 : 0);
}

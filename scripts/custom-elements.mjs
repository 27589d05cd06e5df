// `npm run build:manifest`: runs @custom-elements-manifest/analyzer over the element sources
// (custom-elements-manifest.config.mjs) and writes each package's `custom-elements.json`,
// the file its `customElements` field names:
//   @cargo-trackers/ocean-tracker, @cargo-trackers/air-tracker   their own modules;
//   cargo-trackers                                               both elements, as its entry re-exports them.
// All packages are analyzed together so members inherited from core's TrackerElement are
// resolved; references into another package are rewritten to `{ package, module }`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PACKAGES = {
  core: '@cargo-trackers/core',
  'ocean-tracker': '@cargo-trackers/ocean-tracker',
  'air-tracker': '@cargo-trackers/air-tracker',
};

const out = mkdtempSync(join(tmpdir(), 'cem-'));
const cli = join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
const run = spawnSync(process.execPath, [cli, 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', relative(root, out)], {
  cwd: root,
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(run.status ?? 1);
}
const manifest = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8'));
rmSync(out, { recursive: true, force: true });

/** Rewrites `packages/<dir>/src/x.ts` module references as seen from package `dir`. */
function relink(value, dir) {
  if (Array.isArray(value)) return value.map((v) => relink(v, dir));
  if (value === null || typeof value !== 'object') return value;
  const copy = {};
  for (const [key, v] of Object.entries(value)) copy[key] = relink(v, dir);
  const m = typeof copy.module === 'string' ? /^packages\/([^/]+)\/(.*)$/.exec(copy.module) : null;
  if (m) {
    copy.module = m[2];
    if (m[1] !== dir) copy.package = PACKAGES[m[1]];
  }
  return copy;
}

const modulesOf = (dir) =>
  manifest.modules
    .filter((mod) => mod.path.startsWith(`packages/${dir}/src/`))
    .map((mod) => relink({ ...mod, path: mod.path.slice(`packages/${dir}/`.length) }, dir));

function write(dir, modules) {
  const file = join(root, 'packages', dir, 'custom-elements.json');
  writeFileSync(file, JSON.stringify({ schemaVersion: manifest.schemaVersion, readme: '', modules }, null, 2) + '\n');
  const tags = modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName).map((d) => `<${d.tagName}>`);
  console.log(`${relative(root, file)}: ${tags.join(', ')}`);
}

const elements = [];
for (const dir of ['ocean-tracker', 'air-tracker']) {
  const modules = modulesOf(dir);
  write(dir, modules);
  for (const mod of modules) {
    for (const d of mod.declarations ?? []) {
      if (d.tagName) elements.push({ declaration: relink(d, 'cargo-trackers'), pkg: PACKAGES[dir], path: mod.path });
    }
  }
}
write('cargo-trackers', [
  {
    kind: 'javascript-module',
    path: 'src/index.ts',
    declarations: elements.map((e) => e.declaration),
    exports: elements.flatMap(({ declaration, pkg, path }) => [
      { kind: 'js', name: declaration.name, declaration: { name: declaration.name, package: pkg, module: path } },
      { kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, package: pkg, module: path } },
    ]),
  },
]);

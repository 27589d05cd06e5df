// What every published package carries alike, declared once here and in the root
// package.json (repository, homepage, bugs, engines, the LICENSE file), written into each
// package: the fields, `files` entries for LICENSE, README.md and CHANGELOG.md, a `prepack`
// that builds what the tarball ships, and a copy of the root LICENSE. npm copies two of those fields
// (license, engines) into package-lock.json's entry for each workspace: they are written there too,
// or the next `npm install` rewrites the lock and leaves a fresh clone's tree changed.
// Usage: node scripts/package-metadata.mjs          (writes the packages)
//        node scripts/package-metadata.mjs --check  (exits 1 and lists what differs)
// test/packaging/package-metadata.test.ts runs the check.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The published packages and the root build steps (`npm run <step>`) their tarballs need.
 * Element packages ship a custom-elements.json; the umbrella ships the script-tag bundle too.
 */
export const PUBLISHED = {
  core: ['build:packages'],
  'ocean-tracker': ['build:packages', 'build:api'],
  'air-tracker': ['build:packages', 'build:api'],
  'cargo-trackers': ['build:packages', 'build:bundle', 'build:api'],
  proxy: ['build:packages'],
};

const ALWAYS_SHIPPED = ['LICENSE', 'README.md', 'CHANGELOG.md'];

/**
 * The packages whose tarballs hold the finer land tiles (core's src/map/land, built into its dist
 * and into the script-tag bundle): OpenStreetMap data, under the ODbL (README, "Map data").
 */
const DATA_LICENSES = { core: 'MIT AND ODbL-1.0', 'cargo-trackers': 'MIT AND ODbL-1.0' };

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** The package.json `dir` should have, given the current one. */
export function expectedManifest(dir, current, rootPkg = readJson(join(root, 'package.json'))) {
  const repository = rootPkg.repository;
  const next = { ...current };
  next.license = DATA_LICENSES[dir] ?? 'MIT';
  next.repository = { type: repository.type, url: repository.url, directory: `packages/${dir}` };
  next.homepage = `${rootPkg.homepage.replace(/#.*$/, '')}/tree/main/packages/${dir}#readme`;
  next.bugs = rootPkg.bugs;
  next.engines = rootPkg.engines;
  next.files = [...(current.files ?? []).filter((f) => !ALWAYS_SHIPPED.includes(f)), ...ALWAYS_SHIPPED];
  // Builds first, so a plain `npm pack` or `npm publish` never ships sources alone.
  next.scripts = { ...current.scripts, prepack: `node ../../scripts/prepack.mjs ${PUBLISHED[dir].join(' ')}` };
  next.publishConfig = { access: 'public' };
  return next;
}

/** The package.json fields npm mirrors into the lock's entry for a workspace, of those written here. */
const LOCKED_FIELDS = ['license', 'engines'];

/** Every difference between the packages and what they should be, as [path, expected text]. */
export function plan() {
  const rootPkg = readJson(join(root, 'package.json'));
  const license = readFileSync(join(root, 'LICENSE'), 'utf8');
  const lockPath = join(root, 'package-lock.json');
  const lockText = readFileSync(lockPath, 'utf8');
  const lock = JSON.parse(lockText);
  const changes = [];
  for (const dir of Object.keys(PUBLISHED)) {
    const pkgPath = join(root, 'packages', dir, 'package.json');
    const current = readJson(pkgPath);
    const manifest = expectedManifest(dir, current, rootPkg);
    const expected = json(manifest);
    if (expected !== readFileSync(pkgPath, 'utf8')) changes.push([pkgPath, expected]);
    const licensePath = join(root, 'packages', dir, 'LICENSE');
    if (!existsSync(licensePath) || readFileSync(licensePath, 'utf8') !== license) changes.push([licensePath, license]);
    const locked = lock.packages?.[`packages/${dir}`];
    if (locked) for (const field of LOCKED_FIELDS) locked[field] = manifest[field];
  }
  // npm writes the lock as two-space JSON with a final newline, so an unchanged lock reads back byte for byte.
  if (json(lock) !== lockText) changes.push([lockPath, json(lock)]);
  return changes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const changes = plan();
  if (process.argv.includes('--check')) {
    for (const [path] of changes) console.error(`out of date: ${path} (run node scripts/package-metadata.mjs)`);
    process.exit(changes.length ? 1 : 0);
  }
  for (const [path, text] of changes) {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
  }
}

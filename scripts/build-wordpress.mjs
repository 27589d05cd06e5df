// `npm run build:wordpress`: the WordPress plugin as an installable zip (Plugins → Add New →
// Upload), dist/wordpress/cargo-trackers.zip, holding one `cargo-trackers/` folder: the plugin's
// PHP, its blocks, readme.txt, and the script-tag bundle with its chunks under assets/<version>/, so a site
// loads nothing from a third party; beside them in assets/<version>/configure/, the configurator's
// modules from demo/public/configure/ for the plugin's Build a tracker page (includes/configurator.php).
// npm run build:bundle first (the npm script does).
//
//   node scripts/build-wordpress.mjs [--bundle <dir with cargo-trackers.js>] [--out <dir>]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PLUGIN = join(ROOT, 'packages/wordpress-plugin');

/**
 * What ships, by name: a file the source folder gains later (a proxy for other hosts, the linter's
 * settings) stays out until it is listed here. Folders ship whole; a missing optional one is skipped.
 */
const FILES = ['cargo-trackers.php', 'attributes.generated.php', 'readme.txt', 'NOTICE.txt', 'uninstall.php'];
const FOLDERS = ['blocks', 'includes', 'admin', 'languages'];
/** The configurator's modules, as the demo serves them: one source for both pages. */
const CONFIGURATOR = join(ROOT, 'demo/public/configure');
const CONFIGURATOR_FILES = ['configure.js', 'controls.generated.js', 'contrast.js', 'snippets.js'];
const REQUIRED = new Set(['cargo-trackers.php', 'attributes.generated.php', 'readme.txt', 'NOTICE.txt', 'blocks']);

/** The bundle's files a browser asks for: the entry and its chunks, without source maps or Vite's manifest. */
const shipsFromBundle = (path) => !path.endsWith('.map') && !/[\\/]\.vite([\\/]|$)/.test(path);

/** The plugin's CARGO_TRACKERS_VERSION, which names the bundle's folder in the address the plugin prints. */
function pluginVersion() {
  const php = readFileSync(join(PLUGIN, 'cargo-trackers.php'), 'utf8');
  const version = /^const CARGO_TRACKERS_VERSION = '([0-9A-Za-z.-]+)';$/m.exec(php)?.[1];
  if (!version) throw new Error('cargo-trackers.php declares no CARGO_TRACKERS_VERSION');
  return version;
}

/** Builds the zip from a built bundle; returns its path. */
export function buildWordPressZip({
  bundleDir = join(ROOT, 'packages/cargo-trackers/dist/cdn'),
  outDir = join(ROOT, 'dist/wordpress'),
} = {}) {
  if (!existsSync(join(bundleDir, 'cargo-trackers.js')) || !existsSync(join(bundleDir, 'chunks'))) {
    throw new Error(`${bundleDir} holds no built bundle (cargo-trackers.js and chunks/): run npm run build:bundle first`);
  }
  const stage = join(outDir, 'cargo-trackers');
  const zip = join(outDir, 'cargo-trackers.zip');
  rmSync(stage, { recursive: true, force: true });
  rmSync(zip, { force: true });
  mkdirSync(stage, { recursive: true });
  for (const name of [...FILES, ...FOLDERS]) {
    const from = join(PLUGIN, name);
    if (!existsSync(from)) {
      if (REQUIRED.has(name)) throw new Error(`${from} is missing`);
      continue;
    }
    cpSync(from, join(stage, name), { recursive: true });
  }
  cpSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
  cpSync(bundleDir, join(stage, 'assets', pluginVersion()), { recursive: true, filter: shipsFromBundle });
  for (const name of CONFIGURATOR_FILES) cpSync(join(CONFIGURATOR, name), join(stage, 'assets', pluginVersion(), 'configure', name));
  // -X: no owner or extra time fields, -D: no directory entries (WordPress's unzip makes them).
  const zipped = spawnSync('zip', ['-r', '-X', '-D', '-q', zip, 'cargo-trackers'], { cwd: outDir, encoding: 'utf8' });
  if (zipped.error) throw new Error(`zip could not run (apt-get install zip): ${zipped.error.message}`);
  if (zipped.status !== 0) throw new Error(`zip failed (${zipped.status}): ${zipped.stderr}`);
  return zip;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { bundle: { type: 'string' }, out: { type: 'string' } } });
  const zip = buildWordPressZip({
    ...(values.bundle && { bundleDir: resolve(values.bundle) }),
    ...(values.out && { outDir: resolve(values.out) }),
  });
  const files = readdirSync(join(zip, '..', 'cargo-trackers'), { recursive: true }).length;
  console.log(`WordPress plugin: ${zip} (${files} files and folders)`);
}

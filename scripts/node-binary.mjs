// Node binaries of other release lines, from the npm registry (the `node-<platform>-<arch>`
// packages that the `node` package itself installs), kept in a cache outside the repository and
// installed again only when missing or older than asked. Used by scripts/test-proxy-node-versions.mjs
// and by the packaging test that builds an Angular app (its CLI needs a newer Node than ours).
//
// Env: NODE_VERSIONS_CACHE=dir (default $XDG_CACHE_HOME or ~/.cache, then cargo-trackers/node)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const cacheRoot =
  process.env.NODE_VERSIONS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'cargo-trackers', 'node');
const platformPackage = `node-${process.platform}-${process.arch}`;

/** `a` is at least `b`, both `x.y.z`. */
function atLeast(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
}

/**
 * The path of a Node binary of this major line (and at least `minimum`, e.g. `22.22.3`),
 * installed from the registry when the cached one is missing or older.
 */
export function nodeBinary(major, minimum = `${major}.0.0`) {
  const prefix = join(cacheRoot, String(major));
  const bin = join(prefix, 'node_modules', platformPackage, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const manifest = join(prefix, 'node_modules', platformPackage, 'package.json');
  if (existsSync(bin) && existsSync(manifest)) {
    const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (version.startsWith(`${major}.`) && atLeast(version, minimum)) return bin;
  }
  mkdirSync(prefix, { recursive: true });
  const started = Date.now();
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${platformPackage}@^${minimum}`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (install.status !== 0 || !existsSync(bin)) {
    throw new Error(`could not install ${platformPackage}@^${minimum} from the npm registry:\n${install.stdout}${install.stderr}`);
  }
  console.log(`installed Node ${major} (${platformPackage}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bin;
}

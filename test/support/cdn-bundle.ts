// Builds the script-tag bundle from the current sources into a folder of its own, so a test
// that serves it never runs a stale dist/ and never races another test writing dist/. In a run
// that has just built it (.ci/run: `npm run build`, then CARGO_TRACKERS_BUILT=1 npm test),
// nothing writes dist/ any more, and the folder is a copy of that build instead of four more.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BuiltBundle {
  /** Holds `cargo-trackers.js` and `chunks/`. */
  readonly dir: string;
  remove(): Promise<void>;
}

export async function buildCdnBundle(): Promise<BuiltBundle> {
  const dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-cdn-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  if (process.env.CARGO_TRACKERS_BUILT === '1') {
    await cp(join(ROOT, 'packages/cargo-trackers/dist/cdn'), dir, { recursive: true });
    return { dir, remove };
  }
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    await remove();
    throw new Error(`vite build failed (${code}):\n${output}`);
  }
  return { dir, remove };
}

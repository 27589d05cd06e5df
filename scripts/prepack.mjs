// Each published package's `prepack` (written by scripts/package-metadata.mjs): runs the root
// build steps its tarball needs, e.g. `node ../../scripts/prepack.mjs build:packages build:manifest`,
// so `npm pack` and `npm publish` never ship sources without the compiled files. Their output
// goes to stderr: `npm pack --json` prints lifecycle output on stdout, before its JSON.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const steps = process.argv.slice(2);
if (steps.length === 0) {
  console.error('usage: node scripts/prepack.mjs <root npm script> ...');
  process.exit(2);
}
for (const step of steps) {
  const result = spawnSync('npm', ['run', '--silent', step], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (result.status !== 0) {
    console.error(`prepack: npm run ${step} failed`);
    process.exit(result.status ?? 1);
  }
}

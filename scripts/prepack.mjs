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
// In a run that has just built everything from this tree (.ci/run: `npm run build`, then
// CARGO_TRACKERS_BUILT=1 npm test), each pack takes that build: the steps above are all part of
// `npm run build`, and running them again would only rewrite dist/ while other tests read it.
if (process.env.CARGO_TRACKERS_BUILT === '1') {
  const built = ['build:packages', 'build:bundle', 'build:api'];
  const other = steps.filter((step) => !built.includes(step));
  if (other.length > 0) {
    console.error(`prepack: ${other.join(', ')} is not part of npm run build; CARGO_TRACKERS_BUILT=1 cannot stand for it`);
    process.exit(2);
  }
  console.error('prepack: this run built everything already (CARGO_TRACKERS_BUILT=1): packing that build');
  process.exit(0);
}
for (const step of steps) {
  const result = spawnSync('npm', ['run', '--silent', step], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (result.status !== 0) {
    console.error(`prepack: npm run ${step} failed`);
    process.exit(result.status ?? 1);
  }
}

// The script-tag bundle for `npm start` and the browser suite: built here, unless the run that calls it has just
// built everything (.ci/run runs `npm run build` first and says so with CARGO_TRACKERS_BUILT=1),
// so that CI builds it once, not twice.
//
// The build's own output (a few hundred lines of chunk sizes) is kept back unless it fails: before it,
// `npm start`'s address scrolled off the first screen.
import { spawnSync } from 'node:child_process';

if (process.env.CARGO_TRACKERS_BUILT === '1') {
  console.log('The bundle was built by this run (CARGO_TRACKERS_BUILT=1): not built again.');
} else {
  console.log('Building the script-tag bundle (npm run build:bundle)…');
  const { status, stdout, stderr, error } = spawnSync('npm', ['run', 'build:bundle'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (status !== 0) {
    process.stdout.write(stdout ?? '');
    process.stderr.write(stderr ?? '');
    console.error(`The bundle build failed${error ? ` (${error.message})` : ''}: its output is above.`);
    process.exit(status ?? 1);
  }
  console.log('Built.');
}

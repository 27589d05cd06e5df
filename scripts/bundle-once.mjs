// The script-tag bundle for `npm start` and the browser suite: built here, unless the run that calls it has just
// built everything (.ci/run runs `npm run build` first and says so with CARGO_TRACKERS_BUILT=1),
// so that CI builds it once, not twice.
import { spawnSync } from 'node:child_process';

if (process.env.CARGO_TRACKERS_BUILT === '1') {
  console.log('The bundle was built by this run (CARGO_TRACKERS_BUILT=1): not built again.');
} else {
  const { status } = spawnSync('npm', ['run', 'build:bundle'], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

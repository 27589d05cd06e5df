// npm test: every check, in two lanes that run side by side, each step timed. The Node suite, the
// longest step, has a lane of its own; the other takes typecheck, lint, the browser suite (three
// engines, each one file at a time), the proxy's tests on the other Node release lines and the
// plugin's PHP checks, which together take about as long (two cores, a clean clone's .ci/run on
// 2026-11-28: the Node suite 1,270 s; typecheck, lint, browsers, other Node lines and PHP 67 + 185 +
// 622 + 144 + 2 s). A step's output is kept apart
// and printed whole when it ends, so two lanes never interleave their lines; a line every minute
// says what is still running. At the end, a table of the steps' times, and the exit code is
// non-zero when any step failed (the other lane still runs to its end, so one run shows every
// failure). Last of all, what each failed step said of its failures (failureDigest), so that the
// tail of a CI log, which is often all that is kept, names them.
//
// Usage: node scripts/test.mjs [--serial]   (--serial, or TEST_SERIAL=1: one step at a time, output live)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { failureDigest } from './failure-digest.mjs';

const LANES = [['test:node'], ['typecheck', 'lint', 'test:browser', 'test:proxy:node-versions', 'test:php']];
const serial = process.argv.includes('--serial') || process.env.TEST_SERIAL === '1';
const started = Date.now();
const machineAtStart = machineCpu();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const results = [];
const running = new Set();

function run(step, live) {
  return new Promise((resolve) => {
    const begin = Date.now();
    running.add(step);
    // Through bash, whose `times` then prints the CPU time of everything the step ran (its children's
    // user and system time, on fd 3): what a step costs on a busy machine, where its wall time says little.
    // A lower bound: a process its parent never waits for (a server in its own group killed at exit, a
    // browser a driver started) is not counted. On 2026-11-29 the steps counted 1,840 s while two cores
    // were busy for all of npm test's 1,432 s.
    const child = spawn('bash', ['-c', 'npm run --silent "$0"; code=$?; times >&3; exit $code', step], {
      stdio: [live ? 'inherit' : 'ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe', 'pipe'],
    });
    let output = '';
    let times = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.once('close', (code, signal) => {
      running.delete(step);
      const result = {
        step,
        startedAt: begin - started,
        ms: Date.now() - begin,
        cpuS: childrenCpuSeconds(times),
        code: code ?? signal,
        digest: code === 0 || live ? undefined : failureDigest(output),
      };
      results.push(result);
      const verdict = code === 0 ? 'passed' : `FAILED (${code ?? signal})`;
      console.log(`\n==== npm run ${step}: ${verdict} in ${seconds(result.ms)}${live ? '' : `\n${output}`}`);
      resolve(code === 0);
    });
  });
}

/**
 * The machine's CPU time so far, busy and all, in seconds (Linux's /proc/stat; undefined elsewhere):
 * what every process used, the browsers and servers `times` misses and any other work included.
 */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const all = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    const idle = fields[3] + fields[4];
    return { busy: (all - idle) / 100, all: all / 100 };
  } catch {
    return undefined;
  }
}

/** The children's user + system seconds from bash's `times` (its second line: "1m2.5s 0m3.1s"). */
function childrenCpuSeconds(times) {
  const line = times.trim().split('\n')[1] ?? '';
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return seconds.length === 2 ? seconds[0] + seconds[1] : undefined;
}

async function lane(steps, live) {
  let ok = true;
  for (const step of steps) ok = (await run(step, live)) && ok;
  return ok;
}

const heartbeat = serial
  ? undefined
  : setInterval(() => console.log(`… ${seconds(Date.now() - started)}: ${[...running].join(', ')} still running`), 60_000);
const outcomes = serial ? [await lane(LANES.flat(), true)] : await Promise.all(LANES.map((steps) => lane(steps, false)));
clearInterval(heartbeat);

console.log(`\nnpm test, step times (${serial ? 'one at a time' : 'two lanes side by side'}):`);
const cpu = (r) => (r.cpuS === undefined ? '' : `${r.cpuS.toFixed(0)} s`);
for (const r of results)
  console.log(
    `  ${r.step.padEnd(26)} from ${seconds(r.startedAt).padStart(6)}  took ${seconds(r.ms).padStart(6)}  CPU ${cpu(r).padStart(6)}  ${r.code === 0 ? 'passed' : 'FAILED'}`,
  );
const allCpu = results.reduce((sum, r) => sum + (r.cpuS ?? 0), 0);
console.log(`  ${'all'.padEnd(26)} ${seconds(Date.now() - started)}, CPU ${allCpu.toFixed(0)} s`);
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd) {
  const busy = machineAtEnd.busy - machineAtStart.busy;
  const share = busy / (machineAtEnd.all - machineAtStart.all);
  console.log(
    `  the machine's ${availableParallelism()} cores were busy ${(share * 100).toFixed(0)}% of the run: ${busy.toFixed(0)} s of CPU by every process (this run's and any other)`,
  );
}
for (const r of results.filter((r) => r.digest))
  console.log(`\n==== what npm run ${r.step} said of its failures (its whole output is above):\n${r.digest.join('\n')}`);
process.exit(outcomes.every(Boolean) ? 0 : 1);

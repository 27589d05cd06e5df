// The load generator of `npm run bench:proxy`. wrk (C, epoll) when installed: it spends about a
// third of autocannon's CPU per request, so on a small machine the figures measure the server
// rather than the client. Otherwise autocannon, and the bench says so. Either reports the CPU
// time it used, so a saturated generator shows in the output. Every request carries the header
// the elements send (REQUEST_MARKER), without which the proxy refuses it as cross-site: a bench
// without it measures 403s.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { REQUEST_MARKER } from '../src/policies/site-check.js';

export interface LoadResult {
  readonly rps: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  readonly errors: number;
  /** CPU time the generator itself used, in microseconds. */
  readonly cpuMicros: number;
  readonly seconds: number;
}

export interface LoadGenerator {
  readonly name: string;
  /** Loads `origin + path` for `seconds`; with `distinct`, every request's path ends in a new counter. */
  run(
    origin: string,
    path: string,
    options: { readonly seconds: number; readonly connections: number; readonly distinct: boolean },
  ): Promise<LoadResult>;
}

const WRK_SCRIPT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));

export function findLoadGenerator(): LoadGenerator {
  const wrk = [process.env.WRK_PATH, '/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => p !== undefined && p !== '' && existsSync(p));
  return wrk === undefined ? autocannonGenerator : wrkGenerator(wrk);
}

/** CPU time of this process's finished children (Linux: cutime + cstime in /proc/self/stat), in microseconds. */
function childrenCpuMicros(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields after the command name start at the state (field 3): cutime is field 16, cstime 17; ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) * 10_000;
}

function wrkGenerator(binary: string): LoadGenerator {
  return {
    name: `wrk (${binary}), 1 thread`,
    run: (origin, path, { seconds, connections, distinct }) =>
      new Promise((resolve, reject) => {
        const before = childrenCpuMicros();
        const args = [
          '-t1',
          `-c${connections}`,
          `-d${seconds}s`,
          '--timeout',
          '10s',
          '-s',
          WRK_SCRIPT,
          origin,
          '--',
          path,
          distinct ? 'distinct' : 'same',
          REQUEST_MARKER,
        ];
        execFile(binary, args, { timeout: (seconds + 30) * 1000 }, (error, stdout) => {
          if (error !== null) {
            reject(error);
            return;
          }
          const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
          if (line === undefined) {
            reject(new Error(`wrk printed no report:\n${stdout}`));
            return;
          }
          const r = JSON.parse(line) as { requests: number; durationUs: number; errors: number; p50Us: number; p99Us: number };
          const secondsTaken = r.durationUs / 1e6;
          resolve({
            rps: r.requests / secondsTaken,
            requests: r.requests,
            p50Ms: r.p50Us / 1000,
            p99Ms: r.p99Us / 1000,
            errors: r.errors,
            cpuMicros: childrenCpuMicros() - before,
            seconds: secondsTaken,
          });
        });
      }),
  };
}

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon (wrk not found: `apt-get install wrk` for a generator that costs less CPU)',
  async run(origin, path, { seconds, connections, distinct }) {
    const before = process.cpuUsage();
    const started = performance.now();
    const result = await autocannon({
      url: `${origin}${path}${distinct ? '[<id>]' : ''}`,
      connections,
      duration: seconds,
      idReplacement: distinct,
      headers: { [REQUEST_MARKER]: '1' },
    });
    const cpu = process.cpuUsage(before);
    return {
      rps: result.requests.average,
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      cpuMicros: cpu.user + cpu.system,
      seconds: (performance.now() - started) / 1000,
    };
  },
};

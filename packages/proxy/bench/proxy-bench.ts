// `npm run bench:proxy`: the upstream mock, the proxy and the load generator each in their own
// process, so no figure includes another's work. One run prints requests/s and latency straight
// to the mock, through the proxy on cache hits and on misses (distinct numbers, quota off), the
// ratios, the CPU time each process spent per request (what the ratios are made of on a busy
// machine), and the proxy's memory with lookups held open. All traffic stays on 127.0.0.1; every
// run is bounded in time.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { findLoadGenerator } from './load-generator.js';
import type { LoadResult } from './load-generator.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HELD = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_HITS_ONLY=1 measures only direct and cache hits (for work on the hit path); the misses,
// the pass-through reference, held lookups and Redis are skipped.
const HITS_ONLY = process.env.BENCH_HITS_ONLY === '1';
const EXEC_ARGV = ['--conditions=cargo-trackers-source', '--import', 'tsx', '--expose-gc'];

interface Child {
  readonly process: ChildProcess;
  readonly ready: Promise<number>;
  ask<T>(message: string): Promise<T>;
  /** CPU time the process has used, in microseconds. */
  cpu(): Promise<number>;
}

function child(file: string, args: string[] = []): Child {
  const process = fork(new URL(file, import.meta.url), args, { execArgv: EXEC_ARGV });
  const ready = new Promise<number>((resolve) => process.once('message', (m) => resolve((m as { port: number }).port)));
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      process.once('message', (m) => resolve(m as T));
      process.send(message);
    });
  return { process, ready, ask, cpu: async () => (await ask<{ cpu: number }>('cpu')).cpu };
}

const generator = findLoadGenerator();
const mock = child('./mock-process.ts');
const mockOrigin = `http://127.0.0.1:${await mock.ready}`;

interface Stats {
  rss: number;
  heapUsed: number;
  inbound: number;
  sockets: number;
}

async function startProxy(limits: Record<string, unknown>) {
  const proxy = child('./proxy-process.ts', [JSON.stringify({ baseUrl: mockOrigin, limits })]);
  const port = await proxy.ready;
  return { origin: `http://127.0.0.1:${port}`, child: proxy, stats: () => proxy.ask<Stats>('stats'), stop: () => proxy.process.kill() };
}

/** One measured load, with the CPU each process spent on it per request. */
interface Run extends LoadResult {
  readonly cpuPerRequest: { readonly generator: number; readonly mock: number; readonly proxy: number | undefined };
}

async function load(origin: string, path: string, distinct: boolean, proxy?: Child, seconds = DURATION_S): Promise<Run> {
  const before = await Promise.all([mock.cpu(), proxy?.cpu()]);
  const result = await generator.run(origin, path, { seconds, connections: CONNECTIONS, distinct });
  const after = await Promise.all([mock.cpu(), proxy?.cpu()]);
  const per = (micros: number) => micros / Math.max(1, result.requests);
  return {
    ...result,
    cpuPerRequest: {
      generator: per(result.cpuMicros),
      mock: per((after[0] as number) - (before[0] as number)),
      proxy: proxy === undefined ? undefined : per((after[1] as number) - (before[1] as number)),
    },
  };
}

// Quota off (null stands for Infinity, which JSON lacks) and the budget out of reach, so the figures are the proxy's own cost.
const UNLIMITED = {
  newNumbersPerClientPerHour: null,
  upstreamBudget: { requests: 1e12, windowMs: 20_000 },
  // One load generator is one visitor: its share of the budget (20 calls per 20 s) would refuse the rest.
  upstreamCallsPerClient: { requests: 1e12, windowMs: 20_000 },
  maxConcurrentLookups: 10_000,
};

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
console.log(
  `proxy bench: mock, proxy and load generator in three processes; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each (median shown), Node ${process.version}, ${cpus().length} cores`,
);
console.log(`load generator: ${generator.name}; machine load average at start ${load1()}\n`);

const SHIPMENT = '/api/tracking/ocean?referenceNumber=';
const DIRECT = '/v1/shipments/ocean?referenceNumber=';
// The three are measured in alternating rounds and each reported as its median round, so that
// a burst of load from elsewhere on the machine falls on all three rather than on one. Each
// target is warmed first (JIT, connection pools), unmeasured.
const cached = await startProxy({ ...UNLIMITED });
const uncached = await startProxy({ ...UNLIMITED, cacheTtlMs: 0 });
await load(mockOrigin, DIRECT, true, undefined, 1);
await load(cached.origin, `${SHIPMENT}MSCU1234567`, false, cached.child, 1);
const bare = HITS_ONLY ? undefined : child('./passthrough-process.ts', [mockOrigin]);
const bareOrigin = bare === undefined ? '' : `http://127.0.0.1:${await bare.ready}`;
if (bare !== undefined) {
  await load(uncached.origin, `${SHIPMENT}WARM`, true, uncached.child, 1);
  await load(bareOrigin, `${SHIPMENT}WARM`, true, bare, 1);
}
const runs: Record<'direct' | 'hits' | 'misses' | 'bare', Run[]> = { direct: [], hits: [], misses: [], bare: [] };
for (let round = 0; round < ROUNDS; round++) {
  // The direct side is the same mock serving the same stored document, for distinct numbers.
  runs.direct.push(await load(mockOrigin, `${DIRECT}R${round}N`, true));
  runs.hits.push(await load(cached.origin, `${SHIPMENT}MSCU1234567`, false, cached.child));
  if (bare === undefined) continue;
  // Distinct numbers, with the cache off: every request is an upstream call of its own, none shared.
  runs.misses.push(await load(uncached.origin, `${SHIPMENT}R${round}N`, true, uncached.child));
  runs.bare.push(await load(bareOrigin, `${SHIPMENT}R${round}N`, true, bare));
}
bare?.process.kill();
cached.stop();
uncached.stop();
const median = (list: Run[]): Run => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] as Run;
const direct = median(runs.direct);
const hits = median(runs.hits);
const us = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1)).padStart(6);
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
console.log(
  `${''.padEnd(46)} ${'req/s'.padStart(8)}   ${'p50'.padStart(9)}   ${'p99'.padStart(9)}   errors   CPU µs per request: generator   mock  proxy`,
);
const row = (name: string, r: Run, list: Run[]) => {
  const c = r.cpuPerRequest;
  console.log(
    `${name.padEnd(46)} ${r.rps.toFixed(0).padStart(8)}   ${ms(r.p50Ms)}   ${ms(r.p99Ms)}   ${String(r.errors).padStart(6)}   ${''.padEnd(19)}${us(c.generator)} ${us(c.mock)} ${us(c.proxy)}`,
  );
  console.log(
    `  rounds: ${list.map((x) => x.rps.toFixed(0)).join(', ')} req/s; generator busy ${((r.cpuMicros / 1e6 / r.seconds) * 100).toFixed(0)}% of a core`,
  );
};
row('straight to the mock service', direct, runs.direct);
row('through the proxy, cache hits', hits, runs.hits);
const ratio = (r: { rps: number }) => (r.rps / direct.rps).toFixed(2);
// On a machine whose cores are all busy, requests/s follow CPU per request: these are the ratios that CPU time allows.
const serverCpu = (r: Run) => r.cpuPerRequest.mock + (r.cpuPerRequest.proxy ?? 0);
if (HITS_ONLY) {
  console.log(
    `\nhits/direct ${ratio(hits)}x (target >= 0.5); p99 added ${(hits.p99Ms - direct.p99Ms).toFixed(1)} ms; server CPU per request against the mock's own ${(serverCpu(hits) / serverCpu(direct)).toFixed(2)}x`,
  );
  console.log(`machine load average at the end ${load1()}`);
  mock.process.kill();
  process.exit(0);
}
const misses = median(runs.misses);
const floor = median(runs.bare);
row('through the proxy, misses (distinct numbers)', misses, runs.misses);
row('reference: bare pass-through (undici), misses', floor, runs.bare);

console.log(`\nhits/direct ${ratio(hits)}x (target >= 0.5)   misses/direct ${ratio(misses)}x (target >= 0.7)`);
console.log(
  `reference: bare pass-through/direct ${ratio(floor)}x, the most any Node proxy gets on this machine; misses/bare pass-through ${(misses.rps / floor.rps).toFixed(2)}x`,
);
console.log(`p99 added: hits ${(hits.p99Ms - direct.p99Ms).toFixed(1)} ms, misses ${(misses.p99Ms - direct.p99Ms).toFixed(1)} ms`);
console.log(
  `server CPU per request against the mock's own: hits ${(serverCpu(hits) / serverCpu(direct)).toFixed(2)}x, misses (proxy + mock) ${(serverCpu(misses) / serverCpu(direct)).toFixed(2)}x`,
);
console.log(`machine load average at the end ${load1()}\n`);

// Held lookups: distinct numbers the mock never answers until released.
const holding = await startProxy({ ...UNLIMITED, cacheTtlMs: 0 });
const idle = await holding.stats();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const started = Date.now();
const answers = Array.from(
  { length: HELD },
  (_, i) =>
    new Promise<number>((resolve) => {
      const req = http.get(`${holding.origin}${SHIPMENT}HOLD${i}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    }),
);
const deadline = Date.now() + 30_000;
const heldCount = async () => (await mock.ask<{ held: number }>('held')).held;
let held = await heldCount();
while (held < HELD && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 20));
  held = await heldCount();
}
const busy = await holding.stats();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${held} lookups held open (reached in ${Date.now() - started} ms)`);
console.log(
  `  proxy rss ${mb(idle.rss)} idle -> ${mb(busy.rss)} held; heap ${mb(idle.heapUsed)} -> ${mb(busy.heapUsed)} (${((busy.heapUsed - idle.heapUsed) / HELD / 1024).toFixed(1)} KB per held lookup)`,
);
console.log(`  proxy sockets ${idle.sockets} idle -> ${busy.sockets} held (${busy.inbound} from visitors)`);
mock.process.send('release');
const statuses = await Promise.all(answers);
console.log(`  released: ${statuses.filter((s) => s === 200).length}/${HELD} answered 200`);
holding.stop();
agent.destroy();
mock.process.kill();

// Several instances sharing one Redis (issue 13): its own section, kept in redis-bench.ts.
const { runRedisBench } = await import('./redis-bench.js');
await runRedisBench();

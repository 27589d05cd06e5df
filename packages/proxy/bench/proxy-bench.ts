// `npm run bench:proxy`: the upstream mock, the proxy and the load generator (this process,
// autocannon) each in their own process, so no figure includes another's work. One run prints
// requests/s and latency straight to the mock, through the proxy on cache hits and on misses
// (distinct numbers, quota off), the ratios, and the proxy's memory with lookups held open.
// All traffic stays on 127.0.0.1; every run is bounded in time.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HELD = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EXEC_ARGV = ['--conditions=cargo-trackers-source', '--import', 'tsx', '--expose-gc'];

function child(file: string, args: string[] = []): { process: ChildProcess; ask: <T>(message: string) => Promise<T>; ready: Promise<number> } {
  const process = fork(new URL(file, import.meta.url), args, { execArgv: EXEC_ARGV });
  const ready = new Promise<number>((resolve) => process.once('message', (m) => resolve((m as { port: number }).port)));
  return {
    process,
    ready,
    ask: <T>(message: string) =>
      new Promise<T>((resolve) => {
        process.once('message', (m) => resolve(m as T));
        process.send(message);
      }),
  };
}

const mock = child('./mock-process.ts');
const mockUrl = `http://127.0.0.1:${await mock.ready}`;

interface Stats {
  rss: number;
  heapUsed: number;
  inbound: number;
  sockets: number;
}

async function startProxy(limits: Record<string, unknown>) {
  const proxy = child('./proxy-process.ts', [JSON.stringify({ baseUrl: mockUrl, limits })]);
  const port = await proxy.ready;
  return { url: `http://127.0.0.1:${port}`, stats: () => proxy.ask<Stats>('stats'), stop: () => proxy.process.kill() };
}

async function load(url: string, seconds = DURATION_S) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, idReplacement: true });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

function row(name: string, r: { rps: number; p50: number; p99: number; errors: number }) {
  console.log(`${name.padEnd(46)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`);
}

// Quota off (null stands for Infinity, which JSON lacks) and the budget out of reach, so the figures are the proxy's own cost.
const UNLIMITED = {
  newNumbersPerClientPerHour: null,
  upstreamBudget: { requests: 1e12, windowMs: 20_000 },
  maxConcurrentLookups: 10_000,
};

console.log(`proxy bench: mock, proxy and load generator in three processes; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each (median shown), Node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);

// The three are measured in alternating rounds and each reported as its median round, so that
// a burst of load from elsewhere on the machine falls on all three rather than on one.
const cached = await startProxy({ ...UNLIMITED });
const uncached = await startProxy({ ...UNLIMITED, cacheTtlMs: 0 });
await load(`${cached.url}/api/tracking/ocean?referenceNumber=MSCU1234567`, 1);
type Run = Awaited<ReturnType<typeof load>>;
const runs: Record<'direct' | 'hits' | 'misses', Run[]> = { direct: [], hits: [], misses: [] };
for (let round = 0; round < ROUNDS; round++) {
  runs.direct.push(await load(`${mockUrl}/v1/shipments/ocean?referenceNumber=[<id>]`));
  runs.hits.push(await load(`${cached.url}/api/tracking/ocean?referenceNumber=MSCU1234567`));
  // Distinct numbers, with the cache off: every request is an upstream call of its own, none shared.
  runs.misses.push(await load(`${uncached.url}/api/tracking/ocean?referenceNumber=[<id>]`));
}
cached.stop();
uncached.stop();
const median = (list: Run[]): Run => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] as Run;
const direct = median(runs.direct);
const hits = median(runs.hits);
const misses = median(runs.misses);
const spread = (list: Run[]) => `rounds: ${list.map((r) => r.rps.toFixed(0)).join(', ')}`;
row('straight to the mock service', direct);
console.log(`  ${spread(runs.direct)}`);
row('through the proxy, cache hits', hits);
console.log(`  ${spread(runs.hits)}`);
row('through the proxy, misses (distinct numbers)', misses);
console.log(`  ${spread(runs.misses)}`);

const ratio = (r: { rps: number }) => (r.rps / direct.rps).toFixed(2);
console.log(`\nhits/direct ${ratio(hits)}x (target >= 1.0)   misses/direct ${ratio(misses)}x (target >= 0.7)`);
console.log(`p99 added: hits ${hits.p99 - direct.p99} ms, misses ${misses.p99 - direct.p99} ms\n`);

// Held lookups: distinct numbers the mock never answers until released.
const holding = await startProxy({ ...UNLIMITED, cacheTtlMs: 0 });
const idle = await holding.stats();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const started = Date.now();
const answers = Array.from({ length: HELD }, (_, i) =>
  new Promise<number>((resolve) => {
    const req = http.get(`${holding.url}/api/tracking/ocean?referenceNumber=HOLD${i}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  }),
);
const deadline = Date.now() + 30_000;
const heldCount = async () => (await mock.ask<{ held: number }>('held')).held;
let held = 0;
while ((held = await heldCount()) < HELD && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const busy = await holding.stats();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${held} lookups held open (reached in ${Date.now() - started} ms)`);
console.log(`  proxy rss ${mb(idle.rss)} idle -> ${mb(busy.rss)} held; heap ${mb(idle.heapUsed)} -> ${mb(busy.heapUsed)} (${((busy.heapUsed - idle.heapUsed) / HELD / 1024).toFixed(1)} KB per held lookup)`);
console.log(`  proxy sockets ${idle.sockets} idle -> ${busy.sockets} held (${busy.inbound} from visitors)`);
mock.process.send('release');
const statuses = await Promise.all(answers);
console.log(`  released: ${statuses.filter((s) => s === 200).length}/${HELD} answered 200`);
holding.stop();
agent.destroy();
mock.process.kill();

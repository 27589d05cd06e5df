// `npm run bench:proxy`: throughput and latency through the proxy against the same load sent
// straight to a mock service, cache-hit throughput, and 500 lookups held open at once.
// All traffic stays on 127.0.0.1; every run is bounded in time.
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const HELD = 500;

const DOC = JSON.stringify({
  referenceNumber: 'MSCU1234567',
  status: 'IN_TRANSIT',
  containers: [{ number: 'MSCU1234567', status: 'IN_TRANSIT', milestones: Array.from({ length: 20 }, (_, i) => ({ code: 'DEPA', description: `Vessel departed ${i}`, locode: 'CNSHA', time: '2026-11-02T14:20:00+08:00', kind: 'actual' })) }],
});

// The mock service: answers at once, except numbers starting HOLD, which wait for release.
const held: http.ServerResponse[] = [];
const mock = http.createServer((req, res) => {
  if (req.url?.includes('HOLD')) {
    held.push(res);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(DOC) });
  res.end(DOC);
});
mock.keepAliveTimeout = 10_000;
mock.maxConnections = 5_000;
await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
const mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;

interface Stats {
  rss: number;
  heapUsed: number;
  inbound: number;
  sockets: number;
}

async function startProxy(limits: Record<string, unknown>) {
  const child = fork(new URL('./proxy-process.ts', import.meta.url), [JSON.stringify({ baseUrl: mockUrl, limits })], {
    execArgv: ['--conditions=cargo-trackers-source', '--import', 'tsx', '--expose-gc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { port: number }).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () =>
      new Promise<Stats>((resolve) => {
        child.once('message', (m) => resolve(m as Stats));
        child.send('stats');
      }),
    stop: () => child.kill(),
  };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, idReplacement: true });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

function row(name: string, r: { rps: number; p50: number; p99: number; errors: number }) {
  console.log(`${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`);
}

// Quotas out of the way (JSON has no Infinity), so the figures are the proxy's own cost.
const UNLIMITED = {
  newNumbersPerClientPerHour: 1e12,
  upstreamBudget: { requests: 1e12, windowMs: 20_000 },
  maxConcurrentLookups: 10_000,
};

console.log(`proxy bench: ${CONNECTIONS} connections, ${DURATION_S} s per run, Node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);

const direct = await load(`${mockUrl}/v1/shipments/ocean?referenceNumber=[<id>]`);
row('straight to the mock service', direct);

const uncached = await startProxy({ ...UNLIMITED, cacheTtlMs: 0 });
const through = await load(`${uncached.url}/api/tracking/ocean?referenceNumber=[<id>]`);
row('through the proxy, distinct numbers', through);
uncached.stop();

const cached = await startProxy({ ...UNLIMITED });
const hits = await load(`${cached.url}/api/tracking/ocean?referenceNumber=MSCU1234567`);
row('through the proxy, cache hits', hits);
cached.stop();

console.log(`\nproxy/direct throughput ratio: ${(through.rps / direct.rps).toFixed(2)}   p50 added: ${through.p50 - direct.p50} ms   p99 added: ${through.p99 - direct.p99} ms`);
console.log(`cache-hit/direct throughput ratio: ${(hits.rps / direct.rps).toFixed(2)}\n`);

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
while (held.length < HELD && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const busy = await holding.stats();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${held.length} lookups held open (reached in ${Date.now() - started} ms)`);
console.log(`  proxy rss ${mb(idle.rss)} idle -> ${mb(busy.rss)} held; heap ${mb(idle.heapUsed)} -> ${mb(busy.heapUsed)} (${((busy.heapUsed - idle.heapUsed) / HELD / 1024).toFixed(1)} KB per held lookup)`);
console.log(`  proxy sockets ${idle.sockets} idle -> ${busy.sockets} held (${busy.inbound} from visitors)`);
for (const res of held.splice(0)) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(DOC);
}
const statuses = await Promise.all(answers);
console.log(`  released: ${statuses.filter((s) => s === 200).length}/${HELD} answered 200`);
holding.stop();
agent.destroy();
mock.closeAllConnections();
mock.close();

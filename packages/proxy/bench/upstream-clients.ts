// `npm run bench:proxy-clients`: misses through the proxy over each of its transports on Node
// (undiciTransport(), the fetch default), and through the bare pass-through over each Node client
// (undici's Pool, node:http's Agent), in alternating rounds against one mock, each in its own
// process. Prints requests/s and the CPU each spent per request. It is what chose undici for the
// proxy's one Node transport: the proxy over a node:http Agent (a transport since removed) took
// about 30% more CPU per miss. Distinct numbers, cache and quota off.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { findLoadGenerator } from './load-generator.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const EXEC_ARGV = ['--conditions=cargo-trackers-source', '--import', 'tsx'];

function child(file: string, args: string[]) {
  const process = fork(new URL(file, import.meta.url), args, { execArgv: EXEC_ARGV });
  const ready = new Promise<number>((resolve) => process.once('message', (m) => resolve((m as { port: number }).port)));
  const cpu = () =>
    new Promise<number>((resolve) => {
      process.once('message', (m) => resolve((m as { cpu: number }).cpu));
      process.send('cpu');
    });
  return { process, ready, cpu };
}

const generator = findLoadGenerator();
const mock = child('./mock-process.ts', []);
const mockOrigin = `http://127.0.0.1:${await mock.ready}`;
const UNLIMITED = {
  newNumbersPerClientPerHour: null,
  upstreamBudget: { requests: 1e12, windowMs: 20_000 },
  // One load generator is one visitor: its share of the budget (20 calls per 20 s) would refuse the rest.
  upstreamCallsPerClient: { requests: 1e12, windowMs: 20_000 },
  maxConcurrentLookups: 10_000,
  cacheTtlMs: 0,
};
const targets = await Promise.all(
  [
    ...(['undici', 'fetch'] as const).map((transport) => ({
      name: `proxy over ${transport}`,
      file: './proxy-process.ts',
      args: [JSON.stringify({ baseUrl: mockOrigin, limits: UNLIMITED, transport })],
    })),
    ...(['undici', 'node:http'] as const).map((client) => ({
      name: `bare pass-through over ${client}`,
      file: './passthrough-process.ts',
      args: [mockOrigin, client],
    })),
  ].map(async (t) => {
    const process = child(t.file, t.args);
    return {
      ...t,
      child: process,
      origin: `http://127.0.0.1:${await process.ready}`,
      runs: [] as { rps: number; cpu: number; mock: number }[],
    };
  }),
);
console.log(
  `upstream clients: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, ${generator.name}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
const PATH = '/api/tracking/ocean?referenceNumber=';
for (const t of targets) await generator.run(t.origin, `${PATH}WARM`, { seconds: 1, connections: CONNECTIONS, distinct: true });
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const before = await Promise.all([t.child.cpu(), mock.cpu()]);
    const result = await generator.run(t.origin, `${PATH}R${round}N`, { seconds: SECONDS, connections: CONNECTIONS, distinct: true });
    const after = await Promise.all([t.child.cpu(), mock.cpu()]);
    const requests = Math.max(1, result.requests);
    t.runs.push({ rps: result.rps, cpu: (after[0] - before[0]) / requests, mock: (after[1] - before[1]) / requests });
  }
}
console.log(`${''.padEnd(34)} ${'req/s'.padStart(8)}   CPU µs per request: ${'server'.padStart(6)}  ${'mock'.padStart(6)}`);
for (const t of targets) {
  const median = [...t.runs].sort((a, b) => a.rps - b.rps)[Math.floor(t.runs.length / 2)] as (typeof t.runs)[number];
  console.log(
    `${t.name.padEnd(34)} ${median.rps.toFixed(0).padStart(8)}   ${''.padEnd(20)}${median.cpu.toFixed(1).padStart(6)}  ${median.mock.toFixed(1).padStart(6)}`,
  );
  console.log(`  rounds: ${t.runs.map((r) => r.rps.toFixed(0)).join(', ')} req/s`);
}
for (const t of targets) t.child.process.kill();
mock.process.kill();

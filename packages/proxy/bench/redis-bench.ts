// The Redis part of `npm run bench:proxy` (also runnable alone:
// `node --conditions=cargo-trackers-source --import tsx packages/proxy/bench/redis-bench.ts`).
//
// 1. Upstream calls per 1,000 lookups of 50 hot numbers spread over three proxy instances, each
//    with its own MemoryStore (as before issue 13) and all on one RedisStore. The target is one
//    call per number per cache TTL: 50.
// 2. The latency a RedisStore adds over a MemoryStore, p50/p99, for cache hits (one GET) and for
//    new numbers (quota, budget, lease and cache round trips), through one instance, sequentially.
//
// Needs Debian's redis-server; it is started on a free loopback port without persistence. The
// proxies run in this process (the upstream-call count does not depend on it; the latency
// difference is between two runs made the same way).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { ProxyStore } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { RedisStore } from '@cargo-trackers/proxy/redis';
import { redisUnavailable, startRedis } from '../../../test/packages/proxy/redis-server.js';

const KEY = 'trk_bench_key_not_secret';
const DOC = JSON.stringify({
  awbNumber: '176-12345675',
  status: 'IN_TRANSIT',
  milestones: Array.from({ length: 20 }, (_, i) => ({ code: 'DEP', time: `2026-11-02T14:${String(i).padStart(2, '0')}:00Z` })),
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A service that holds each lookup `holdMs` (so concurrent lookups overlap) and counts them. */
async function startService(holdMs: number): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server = http.createServer((_req, res) => {
    calls++;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(DOC);
    }, holdMs);
  });
  return { url: await listen(server), calls: () => calls, close: () => close(server) };
}

async function startInstance(
  serviceUrl: string,
  store: ProxyStore,
  limits: Record<string, unknown> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy = createTrackingProxy({
    baseUrl: serviceUrl,
    apiKey: KEY,
    store,
    logger: () => {},
    limits: {
      newNumbersPerClientPerHour: Infinity,
      upstreamBudget: { requests: Infinity, windowMs: 20_000 },
      maxConcurrentLookups: 10_000,
      ...limits,
    },
  });
  const server = http.createServer(toNodeListener(proxy));
  return { url: await listen(server), close: () => close(server) };
}

/** Runs `total` requests, `concurrency` at a time; returns each one's latency in ms. */
async function load(total: number, concurrency: number, url: (i: number) => string): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        const response = await fetch(url(i));
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`lookup ${i}: ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

export async function runRedisBench(): Promise<void> {
  console.log('\n== Several instances: one RedisStore vs a MemoryStore each');
  const why = redisUnavailable();
  if (why !== undefined) {
    console.log(`  skipped: ${why}`);
    return;
  }
  const redis = await startRedis();
  const stores: RedisStore[] = [];
  const redisStore = (prefix: string) => {
    const store = new RedisStore({
      url: redis.url,
      prefix,
      callTimeoutMs: 1_000,
      log: (entry) => console.log(`  store: ${entry.message}`),
    });
    stores.push(store);
    return store;
  };
  try {
    // 1. Upstream calls for 1,000 lookups of 50 hot numbers over three instances (cache TTL 60 s).
    const { MemoryStore } = await import('@cargo-trackers/proxy');
    for (const [label, makeStore] of [
      ['a MemoryStore per instance', () => new MemoryStore()],
      ['one RedisStore', () => redisStore('bench-hot')],
    ] as const) {
      const service = await startService(50);
      const instances = await Promise.all([0, 1, 2].map(() => startInstance(service.url, makeStore())));
      const started = performance.now();
      await load(1_000, 60, (i) => `${instances[i % 3]!.url}/api/tracking/air?number=176-${String((i * 7919) % 50).padStart(8, '0')}`);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  1,000 lookups of 50 hot numbers over 3 instances, ${label}: ${service.calls()} upstream calls (target 50), ${(1000 / seconds).toFixed(0)} lookups/s`,
      );
      await Promise.all(instances.map((p) => p.close()));
      await service.close();
    }

    // 2. What Redis adds over memory, one instance, one lookup at a time (the least noisy on a shared machine).
    const service = await startService(0);
    const rows: string[] = [];
    const results: Record<string, { hit: number[]; miss: number[] }> = {};
    for (const [label, store] of [
      ['MemoryStore', new MemoryStore()],
      ['RedisStore', redisStore('bench-latency')],
    ] as const) {
      const instance = await startInstance(service.url, store, {
        newNumbersPerClientPerHour: 1_000_000,
        upstreamBudget: { requests: 1_000_000, windowMs: 20_000 },
      });
      await load(200, 10, () => `${instance.url}/api/tracking/air?number=176-HOT00000`); // warm-up
      const hit = await load(3_000, 1, () => `${instance.url}/api/tracking/air?number=176-HOT00000`);
      const miss = await load(2_000, 1, (i) => `${instance.url}/api/tracking/air?number=176-${label}-${i}`);
      results[label] = { hit, miss };
      rows.push(
        `  ${label.padEnd(12)} cache hit p50 ${ms(percentile(hit, 50))} p99 ${ms(percentile(hit, 99))}; new number p50 ${ms(percentile(miss, 50))} p99 ${ms(percentile(miss, 99))}`,
      );
      await instance.close();
    }
    await service.close();
    console.log('  latency through one instance, one lookup at a time (3,000 cache hits, 2,000 new numbers):');
    for (const row of rows) console.log(row);
    const memory = results.MemoryStore!;
    const shared = results.RedisStore!;
    console.log(
      `  Redis adds: cache hit p50 ${ms(percentile(shared.hit, 50) - percentile(memory.hit, 50))}, p99 ${ms(percentile(shared.hit, 99) - percentile(memory.hit, 99))}; ` +
        `new number p50 ${ms(percentile(shared.miss, 50) - percentile(memory.miss, 50))}, p99 ${ms(percentile(shared.miss, 99) - percentile(memory.miss, 99))}`,
    );
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await redis.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await runRedisBench();

// The proxy under measurement, in its own process so that its memory and sockets are its own.
// Started by proxy-bench.ts with the upstream address and limits as a JSON argument.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCpuRequests } from './cpu-report.js';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { ProxyLimits } from '@cargo-trackers/proxy';
import { openSync } from 'node:fs';
import { createNodeJsonLogger, toNodeListener, undiciTransport } from '@cargo-trackers/proxy/node';

interface Config {
  readonly baseUrl: string;
  readonly limits: Partial<ProxyLimits>;
  /** The upstream transport: the Node one, over undici's Pool (the default), or the runtime-neutral `fetch`. */
  readonly transport?: 'undici' | 'fetch';
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const proxy = createTrackingProxy({
  baseUrl: config.baseUrl,
  apiKey: 'trk_BENCH_not_a_real_key',
  limits: Object.fromEntries(Object.entries(config.limits).map(([k, v]) => [k, v === null ? Infinity : v])),
  ...(config.transport === 'fetch' ? {} : { transport: undiciTransport() }),
  // Every line is built and written, as in production, to /dev/null so the figures are not the disk's.
  logger: createNodeJsonLogger({ fd: openSync('/dev/null', 'w') }),
});
const server = http.createServer(toNodeListener(proxy));
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});

answerCpuRequests();
process.on('message', (message) => {
  if (message !== 'stats') return;
  globalThis.gc?.();
  server.getConnections((_error, inbound) => {
    const sockets = process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rss, heapUsed, inbound, sockets });
  });
});
process.on('disconnect', () => process.exit(0));

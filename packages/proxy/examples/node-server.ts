// Plain Node: `TRACKING_API_KEY=trk_… TRACKING_BASE_URL=https://… node --import tsx node-server.ts`
// Several instances: give each the same `REDIS_URL=redis://…` and they share cache, quotas and budget.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { createNodeJsonLogger, toNodeListener, undiciTransport } from '@cargo-trackers/proxy/node';
import { storeFromRedisUrl } from '@cargo-trackers/proxy/redis';

export function createProxyServer(env: NodeJS.ProcessEnv = process.env): http.Server {
  // Unset: this process's own MemoryStore.
  const store = storeFromRedisUrl(env.REDIS_URL);
  const proxy = createTrackingProxy({
    baseUrl: env.TRACKING_BASE_URL ?? '',
    apiKey: env.TRACKING_API_KEY ?? '',
    // Only when a reverse proxy in front overwrites this header, e.g. nginx `proxy_set_header X-Real-IP $remote_addr`.
    trustedProxyHeader: env.TRUSTED_PROXY_HEADER || undefined,
    // JSON lines on standard output without blocking the event loop when the reader is slow.
    logger: createNodeJsonLogger(),
    // Upstream calls over a keep-alive node:http pool, cheaper per call than fetch.
    transport: undiciTransport(),
    store,
  });
  const server = http.createServer(toNodeListener(proxy));
  server.once('close', () => void store?.close());
  // Node closes a request after 300 s and idle keep-alive sockets after 5 s; a lookup may be held 130 s.
  server.requestTimeout = 150_000;
  return server;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 8787);
  createProxyServer().listen(port, () => console.log(`tracking proxy on http://localhost:${port}`));
}

// The proxy contract, run against both ways the package serves it: the Node adapter's direct
// path (over the Node upstream transport), and the Fetch-API handler (as Workers, Next.js and
// Deno run it) bridged onto Node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { TrackingProxyOptions } from '@cargo-trackers/proxy';
import { toNodeListener, undiciTransport } from '@cargo-trackers/proxy/node';
import { describeProxyContract } from './contract-suite.js';
import type { ContractProxyOptions } from './contract-suite.js';
import { assertCanaryNeverSeen, observe } from './harness.js';

after(assertCanaryNeverSeen);

async function serve(listener: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function proxyOf(options: ContractProxyOptions, extra: Partial<TrackingProxyOptions> = {}) {
  return createTrackingProxy({ ...options, ...extra, logger: (entry) => observe(JSON.stringify(entry)) });
}

describeProxyContract('Node adapter with the undici transport', async (options) =>
  serve(toNodeListener(proxyOf(options, { transport: undiciTransport() }))),
);

describeProxyContract('Fetch-API handler', async (options) => {
  const proxy = proxyOf(options);
  // A plain function hides the proxy's Node fast path, so every request goes through Request and Response.
  return serve(toNodeListener((request, info) => proxy(request, info)));
});

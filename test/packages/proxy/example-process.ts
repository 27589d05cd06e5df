// One Node example (`node-server` or `express`) in a process of its own, configured only by its
// environment, so that a test reads the process's real standard output: the examples log through
// the Node adapter's non-blocking writer straight to file descriptor 1, which no console.log
// capture in the test process sees. Started by `startExampleProcess` in runtimes.ts.
// IPC: sends `{ port }` once listening; on any message it stops listening and exits.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

const example = process.argv[2];
let server: http.Server;
if (example === 'node-server') {
  const { createProxyServer } = await import('../../../packages/proxy/examples/node-server.js');
  server = createProxyServer().listen(0, '127.0.0.1');
} else if (example === 'express') {
  const { createApp } = await import('../../../packages/proxy/examples/express.js');
  server = createApp().listen(0, '127.0.0.1');
} else {
  throw new Error(`unknown example ${String(example)}`);
}
await new Promise((resolve) => server.once('listening', resolve));

/** The log writer batches lines for 20 ms before one write; this leaves it ample time to finish. */
const LOG_DRAIN_MS = 250;
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close();
  // Exiting rather than waiting for an empty event loop: with REDIS_URL the Express example's
  // Redis client (which it has no hook to close) would keep the process alive.
  setTimeout(() => process.exit(0), LOG_DRAIN_MS);
};
process.once('message', stop);
// The test process went away without asking.
process.once('disconnect', stop);
process.send!({ port: (server.address() as AddressInfo).port });

/**
 * `npm run mock`: the mock tracking service alone, on a port of its own, for trying a proxy that
 * runs elsewhere (proxy.php, the Worker under `wrangler dev`, the WordPress plugin) with no key and
 * no network. It prints what to configure there: its address and the key it accepts.
 */
import type { AddressInfo } from 'node:net';
import { DemoConfigError, listenFailureMessage, readPort } from '../server/demo-config.js';
import { demoNumbers } from './demo-numbers.js';
import { createMockTrackingService, MOCK_COMMAND_KEY, MOCK_COMMAND_PORT } from './mock-tracking-service.js';

async function main(): Promise<void> {
  let port: number;
  try {
    port = readPort(process.env.PORT, MOCK_COMMAND_PORT);
  } catch (error) {
    if (!(error instanceof DemoConfigError)) throw error;
    console.error(`Mock service not started: ${error.message}`);
    process.exitCode = 2;
    return;
  }
  const host = process.env.HOST === undefined || process.env.HOST === '' ? '127.0.0.1' : process.env.HOST;
  const server = createMockTrackingService({ apiKey: MOCK_COMMAND_KEY });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: listening } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${listening}`;
  const width = Math.max(...demoNumbers.map((n) => n.number.length));
  console.log(
    [
      `Mock tracking service: ${url}`,
      `  TRACKING_API_BASE_URL=${url}`,
      `  TRACKING_API_KEY=${MOCK_COMMAND_KEY}   (a made-up key: the only one this mock accepts)`,
      'Ctrl+C stops it; PORT=… picks another port, HOST=0.0.0.0 lets a container or VM reach it.',
      '',
      'Numbers it answers:',
      ...demoNumbers.map((n) => `  ${n.product.padEnd(5)} ${n.number.padEnd(width)}  ${n.shows}`),
    ].join('\n'),
  );

  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Mock service failed: ${listenFailureMessage(error, 'npm run mock')}`);
  process.exit(1);
});

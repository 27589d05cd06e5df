/**
 * `npm start`: the demo server as a command. Settings come from the environment
 * (see demo/README.md); a wrong one stops it with a message and a non-zero exit code.
 */
import { DemoConfigError, listenFailureMessage, readDemoConfig, type DemoConfig } from './demo-config.js';
import { startDemoServer } from './start-demo-server.js';

async function main(): Promise<void> {
  let config: DemoConfig;
  try {
    config = readDemoConfig(process.env);
  } catch (error) {
    if (!(error instanceof DemoConfigError)) throw error;
    console.error(`Demo server not started: ${error.message}`);
    process.exitCode = 2;
    return;
  }
  for (const note of config.notes) console.log(note);

  const demo = await startDemoServer({
    host: config.host,
    port: config.port,
    timeoutMs: config.timeoutMs,
    proxy: { corsOrigins: config.corsOrigins },
    ...(config.service && { service: config.service }),
    ...(config.redisUrl && { redisUrl: config.redisUrl }),
  });
  console.log(`Demo: ${demo.url}`);
  console.log('Ctrl+C stops it; PORT=8081 npm start serves it on another port.');

  const stop = (signal: NodeJS.Signals): void => {
    console.log(`${signal}: stopping the demo server.`);
    demo.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Start-up failures (a port in use, say) carry no secret; the configuration was checked above.
  console.error(`Demo server failed: ${listenFailureMessage(error, 'npm start')}`);
  process.exit(1);
});

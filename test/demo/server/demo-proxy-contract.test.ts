// The proxy contract through the demo server in real-service mode, as `npm start` runs it
// with TRACKING_API_BASE_URL and TRACKING_API_KEY set.
import { after } from 'node:test';
import { startDemoServer } from '../../../demo/server/start-demo-server.js';
import { describeProxyContract } from '../../packages/proxy/contract-suite.js';
import { assertCanaryNeverSeen, observe } from '../../packages/proxy/harness.js';

after(assertCanaryNeverSeen);

describeProxyContract('demo server', async ({ baseUrl, apiKey, corsOrigins, limits }) => {
  const demo = await startDemoServer({
    port: 0,
    service: { baseUrl, apiKey },
    log: observe,
    proxy: { ...(corsOrigins && { corsOrigins }), ...(limits && { limits }) },
  });
  return { url: demo.url.replace(/\/$/, ''), close: () => demo.close() };
});

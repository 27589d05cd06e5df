// Every runtime the README documents, started for real: the proxy contract suite (the same one
// the Node adapter runs in contract.test.ts) and the reference example, as a site copies it.
import { after, before, describe } from 'node:test';
import { describeProxyContract } from './contract-suite.js';
import { describeExample } from './example-suite.js';
import { assertCanaryNeverSeen } from './harness.js';
import { redisUnavailable, startRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';
import { RUNTIMES, nodeRuntime, workerdRuntime } from './runtimes.js';

after(assertCanaryNeverSeen);

let redis: RedisServer | undefined;
const noRedis = redisUnavailable();
before(async () => {
  if (noRedis === undefined) redis = await startRedis();
});
// Not stopped in after(): the Express example has no hook to close the store it made, and a client
// whose Redis is gone keeps reconnecting (so keeps the process alive). The harness ends the server
// with the process instead.

// `PROXY_RUNTIMES=express,workerd` runs only those (matched against the runtime names).
const only = process.env.PROXY_RUNTIMES?.toLowerCase().split(',').filter(Boolean);

for (const runtime of RUNTIMES.filter((r) => only === undefined || only.some((name) => r.name.toLowerCase().includes(name)))) {
  describe(`on ${runtime.name}`, { skip: runtime.unavailable() }, () => {
    before(() => runtime.prepare(), { timeout: 240_000 });
    // contract.test.ts already runs the contract on the Node adapter.
    if (runtime !== nodeRuntime) describeProxyContract(runtime.name, runtime.startContract);
    describeExample('the reference example', runtime.startExample, {
      ...(runtime !== workerdRuntime && noRedis === undefined && { redisUrl: () => redis!.url }),
    });
  });
}

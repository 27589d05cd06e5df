// Every documented runtime, started for real, against one contract suite.
import { after, before, describe } from 'node:test';
import { assertCanaryNeverSeen } from './harness.js';
import { proxyContract } from './runtime-suite.js';
import { RUNTIMES } from './runtimes.js';

after(assertCanaryNeverSeen);

for (const runtime of RUNTIMES) {
  const skip = runtime.unavailable();
  describe(`on ${runtime.name}`, { skip }, () => {
    before(() => runtime.prepare(), { timeout: 180_000 });
    proxyContract('the proxy contract', runtime.start, { skip });
  });
}

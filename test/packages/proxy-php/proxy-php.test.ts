// proxy.php, the one-file proxy for any PHP host, under `php -S`: the shared proxy contract and
// the PHP attack suite, with its counters in APCu and in flock-guarded files, over curl and over
// PHP's HTTP streams (a host without the curl extension). Also: the committed proxy.php is the
// build of the plugin's core, and a missing configuration is a clear JSON error.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { buildProxyPhp, OUTPUT } from '../../../scripts/build-proxy-php.mjs';
import { assertCanaryNeverSeen, CANARY_KEY, observe, readAnswer } from '../proxy/harness.js';
import { describeProxyContract, MARKER } from '../proxy/contract-suite.js';
import { describePhpProxy } from './php-suite.js';
import { phpExtensionMissing, startProxyPhp } from './php-proxy.js';
import type { ProxyPhpVariant } from './php-proxy.js';

after(assertCanaryNeverSeen);

const variants: Array<[string, ProxyPhpVariant]> = [
  ['proxy.php, APCu counters, curl', { counters: 'apcu', transport: 'curl' }],
  ['proxy.php, file counters, PHP streams', { counters: 'files', transport: 'streams' }],
];

for (const [name, variant] of variants) {
  const missing = variant.counters === 'apcu' ? phpExtensionMissing('apcu', 'php-apcu') : undefined;
  if (missing !== undefined) throw new Error(missing);
  describeProxyContract(name, (options) => startProxyPhp(options, variant));
  describePhpProxy(name, (options) => startProxyPhp(options, variant), { logs: true });
}

describe('proxy.php', () => {
  it("is the build of the plugin's proxy core: npm run build:proxy-php leaves it unchanged", async () => {
    assert.equal(await readFile(OUTPUT, 'utf8'), buildProxyPhp(), 'packages/proxy-php/proxy.php is stale: run npm run build:proxy-php');
  });

  it('answers ?route[]=… with 400 bad_route, as JSON, and no PHP message', async () => {
    const proxy = await startProxyPhp({ baseUrl: 'http://127.0.0.1:9', apiKey: CANARY_KEY }, { counters: 'files', transport: 'curl' });
    try {
      for (const query of ['route[]=ocean&referenceNumber=A1', 'route[a][b]=air&number=1']) {
        const answer = await readAnswer(await fetch(`${proxy.url}/proxy.php?${query}`, { headers: MARKER }));
        observe(answer.text);
        assert.equal(answer.status, 400, query);
        assert.equal((answer.json() as { error: string }).error, 'bad_route', query);
        assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
      }
    } finally {
      await proxy.close();
    }
  });

  it('answers 500 not_configured, naming the setting, when no key is set', async () => {
    const proxy = await startProxyPhp({ baseUrl: 'http://127.0.0.1:9', apiKey: '' }, { counters: 'files', transport: 'curl' });
    try {
      const answer = await readAnswer(await fetch(`${proxy.url}/proxy.php/ocean?referenceNumber=A1`, { headers: MARKER }));
      assert.equal(answer.status, 500);
      assert.equal((answer.json() as { error: string }).error, 'not_configured');
      assert.match(answer.text, /TRACKING_API_KEY/);
      assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    } finally {
      await proxy.close();
    }
  });
});

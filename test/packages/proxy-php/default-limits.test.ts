// The PHP proxies' default limits are the Node proxy's, where both have the limit: a site owner who
// moves from one to the other keeps the same protections and the same cache times (the element's
// refresh-interval is checked against the Node proxy's cacheTtlMs in proxy-client.test.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { DEFAULT_LIMITS } from '@cargo-trackers/proxy';

const CORE = fileURLToPath(new URL('../../../packages/wordpress-plugin/includes/proxy/load.php', import.meta.url));

/** The two names of one limit: PHP's on the left. */
const RENAMED: Readonly<Record<string, string>> = { shortCacheTtlMs: 'errorCacheTtlMs' };

/**
 * Limits that differ on purpose. A PHP worker is a whole process held for the length of a lookup,
 * so a site runs a handful at once where Node holds hundreds of sockets.
 */
const APART = new Set(['maxConcurrentLookups']);

describe("the PHP proxies' default limits", () => {
  it("are the Node proxy's wherever both have the limit", async () => {
    const script = `define('ABSPATH', '/'); require ${JSON.stringify(CORE)}; echo json_encode(CargoTrackers\\Proxy\\Proxy::DEFAULT_LIMITS);`;
    const { stdout } = await promisify(execFile)('php', ['-r', script]);
    const php = JSON.parse(stdout) as Record<string, unknown>;
    const node = DEFAULT_LIMITS as unknown as Record<string, unknown>;
    const shared = Object.keys(php).filter((name) => (RENAMED[name] ?? name) in node && !APART.has(name));
    assert.ok(shared.includes('cacheTtlMs') && shared.length >= 6, `only ${shared.join(', ')} compared`);
    for (const name of shared) assert.deepEqual(php[name], node[RENAMED[name] ?? name], name);
  });
});

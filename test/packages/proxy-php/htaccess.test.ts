// proxy.php on a shared host that allows no environment variables but honours an .htaccess: the
// README's `SetEnv TRACKING_PROXY_CONFIG …` example, as the README writes it (read from there, so a
// change to it is tested), under Apache prefork with mod_php and AllowOverride FileInfo, with the
// README's install path. proxy.php reads the file the example names, and refuses (and Apache never
// shows) a config file the same line names inside the web root. Skipped where Apache with mod_php
// is not installed: php -S reads no .htaccess.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { buildProxyPhp } from '../../../scripts/build-proxy-php.mjs';
import { apachePreforkUnavailable, startApachePrefork } from '../../support/apache-prefork.mjs';
import { assertCanaryNeverSeen, CANARY_KEY, observe, readAnswer, startUpstream } from '../proxy/harness.js';
import { MARKER } from '../proxy/contract-suite.js';
import { phpValue } from './php-proxy.js';

after(assertCanaryNeverSeen);

const README = fileURLToPath(new URL('../../../packages/proxy-php/README.md', import.meta.url));
/** The home folder the README's examples use: the test's own folder stands in for it. */
const README_HOME = '/home/me';

/** The README's .htaccess example: where it goes (its first line, a comment) and its text. */
async function readmeHtaccess(): Promise<{ path: string; text: string }> {
  const blocks = [...(await readFile(README, 'utf8')).matchAll(/^```apache\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
  const block = blocks.find((text) => text.includes('SetEnv TRACKING_PROXY_CONFIG'));
  assert.ok(block !== undefined, 'the README has an ```apache block with SetEnv TRACKING_PROXY_CONFIG');
  const path = /^# (\S+\/\.htaccess)\n/.exec(block)?.[1];
  assert.ok(path !== undefined, `the README's .htaccess example starts with a comment naming where it goes: ${block}`);
  return { path, text: block };
}

describe('proxy.php under Apache: the README .htaccess example', { skip: apachePreforkUnavailable() }, () => {
  it('reads the config file its SetEnv names, and refuses one inside the web root, which Apache never shows', async () => {
    const example = await readmeHtaccess();
    const named = /^SetEnv TRACKING_PROXY_CONFIG (\S+)$/m.exec(example.text)?.[1] ?? '';
    assert.ok(named.startsWith(`${README_HOME}/`), `the example names a file under ${README_HOME}: ${example.text}`);

    const home = await mkdtemp(join(tmpdir(), 'cargo-trackers-htaccess-'));
    const upstream = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    let apache: Awaited<ReturnType<typeof startApachePrefork>> | undefined;
    try {
      // The README's install: proxy.php in public_html/api/tracking/, the .htaccess where the
      // example's comment puts it, the config file where its SetEnv says.
      const webRoot = join(home, 'public_html');
      const htaccess = join(home, example.path);
      const proxyPhp = join(webRoot, 'api/tracking/proxy.php');
      assert.equal(dirname(htaccess), dirname(proxyPhp), 'the README puts the .htaccess beside proxy.php');
      await mkdir(dirname(proxyPhp), { recursive: true });
      await writeFile(proxyPhp, buildProxyPhp());
      const configFile = join(home, named.slice(README_HOME.length + 1));
      const writeConfig = async (path: string, apiKey: string) => {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(
          path,
          `<?php\nreturn ${phpValue({ apiKey, baseUrl: upstream.url, stateDir: join(home, 'state'), counters: 'files' })};\n`,
        );
      };
      await writeConfig(configFile, CANARY_KEY);
      await writeFile(htaccess, example.text.replaceAll(`${README_HOME}/`, `${home}/`));

      apache = await startApachePrefork({ dir: home, docRoot: webRoot, workers: 2, allowOverride: 'FileInfo' });
      const lookup = async () => {
        const answer = await readAnswer(
          await fetch(`${apache?.origin}/api/tracking/proxy.php/ocean?referenceNumber=A1`, { headers: MARKER }),
        );
        observe(answer.text);
        return answer;
      };

      const configured = await lookup();
      assert.equal(configured.status, 200, configured.text);
      assert.equal(upstream.requests.length, 1);
      assert.equal(upstream.requests[0]?.headers.authorization, `Bearer ${CANARY_KEY}`, 'the key came from the file SetEnv names');

      // The same line naming a config file beside proxy.php: Apache reads the .htaccess on each
      // request, and proxy.php its configuration.
      const inside = join(dirname(proxyPhp), 'cargo-trackers-proxy.config.php');
      const insideKey = 'trk_inside_the_web_root_never_read';
      await writeConfig(inside, insideKey);
      await writeFile(htaccess, example.text.replace(named, inside));
      const refused = await lookup();
      assert.equal(refused.status, 500, refused.text);
      assert.equal((refused.json() as { error: string }).error, 'not_configured');
      assert.match((refused.json() as { message: string }).message, /inside the web root/);
      assert.ok(!refused.text.includes(home), `the refusal names no server path: ${refused.text}`);
      assert.ok(!refused.text.includes(insideKey));
      assert.equal(upstream.requests.length, 1, 'no call with the refused file');
      // The owner finds the file's path in Apache's error log, where proxy.php's log lines go.
      const logged = (await apache.errorLog()).replaceAll('\\/', '/');
      assert.ok(logged.includes(`the config file ${inside} is inside the web root`), logged);

      // Opened by its URL, the file runs as PHP and prints nothing: its key is never shown as text.
      const direct = await fetch(`${apache.origin}/api/tracking/cargo-trackers-proxy.config.php`);
      const body = await direct.text();
      assert.ok(!body.includes(insideKey), `the config file was served as text: ${body}`);
      observe(await apache.errorLog());
    } finally {
      await apache?.stop();
      await upstream.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});

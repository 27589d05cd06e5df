// Where the plugin sends the key, in a real WordPress (Debian's) driven over HTTP as a logged-in
// administrator: a key from wp-config.php goes only to an address from wp-config.php; an address
// saved on the settings page must be https:// (loopback excepted) and is changed only with the key
// typed again; an address an older version saved that breaks these rules receives nothing; Test
// connection names the address it asked. And a list where WordPress expects one value
// (?rest_route[]=) is a clear 400, not a PHP warning. The upstream records every request, so
// "receives nothing" is seen, not assumed.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { MARKER } from '../proxy/contract-suite.js';
import { assertCanaryNeverSeen, CANARY_KEY, observe, readAnswer, startUpstream, type Upstream } from '../proxy/harness.js';
import { phpValue } from '../proxy-php/php-proxy.js';
import { debianWordPress, logInCookie, PHP_MESSAGE, reservePort, startWordPressSite, wpCli, type WordPressSite } from './wordpress-site.js';

after(assertCanaryNeverSeen);

/** Switches for the mu-plugin below: each file's presence defines one wp-config.php constant. */
const KEY_CONSTANT = 'wp-content/cargo-trackers-test-key-constant';
const BASE_CONSTANT = 'wp-content/cargo-trackers-test-base-constant';

/** The constants as wp-config.php would define them, switched per case by files, read on every request. */
const MU_PLUGIN = `<?php
if (is_file(WP_CONTENT_DIR . '/cargo-trackers-test-key-constant')) {
    define('CARGO_TRACKERS_API_KEY', ${phpValue(CANARY_KEY)});
}
if (is_file(WP_CONTENT_DIR . '/cargo-trackers-test-base-constant')) {
    define('CARGO_TRACKERS_API_BASE_URL', file_get_contents(WP_CONTENT_DIR . '/cargo-trackers-test-base-constant'));
}
`;

describe("where the WordPress plugin sends the key (Debian's WordPress)", () => {
  let site: WordPressSite;
  let admin: string;
  const upstreams: Upstream[] = [];

  before(async () => {
    const { port } = await reservePort();
    site = await startWordPressSite(await debianWordPress(), {
      port,
      posts: [],
      files: { 'wp-content/mu-plugins/cargo-trackers-key-destination-test.php': MU_PLUGIN },
    });
    admin = await logInCookie(site);
  });

  after(async () => {
    await site?.close();
  });

  afterEach(async () => {
    await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
    await rm(join(site.dir, KEY_CONSTANT), { force: true });
    await rm(join(site.dir, BASE_CONSTANT), { force: true });
    await wpCli(site, "delete_option('cargo_trackers_api_key'); delete_option('cargo_trackers_api_base_url');");
  });

  /** A tracking service that answers 404 (a good key) and records what reached it. */
  async function service(): Promise<Upstream> {
    const upstream = await startUpstream((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    upstreams.push(upstream);
    return upstream;
  }

  /** Stores options as an older version of the plugin could have, past today's sanitizing. */
  async function storeDirectly(options: Record<string, string>): Promise<void> {
    await wpCli(
      site,
      `foreach (${phpValue(options)} as $name => $value) {
    remove_all_filters('sanitize_option_' . $name);
    update_option($name, $value, false);
}`,
    );
  }

  const settingsPage = () => `${site.origin}/wp-admin/options-general.php?page=cargo-trackers`;

  /** The settings page as the administrator sees it, checked for PHP messages and the key. */
  async function settings(query = ''): Promise<string> {
    const response = await fetch(`${settingsPage()}${query}`, { headers: { cookie: admin } });
    const html = await response.text();
    observe(html);
    assert.equal(response.status, 200);
    const messages = html.split(/<br\s*\/?>|\n/).filter((line) => PHP_MESSAGE.test(line) && line.includes('plugins/cargo-trackers/'));
    assert.deepEqual(messages, [], 'no PHP message from the plugin');
    return html;
  }

  /** The settings form's nonce (Test connection is a button of that form). */
  function nonce(html: string): string {
    const found = [...html.matchAll(/name="_wpnonce" value="([0-9a-f]+)"/g)].map((match) => match[1]!);
    assert.equal(found.length, 1, 'one form: the settings form, with Save Changes and Test connection');
    return found[0]!;
  }

  /** Saves the settings form as the browser would post it; returns the page shown after it. */
  async function save(fields: Record<string, string>): Promise<string> {
    const response = await fetch(`${site.origin}/wp-admin/options.php`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        option_page: 'cargo_trackers',
        action: 'update',
        _wpnonce: nonce(await settings()),
        _wp_http_referer: '/wp-admin/options-general.php?page=cargo-trackers',
        cargo_trackers_api_key: '',
        cargo_trackers_api_base_url: '',
        cargo_trackers_cors_origins: '',
        ...fields,
      }).toString(),
      redirect: 'manual',
    });
    observe(await response.text());
    assert.equal(response.status, 302, 'options.php saved and sent the administrator back');
    return settings('&settings-updated=true');
  }

  /**
   * Presses Test connection in the settings form as the browser posts it: the key field as typed
   * (empty unless `typed` says), the address field as shown unless `typed` says. Returns the result
   * WordPress shows, and the page.
   */
  async function testConnection(typed: Record<string, string> = {}): Promise<string> {
    return (await testConnectionPage(typed)).result;
  }

  async function testConnectionPage(typed: Record<string, string> = {}): Promise<{ result: string; html: string }> {
    const form = await settings();
    const shown = /<input[^>]*name="cargo_trackers_api_base_url" value="([^"]*)"/.exec(form)?.[1];
    const fields: Record<string, string> = {
      option_page: 'cargo_trackers',
      action: 'update',
      _wpnonce: nonce(form),
      _wp_http_referer: '/wp-admin/options-general.php?page=cargo-trackers',
      cargo_trackers_cors_origins: '',
      cargo_trackers_test: 'Test connection',
    };
    if (form.includes('name="cargo_trackers_api_key"')) fields.cargo_trackers_api_key = '';
    if (shown !== undefined) fields.cargo_trackers_api_base_url = shown.replaceAll('&amp;', '&');
    const response = await fetch(`${site.origin}/wp-admin/options.php`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...typed }).toString(),
      redirect: 'manual',
    });
    observe(await response.text());
    assert.equal(response.status, 302);
    assert.match(response.headers.get('location') ?? '', /options-general\.php\?page=cargo-trackers&cargo-trackers-tested=1$/);
    const html = await settings('&cargo-trackers-tested=1');
    const result = /<div class="notice notice-(\w+)" id="cargo-trackers-test-result"><p>([^<]*)<\/p>/.exec(html);
    assert.ok(result, 'the test result is shown');
    return { result: `${result[1]}: ${result[2]}`, html };
  }

  const storedBase = async () => wpCli(site, "echo get_option('cargo_trackers_api_base_url');");

  async function lookup(): Promise<{ status: number; error: string; message: string; text: string }> {
    const answer = await readAnswer(
      await fetch(`${site.origin}/?rest_route=/cargo-trackers/v1/ocean&referenceNumber=MSCU1234567`, { headers: MARKER }),
    );
    observe(answer.text);
    const body = answer.json() as { error: string; message: string };
    return { status: answer.status, error: body.error, message: body.message, text: answer.text };
  }

  describe('a key from wp-config.php', () => {
    it('goes to no address saved on the settings page: lookups and Test connection ask nothing, and say what to define', async () => {
      const upstream = await service();
      await writeFile(join(site.dir, KEY_CONSTANT), '');
      // Saved there by an administrator (of this site, on multisite), or before the constant was defined.
      await storeDirectly({ cargo_trackers_api_base_url: upstream.url });

      const answer = await lookup();
      assert.equal(answer.status, 500);
      assert.equal(answer.error, 'not_configured');
      assert.match(answer.message, /CARGO_TRACKERS_API_BASE_URL/);
      assert.ok(!answer.text.includes(upstream.url), 'a visitor is not told the address');

      const result = await testConnection();
      assert.match(result, /^error: /);
      assert.match(result, /define CARGO_TRACKERS_API_BASE_URL there too/);
      assert.deepEqual(upstream.requests, [], 'the key went nowhere');
    });

    it('shows the address in use in a disabled field, says why, and keeps the stored address whatever is posted', async () => {
      await writeFile(join(site.dir, KEY_CONSTANT), '');
      await storeDirectly({ cargo_trackers_api_base_url: 'https://saved.example' });
      const page = await settings();
      const field = /<input[^>]*id="cargo_trackers_api_base_url"[^>]*>/.exec(page)?.[0] ?? '';
      assert.match(field, /\bdisabled\b/);
      assert.doesNotMatch(field, /\bname=/, 'the disabled field posts nothing');
      assert.match(field, /value=""/, 'no address is in use');
      assert.match(page, /The key comes from wp-config\.php, so the address it is sent to must come from there too/);

      await save({ cargo_trackers_api_base_url: 'https://attacker.example' });
      assert.equal(await storedBase(), 'https://saved.example');

      const upstream = await service();
      await writeFile(join(site.dir, BASE_CONSTANT), upstream.url);
      const withConstant = await settings();
      assert.match(withConstant, new RegExp(`<input[^>]*id="cargo_trackers_api_base_url" value="${upstream.url}"[^>]*disabled`));
      assert.match(withConstant, /From CARGO_TRACKERS_API_BASE_URL in wp-config\.php/);
      assert.equal((await lookup()).status, 404, 'the constant address is asked');
      assert.equal(upstream.requests[0]?.headers.authorization, `Bearer ${CANARY_KEY}`);
    });
  });

  describe('a key saved on the settings page', () => {
    it('is saved with an https:// or a loopback address, and Test connection names the address it asked', async () => {
      const upstream = await service();
      const page = await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: `${upstream.url}/` });
      assert.match(page, /Settings saved\./);
      assert.equal(await storedBase(), upstream.url);
      const result = await testConnection();
      assert.match(result, /^success: The key works/);
      assert.ok(result.endsWith(`Asked: ${upstream.url}`), result);
      assert.equal(upstream.requests.length, 1);

      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: 'https://tracking.example/api' });
      assert.equal(await storedBase(), 'https://tracking.example/api');
    });

    it('refuses a plain http:// address that is not this machine, with a clear settings error', async () => {
      const upstream = await service();
      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: upstream.url });
      for (const address of ['http://tracking.example', 'http://10.0.0.1:8080', 'ftp://tracking.example']) {
        const page = await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: address });
        assert.match(page, /The service address was not saved\./, address);
        assert.equal(await storedBase(), upstream.url, address);
      }
      const page = await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: 'http://tracking.example' });
      assert.match(page, /must start with https:\/\//);
    });

    it('keeps the address when a new one is saved without the key typed again, and says why', async () => {
      const upstream = await service();
      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: upstream.url });
      const page = await save({ cargo_trackers_api_base_url: 'https://attacker.example' });
      assert.match(
        page,
        /The service address was not changed: the key is sent to that address, so it changes only with the API key typed in the same form\. The previous address is kept\./,
      );
      assert.equal(await storedBase(), upstream.url);
      const notAKey = await save({ cargo_trackers_api_key: 'not a key', cargo_trackers_api_base_url: 'https://attacker.example' });
      assert.match(notAKey, /The service address was not changed/);
      assert.equal(await storedBase(), upstream.url, 'a refused key does not change it either');
      // A new key with a new address replaces the stored key: what goes there is the key typed.
      const replaced = `${CANARY_KEY}2`;
      await save({ cargo_trackers_api_key: replaced, cargo_trackers_api_base_url: 'https://other.example' });
      assert.equal(await storedBase(), 'https://other.example');
      assert.equal(
        await wpCli(site, "echo get_option('cargo_trackers_api_key') === " + phpValue(replaced) + " ? 'replaced' : 'kept';"),
        'replaced',
      );
      await save({ cargo_trackers_api_key: replaced, cargo_trackers_api_base_url: upstream.url });
      // The same address again, or none, needs no key.
      assert.doesNotMatch(await save({ cargo_trackers_api_base_url: upstream.url }), /was not changed/);
      await save({ cargo_trackers_api_base_url: '' });
      assert.equal(await storedBase(), '');
    });

    it('Test connection tries the key and the address as typed, saves neither, and names the address it asked', async () => {
      const saved = await service();
      const typed = await service();
      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: saved.url });
      const newKey = `${CANARY_KEY}typed`;
      const { result, html } = await testConnectionPage({ cargo_trackers_api_key: newKey, cargo_trackers_api_base_url: typed.url });
      assert.match(result, /^success: The key works/);
      assert.ok(result.endsWith(`Asked: ${typed.url}`), result);
      assert.deepEqual(
        typed.requests.map((request) => request.headers.authorization),
        [`Bearer ${newKey}`],
        'the typed address, asked with the typed key',
      );
      assert.deepEqual(saved.requests, [], 'not the saved address');
      assert.equal(await storedBase(), saved.url, 'nothing saved');
      assert.equal(await wpCli(site, "echo get_option('cargo_trackers_api_key');"), CANARY_KEY);
      assert.match(html, new RegExp(`name="cargo_trackers_api_base_url" value="${typed.url}"`), 'the field keeps the typed address');
    });

    it('Test connection sends the stored key to a new address only when the key is typed too', async () => {
      const saved = await service();
      const other = await service();
      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: saved.url });
      const result = await testConnection({ cargo_trackers_api_base_url: other.url });
      assert.match(result, /^error: .*type the API key too/);
      assert.deepEqual([...saved.requests, ...other.requests], [], 'the key went nowhere');
      const refused = await testConnection({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: 'http://tracking.example' });
      assert.match(refused, /^error: .*must start with https:\/\//);
    });

    it('names the address that did not answer (never the key)', async () => {
      const gone = await startUpstream();
      const address = gone.url;
      await gone.close();
      const result = await testConnection({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: address });
      assert.ok(result.startsWith(`error: The service could not be asked. Nothing answered at ${address}.`), result);
      assert.match(result, /\(upstream_unreachable\)$/);
    });

    it('sends nothing to a stored address an older version accepted that breaks the rules', async () => {
      await storeDirectly({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: 'http://tracking.invalid' });
      const answer = await lookup();
      assert.equal(answer.status, 500);
      assert.equal(answer.error, 'not_configured');
      assert.match(answer.message, /not https:\/\//);
      const page = await settings();
      assert.match(page, /This address is not used, and the key is not sent to it\./);
      const result = await testConnection();
      assert.match(result, /^error: .*The saved service address is not https:\/\/, so the key is not sent to it\./);
      assert.doesNotMatch(result, /Asked:/);
    });
  });

  describe('leading the owner to the settings', () => {
    /** An admin screen as the administrator sees it. */
    async function adminScreen(path: string): Promise<string> {
      const response = await fetch(`${site.origin}/wp-admin/${path}`, { headers: { cookie: admin } });
      assert.equal(response.status, 200, path);
      const html = await response.text();
      observe(html);
      return html;
    }
    const setupNotice = /<div class="notice notice-info" id="cargo-trackers-setup-notice">.*?href="([^"]+)"/s;

    it("offers Settings on the plugin's row of the Plugins screen", async () => {
      const html = await adminScreen('plugins.php');
      const row = /<tr[^>]*data-plugin="cargo-trackers\/cargo-trackers\.php"[\s\S]*?<\/tr>/.exec(html)?.[0] ?? '';
      assert.match(row, /<a href="[^"]*options-general\.php\?page=cargo-trackers">Settings<\/a>/);
    });

    it('after activation, shows a notice on admin screens until a key is set, then never again', async () => {
      await wpCli(site, "deactivate_plugins('cargo-trackers/cargo-trackers.php'); activate_plugin('cargo-trackers/cargo-trackers.php');");
      const dashboard = await adminScreen('index.php');
      assert.match(dashboard, /Cargo Trackers is active\. Enter your tracking API key and the service address/);
      assert.match(setupNotice.exec(dashboard)?.[1] ?? '', /options-general\.php\?page=cargo-trackers$/);
      assert.match(await adminScreen('plugins.php'), setupNotice, 'on every admin screen');

      const upstream = await service();
      await save({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: upstream.url });
      assert.doesNotMatch(await adminScreen('index.php'), setupNotice, 'gone once a key is stored');
      await wpCli(site, "delete_option('cargo_trackers_api_key');");
      assert.doesNotMatch(await adminScreen('index.php'), setupNotice, 'dismissed for good, not shown again without a key');
    });
  });

  it('answers ?rest_route[]=… with a clear 400, and no PHP message, whatever the route', async () => {
    for (const query of ['rest_route[]=/cargo-trackers/v1/ocean&referenceNumber=A1', 'rest_route[0]=/wp/v2/posts', 'rest_route[a][b]=x']) {
      const response = await fetch(`${site.origin}/?${query}`, { headers: MARKER });
      const text = await response.text();
      observe(text);
      assert.doesNotMatch(text, PHP_MESSAGE, query);
      assert.equal(response.status, 400, query);
      assert.equal((JSON.parse(text) as { error: string }).error, 'bad_route', query);
    }
    const upstream = await service();
    await storeDirectly({ cargo_trackers_api_key: CANARY_KEY, cargo_trackers_api_base_url: upstream.url });
    const number = await readAnswer(
      await fetch(`${site.origin}/?rest_route=/cargo-trackers/v1/ocean&referenceNumber[]=A1`, { headers: MARKER }),
    );
    observe(number.text);
    assert.equal(number.status, 400);
    assert.equal((number.json() as { error: string }).error, 'bad_parameter');
    assert.deepEqual(upstream.requests, []);
    assert.ok(!(await site.debugLog()).includes('plugins/cargo-trackers/'), 'nothing from the plugin in the debug log');
  });
});

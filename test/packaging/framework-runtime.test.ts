// What each framework really does with the forms its typings accept or refuse: small Solid, Vue
// and Svelte components (test/packaging/runtime/), compiled by each framework's own compiler
// (babel-preset-solid, @vue/compiler-sfc, svelte/compiler) and bundled by esbuild with the
// elements' sources, render <ocean-tracker> and <air-tracker> in Chromium; the test reads what
// reached each element (property, attribute) and which listeners hear a dispatched event. The
// Vue and Svelte components are also rendered by their server renderers and hydrated.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { transformAsync } from '@babel/core';
import { compileScript, parse } from 'vue/compiler-sfc';
import { compile } from 'svelte/compiler';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/find-chromium.mjs';
import { listenOnLoopback, type Listening } from '../demo/listen-on-loopback.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = join(root, 'test/packaging/runtime');

const isCustomElement = (tag: string) => tag.endsWith('-tracker');

/** Each framework's compiler, as its Vite plugin would call it, for the browser or the server. */
const frameworks = (target: 'client' | 'server' = 'client'): Plugin => ({
  name: 'frameworks',
  setup(b) {
    b.onLoad({ filter: /\.jsx$/ }, async ({ path }) => {
      const result = await transformAsync(await readFile(path, 'utf8'), {
        filename: path,
        presets: [['babel-preset-solid', { generate: 'dom' }]],
        babelrc: false,
        configFile: false,
      });
      return { contents: result?.code ?? '', loader: 'js' };
    });
    b.onLoad({ filter: /\.vue$/ }, async ({ path }) => {
      // As @vitejs/plugin-vue does: the parser already tells elements from components.
      const { descriptor, errors } = parse(await readFile(path, 'utf8'), { filename: path, templateParseOptions: { isCustomElement } });
      assert.deepEqual(errors, []);
      const script = compileScript(descriptor, {
        id: basename(path),
        inlineTemplate: true,
        templateOptions: { ssr: target === 'server', compilerOptions: { isCustomElement } },
      });
      return { contents: script.content, loader: 'js' };
    });
    b.onLoad({ filter: /\.svelte$/ }, async ({ path }) => {
      const { js } = compile(await readFile(path, 'utf8'), { filename: path, generate: target });
      return { contents: js.code, loader: 'js' };
    });
  },
});

interface Seen {
  proxyUrl: unknown;
  pollInterval: unknown;
  carrierCode: unknown;
  messages: unknown;
  attributes: Record<string, string>;
  lowercased: { pollinterval: unknown };
}

describe('frameworks at run time: what the typed forms do to the element', { timeout: 180_000 }, () => {
  let out: string;
  let server: Listening;
  let browser: Browser;
  let page: Page;
  let ssrHtml: { svelte: string; vue: string };
  const problems: string[] = [];

  before(async () => {
    out = await mkdtemp(join(tmpdir(), 'cargo-trackers-frameworks-'));
    const define = { __VUE_OPTIONS_API__: 'false', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' };
    await build({
      entryPoints: ['main.js', 'svelte-hydrate.js', 'vue-hydrate.js'].map((entry) => join(sources, entry)),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['cargo-trackers-source'],
      outdir: out,
      plugins: [frameworks()],
      define,
      logLevel: 'error',
    });
    // Each server renderer, as SvelteKit and Nuxt run it: the HTML a page starts from.
    await build({
      stdin: {
        contents: `import { render } from 'svelte/server';
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import SvelteRunes from './svelte-runes.svelte';
import Vue from './vue.vue';
export const svelte = render(SvelteRunes, { props: { log() {} } }).body;
export const vue = await renderToString(createSSRApp(Vue, { log() {} }));
`,
        resolveDir: sources,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: join(out, 'ssr.mjs'),
      plugins: [frameworks('server')],
      define,
      logLevel: 'error',
    });
    ssrHtml = (await import(pathToFileURL(join(out, 'ssr.mjs')).href)) as { svelte: string; vue: string };
    const carriers: Record<string, Buffer> = {
      '/carriers/ocean': await readFile(join(root, 'test/fixtures/carriers-ocean.json')),
      '/carriers/air': await readFile(join(root, 'test/fixtures/carriers-air.json')),
    };
    const html = (script: string, body = '') =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${script}"></script></head><body>${body}</body></html>`;
    const pages: Record<string, string> = {
      '/': html('/main.js'),
      '/svelte-ssr': html('/svelte-hydrate.js', `<div id="ssr">${ssrHtml.svelte}</div>`),
      '/vue-ssr': html('/vue-hydrate.js', `<div id="ssr">${ssrHtml.vue}</div>`),
    };
    const scripts = new Map<string, Buffer>();
    for (const name of ['main.js', 'svelte-hydrate.js', 'vue-hydrate.js']) scripts.set(`/${name}`, await readFile(join(out, name)));
    server = await listenOnLoopback(
      createServer((req, res) => {
        const url = req.url ?? '/';
        // The carrier lists the elements ask for beside their proxy (/static → /carriers/ocean).
        if (carriers[url]) return void res.writeHead(200, { 'content-type': 'application/json' }).end(carriers[url]);
        if (scripts.has(url)) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts.get(url));
        if (pages[url]) return void res.writeHead(200, { 'content-type': 'text/html' }).end(pages[url]);
        res.writeHead(404).end();
      }),
    );
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(server.baseUrl);
    await page.waitForFunction(() => (window as unknown as { frameworksReady?: boolean }).frameworksReady, null, { timeout: 30_000 });
    // Every element hears one tracker-load and one click.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('ocean-tracker, air-tracker')) {
        el.dispatchEvent(new Event('tracker-load'));
        el.dispatchEvent(new MouseEvent('click'));
      }
    });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (out) await rm(out, { recursive: true, force: true });
  });

  const seen = (id: string): Promise<Seen> =>
    page.evaluate((id) => {
      const el = document.getElementById(id) as unknown as Record<string, unknown> & HTMLElement;
      if (!el) throw new Error(`no #${id}`);
      return {
        proxyUrl: el.proxyUrl,
        pollInterval: el.pollInterval,
        carrierCode: el.carrierCode,
        messages: el.messages,
        attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
        lowercased: { pollinterval: el.pollinterval },
      };
    }, id);
  const log = () => page.evaluate(() => (window as unknown as { frameworkLog: string[] }).frameworkLog);

  it('the page rendered every framework; only the two elements whose proxy came lowercased say their proxy-url is missing', () => {
    // The message a page author sees when a camelCase name was lost (Solid's proxyUrl="…", Svelte's before the define).
    const missing = (tag: string) =>
      `console error: [${tag}] The proxy-url attribute is missing, so no lookup can be made. Set it to your tracking proxy's path, e.g. proxy-url="/api/tracking/${tag.replace('-tracker', '')}".`;
    assert.deepEqual(problems.sort(), [missing('air-tracker'), missing('ocean-tracker')]);
  });

  describe('Solid', () => {
    it('kebab-case names reach the element: a static one as the attribute, a bound one as the property', async () => {
      const el = await seen('solid-kebab');
      assert.equal(el.proxyUrl, '/static');
      assert.equal(el.attributes['proxy-url'], '/static');
      assert.equal(el.pollInterval, 30);
      assert.deepEqual(el.messages, { 'form.submit': 'Find' });
    });

    it('camelCase names do not: proxyUrl="…" lands as a proxyurl attribute, pollInterval={n} as el.pollinterval', async () => {
      const el = await seen('solid-camel');
      assert.notEqual(el.proxyUrl, '/static');
      assert.equal(el.attributes.proxyurl, '/static');
      assert.equal(el.pollInterval, 120, 'the default');
      assert.equal(el.lowercased.pollinterval, 30);
      assert.equal(el.attributes.pollinterval, undefined);
    });

    it('prop: sets the property by its own name, attr: the attribute', async () => {
      const prop = await seen('solid-prop');
      assert.equal(prop.proxyUrl, '/prop');
      assert.equal(prop.pollInterval, 45);
      assert.equal(prop.carrierCode, 'MAEU');
      assert.equal((await seen('solid-attr')).pollInterval, 50);
    });

    it('on:tracker-load and ontracker-load listen; onTrackerLoad does not', async () => {
      const heard = await log();
      assert.ok(heard.includes('solid-kebab on:tracker-load'), heard.join(', '));
      assert.ok(heard.includes('solid-kebab ontracker-load'), heard.join(', '));
      assert.ok(!heard.includes('solid-camel onTrackerLoad'), heard.join(', '));
    });
  });

  describe('Vue', () => {
    it('a static poll-interval="30" and :poll-interval="45" arrive as numbers; :messages as the object', async () => {
      const el = await seen('vue-static');
      assert.equal(el.proxyUrl, '/static');
      assert.equal(el.pollInterval, 30);
      assert.deepEqual(el.messages, { 'form.submit': 'Find' });
      assert.equal(el.attributes.class, 'tracker');
      assert.equal(el.attributes.hidden, '');
      const bound = await seen('vue-bound');
      assert.equal(bound.proxyUrl, '/bound');
      assert.equal(bound.pollInterval, 45);
      const camelBound = await seen('vue-camel-bound');
      assert.equal(camelBound.proxyUrl, '/bound');
      assert.equal(camelBound.pollInterval, 45);
    });

    it('a static pollInterval="30" sets the property to the string "30" (docs/embedding.md: write static values in kebab-case)', async () => {
      assert.equal((await seen('vue-camel-static')).pollInterval, '30');
    });

    it('@tracker-load and @click listen, and the template ref is the element', async () => {
      const heard = await log();
      assert.ok(heard.includes('vue @tracker-load'), heard.join(', '));
      assert.ok(heard.includes('vue @click'), heard.join(', '));
      assert.ok(heard.includes('vue ref OceanTracker'), heard.join(', '));
    });

    it("server-rendered and hydrated (Nuxt's way), the props and @tracker-load reach the element", async () => {
      // The server writes the attributes, not the object; hydration sets what the element has as properties.
      assert.match(ssrHtml.vue, /<ocean-tracker id="vue-static" proxy-url="\/static" poll-interval="30" hidden class="tracker">/);
      assert.doesNotMatch(ssrHtml.vue, /messages=/);
      const { elements, heard, errors } = await hydrated('/vue-ssr', ['vue-static', 'vue-bound', 'vue-camel-bound']);
      assert.deepEqual(elements['vue-static'], { proxyUrl: '/static', pollInterval: 30, messages: { 'form.submit': 'Find' } });
      for (const id of ['vue-bound', 'vue-camel-bound']) {
        assert.equal(elements[id]?.proxyUrl, '/bound', id);
        assert.equal(elements[id]?.pollInterval, 45, id);
      }
      assert.deepEqual(heard.sort(), ['vue @tracker-load', 'vue ref OceanTracker']);
      assert.deepEqual(errors, []);
    });
  });

  /** Opens a server-rendered page, waits for its hydration, and gives what reached `ids` and what was heard. */
  async function hydrated(
    path: string,
    ids: string[],
  ): Promise<{ elements: Record<string, Pick<Seen, 'proxyUrl' | 'pollInterval' | 'messages'>>; heard: string[]; errors: string[] }> {
    const ssr = await browser.newPage();
    const errors: string[] = [];
    ssr.on('pageerror', (error) => errors.push(error.message));
    ssr.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    try {
      await ssr.goto(`${server.baseUrl}${path}`);
      await ssr.waitForFunction(() => (window as unknown as { frameworksReady?: boolean }).frameworksReady, null, { timeout: 30_000 });
      // No named function inside: tsx would wrap it in a helper the page does not have.
      const elements = await ssr.evaluate(
        (ids) =>
          Object.fromEntries(
            ids.map((id) => {
              const el = document.getElementById(id) as unknown as Record<string, unknown> & HTMLElement;
              el.dispatchEvent(new Event('tracker-load'));
              return [id, { proxyUrl: el.proxyUrl, pollInterval: el.pollInterval, messages: el.messages }];
            }),
          ),
        ids,
      );
      const heard = await ssr.evaluate(() => (window as unknown as { frameworkLog: string[] }).frameworkLog);
      return { elements, heard, errors };
    } finally {
      await ssr.close();
    }
  }

  describe('Svelte 5', () => {
    it('with the tags defined, properties (proxyUrl, pollInterval, messages) and attributes (proxy-url) reach the element', async () => {
      const camel = await seen('svelte-camel');
      assert.equal(camel.proxyUrl, '/static');
      assert.equal(camel.pollInterval, 30);
      assert.deepEqual(camel.messages, { 'form.submit': 'Find' });
      const kebab = await seen('svelte-kebab');
      assert.equal(kebab.proxyUrl, '/static');
      assert.equal(kebab.pollInterval, 30);
    });

    it('ontracker-load (runes mode) and on:tracker-load (a legacy component) listen', async () => {
      const heard = await log();
      assert.ok(heard.includes('svelte ontracker-load'), heard.join(', '));
      assert.ok(heard.includes('svelte on:tracker-load'), heard.join(', '));
    });

    it('before the tags are defined, a camelCase string goes in as an attribute and is lowercased; kebab-case works', async () => {
      assert.ok((await log()).includes('svelte-early mounted'));
      const camel = await seen('svelte-early-camel');
      assert.notEqual(camel.proxyUrl, '/static');
      assert.equal(camel.attributes.proxyurl, '/static');
      assert.equal((await seen('svelte-early-kebab')).proxyUrl, '/static');
    });

    it("server-rendered and hydrated (SvelteKit's way), properties reach the element and ontracker-load listens", async () => {
      // The server writes every name as an attribute, lowercased, and an object as its string.
      assert.match(ssrHtml.svelte, /<ocean-tracker id="svelte-camel" proxyurl="\/static" pollinterval="30" messages="\[object Object\]">/);
      const { elements, heard, errors } = await hydrated('/svelte-ssr', ['svelte-camel', 'svelte-kebab']);
      assert.deepEqual(elements['svelte-camel'], { proxyUrl: '/static', pollInterval: 30, messages: { 'form.submit': 'Find' } });
      assert.equal(elements['svelte-kebab']?.proxyUrl, '/static');
      assert.equal(elements['svelte-kebab']?.pollInterval, 30);
      assert.deepEqual(heard, ['svelte ontracker-load']);
      assert.deepEqual(errors, []);
    });
  });
});

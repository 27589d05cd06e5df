// The React components (`@cargo-trackers/ocean-tracker/react`, `cargo-trackers/react`) in a Next.js
// App Router app, server-rendered and hydrated: a scratch app under .cache/ takes the workspace
// packages' built `dist` through node_modules, `next build` runs once, `next start` serves it on a
// free loopback port, and Chromium opens it. The page is a server component that renders one
// component itself (the client-module rule: the wrapper is a `'use client'` module, so a server
// component may render it with serializable props) and a client component that renders the other
// with listeners. The proxy is a route of the same app answering with a fixture.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { launchChromium } from '../support/find-chromium.mjs';
import { NEXT_BIN, startNext, type StartedNext } from '../support/next-start.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

const FILES: Record<string, string> = {
  'package.json': '{ "name": "next-react-wrapper-test", "private": true, "type": "module" }\n',
  'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      skipLibCheck: true,
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      esModuleInterop: true,
      isolatedModules: true,
      jsx: 'react-jsx',
      resolveJsonModule: true,
      plugins: [{ name: 'next' }],
    },
    include: ['**/*.ts', '**/*.tsx'],
    exclude: ['node_modules'],
  }),
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  // A server component: it renders the air tracker itself, with a messages object (serializable).
  'app/page.tsx': `import { AirTracker } from 'cargo-trackers/react';
import { Tracking } from './tracking';
import { Raw } from './raw';

export default function Page() {
  return (
    <main>
      <h1>Server-rendered</h1>
      <Tracking />
      <Raw />
      <AirTracker id="from-server" proxyUrl="/api/tracking/air" map="none" messages={{ 'form.submit': 'Find flight' }} />
    </main>
  );
}
`,
  // A client component: listeners and state, the ocean tracker from its own package.
  'app/tracking.tsx': `'use client';
import { useState } from 'react';
import { OceanTracker } from '@cargo-trackers/ocean-tracker/react';

export function Tracking() {
  const [reference, setReference] = useState('MEDU9091004');
  const [loaded, setLoaded] = useState<string[]>([]);
  const [states, setStates] = useState<string[]>([]);
  return (
    <section>
      <OceanTracker
        id="from-client"
        proxyUrl="/api/tracking/ocean"
        referenceNumber={reference}
        map="none"
        messages={{ 'form.submit': 'Find' }}
        onTrackerLoad={(event) => setLoaded((list) => [...list, event.shipment.reference])}
        onTrackerStateChange={(event) => setStates((list) => [...list, event.state])}
      />
      <button id="another" type="button" onClick={() => setReference('HLXU8123446')}>Another</button>
      <p id="loaded">{loaded.join(',')}</p>
      <p id="states">{states.join(',')}</p>
    </section>
  );
}
`,
  // The raw element, for the caveat docs/embedding.md states (React issue 35446): a client component
  // that never renders again, so only hydration could set its property and listener.
  'app/raw.tsx': `'use client';
import '@cargo-trackers/ocean-tracker';
import type {} from '@cargo-trackers/ocean-tracker/jsx-react';

export function Raw() {
  return (
    <ocean-tracker
      id="raw"
      proxy-url="/api/tracking/ocean"
      reference-number="MEDU9091004"
      map="none"
      messages={{ 'form.submit': 'Find' }}
      ontracker-load={() => document.body.setAttribute('data-raw-loaded', '')}
    />
  );
}
`,
  'app/api/tracking/[product]/route.ts': `import ocean from '../../../../ocean.json';
import air from '../../../../air.json';

export async function GET(request: Request, { params }: { params: Promise<{ product: string }> }) {
  const { product } = await params;
  const url = new URL(request.url);
  if (product === 'ocean') return Response.json({ ...ocean, referenceNumber: url.searchParams.get('referenceNumber') });
  return Response.json(air);
}
`,
  // So that the browser asks for no /favicon.ico, which would be a 404 in the console.
  'app/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n',
  'ocean.json': readFileSync(join(ROOT, 'test/fixtures/ocean-container-in-transit.json'), 'utf8'),
  'air.json': readFileSync(join(ROOT, 'test/fixtures/air-delivered.json'), 'utf8'),
};

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, env: ENV, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('React components in Next.js (App Router, server-rendered and hydrated)', () => {
  let dir: string;
  let next: StartedNext;
  let browser: Browser;

  before(
    async () => {
      // The packages as an app gets them: their compiled dist, through node_modules.
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], ROOT);
      // Under the repository, so that the app resolves the workspace's node_modules.
      mkdirSync(join(ROOT, '.cache'), { recursive: true });
      dir = mkdtempSync(join(ROOT, '.cache', 'next-react-'));
      for (const [path, text] of Object.entries(FILES)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      run(process.execPath, [NEXT_BIN, 'build'], dir);
      next = await startNext(dir);
      browser = await launchChromium();
    },
    { timeout: 600_000 },
  );

  after(async () => {
    await browser?.close();
    await next?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the server's HTML has both elements with their kebab-case attributes, and no listener or object as text", async () => {
    const html = await (await fetch(next.url)).text();
    const ocean = /<ocean-tracker[^>]*>/.exec(html)?.[0] ?? '';
    const air = /<air-tracker[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(ocean, /proxy-url="\/api\/tracking\/ocean"/, html);
    assert.match(ocean, /reference-number="MEDU9091004"/);
    assert.match(air, /id="from-server"/);
    assert.match(air, /proxy-url="\/api\/tracking\/air"/);
    assert.doesNotMatch(html, /\[object Object\]|ontracker|onTracker/i);
  });

  it('hydrated in Chromium: the load listener runs, messages apply to both, a new number is looked up, and nothing complains', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(next.url);
      await page.waitForFunction(() => document.querySelector('#loaded')?.textContent === 'MEDU9091004', null, { timeout: 60_000 });
      const submit = (id: string) =>
        page.evaluate(
          (selector) => document.querySelector(selector)?.shadowRoot?.querySelector('[part~="submit-button"]')?.textContent,
          id,
        );
      assert.equal(await submit('#from-client'), 'Find', 'messages from a client component');
      await page.waitForFunction(
        () => document.querySelector('#from-server')?.shadowRoot?.querySelector('[part~="submit-button"]')?.textContent === 'Find flight',
        null,
        { timeout: 60_000 },
      );
      assert.equal(
        await page.evaluate(() => (document.querySelector('#from-client') as HTMLElement & { trackingState: string }).trackingState),
        'loaded',
      );
      // The element may upgrade (and start its lookup from the server's attributes) before hydration adds the listener.
      assert.match((await page.textContent('#states')) ?? '', /(^|,)loaded$/, 'tracker-state-change through onTrackerStateChange');
      // The raw element server-rendered: React 19 sets no property and adds no listener at hydration.
      await page.waitForFunction(
        () => (document.querySelector('#raw') as HTMLElement & { trackingState: string }).trackingState === 'loaded',
      );
      const raw = { submit: await submit('#raw'), listened: await page.evaluate(() => document.body.hasAttribute('data-raw-loaded')) };
      assert.deepEqual(
        raw,
        { submit: 'Track', listened: false },
        'the raw form lost messages and its listener (if not, React fixed 35446: update docs/embedding.md)',
      );
      // Hydrated: React's click handler runs and the new prop reaches the element.
      await page.click('#another');
      await page.waitForFunction(() => document.querySelector('#loaded')?.textContent === 'MEDU9091004,HLXU8123446', null, {
        timeout: 60_000,
      });
      assert.deepEqual(problems, [], next.output());
    } finally {
      await page.close();
    }
  });
});

// Measures what held lookups do to a small PHP site (issue 38, fall 4): proxy.php under Apache
// prefork with mod_php and a few workers, in front of a service that holds every shipment call, as
// the real one holds a slow lookup for up to two minutes. It sends as many lookups as there are
// workers and more, then asks for a static page, and prints what each got and how long the page
// took. A measurement, not a test: it prints figures and asserts nothing.
//
// Usage: node scripts/measure-held-lookups.mjs [--workers 6] [--hold 20] [--proxy <file>]
//   --proxy  the proxy.php file to serve (default: the build of the plugin's core, as committed)
// Needs apache2 and libapache2-mod-php (Debian); binds loopback ports only; leaves nothing behind.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { apachePreforkUnavailable, startApachePrefork } from '../test/support/apache-prefork.mjs';
import { freePort } from '../test/support/free-port.mjs';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '6' },
    hold: { type: 'string', default: '20' },
    proxy: { type: 'string', default: new URL('../packages/proxy-php/proxy.php', import.meta.url).pathname },
  },
});
const workers = Number(values.workers);
const holdMs = Number(values.hold) * 1000;

const since = (start) => `${Math.round(performance.now() - start)} ms`;

/** A service that holds every shipment call for holdMs, then answers it. */
async function startService() {
  const calls = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    calls.push(req.url);
    const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"IN_TRANSIT"}');
    if (req.url.startsWith('/v1/shipments')) setTimeout(answer, holdMs).unref();
    else answer();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function main() {
  const unavailable = apachePreforkUnavailable();
  if (unavailable !== undefined) throw new Error(unavailable);
  const service = await startService();
  const dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-held-'));
  const docRoot = join(dir, 'public');
  await mkdir(docRoot);
  await writeFile(join(docRoot, 'proxy.php'), await readFile(values.proxy));
  await writeFile(join(docRoot, 'index.html'), '<!doctype html><title>static</title><p>A page of the site.</p>\n');
  // Where proxy.php looks by default: beside the folder that holds it. Limits off but the one measured.
  const config = {
    apiKey: 'trk_measure_not_a_key',
    baseUrl: service.url,
    stateDir: join(dir, 'state'),
    limits: {
      newNumbersPerClientPerHour: null,
      clientRequests: { requests: null, windowMs: 60_000 },
      upstreamBudget: { requests: null, windowMs: 20_000 },
    },
  };
  await writeFile(
    join(dir, 'cargo-trackers-proxy.config.php'),
    `<?php\nreturn json_decode(${JSON.stringify(JSON.stringify(config))}, true);\n`,
  );
  const apache = await startApachePrefork({
    dir,
    docRoot,
    workers,
    phpValues: { 'apc.enabled': '1', max_execution_time: '300' },
  });
  const base = apache.origin;
  const lookup = (number) =>
    fetch(`${base}/proxy.php/ocean?referenceNumber=${number}`, { headers: { 'cargo-trackers-request': '1', connection: 'close' } });
  try {
    console.log(`Apache prefork, MaxRequestWorkers ${workers}; the service holds each lookup ${holdMs / 1000} s; proxy ${values.proxy}`);
    for (const [what, numbers] of [
      [`${workers + 2} concurrent lookups of one number`, Array.from({ length: workers + 2 }, () => 'SAME1')],
      [`${workers + 2} concurrent lookups of different numbers`, Array.from({ length: workers + 2 }, (_, i) => `DIFF${i}`)],
    ]) {
      const callsBefore = service.calls.length;
      const start = performance.now();
      const answers = numbers.map(async (number) => {
        const response = await lookup(number);
        await response.arrayBuffer();
        return `${response.status}${response.headers.get('retry-after') ? ` (Retry-After ${response.headers.get('retry-after')})` : ''} after ${since(start)}`;
      });
      // Once the lookups have reached the proxy (the first has reached the service), the static
      // page every second while the service holds them, each on a new connection.
      while (service.calls.length === callsBefore) await new Promise((resolve) => setTimeout(resolve, 20));
      const pages = [];
      while (performance.now() - start < holdMs - 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const pageStart = performance.now();
        const page = await fetch(`${base}/index.html`, { headers: { connection: 'close' } });
        await page.arrayBuffer();
        pages.push(`${page.status} in ${since(pageStart)}`);
      }
      console.log(`\n${what}:`);
      console.log(`  static page, once a second while held: ${pages.join('; ')}`);
      console.log(`  service calls made: ${service.calls.length - callsBefore}`);
      const results = await Promise.all(answers);
      const tally = new Map();
      for (const result of results) {
        const key = result.replace(/ after .*/, '');
        tally.set(key, [...(tally.get(key) ?? []), result.replace(/.* after /, '')]);
      }
      for (const [status, times] of tally) console.log(`  ${times.length} × ${status}: ${times.join(', ')}`);
    }
  } finally {
    await apache.stop();
    await service.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

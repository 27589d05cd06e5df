// The demo's file server: compressed text, hashed chunks cached for good, the rest revalidated.
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, createStaticFiles } from '../../../demo/server/static-files.js';
import { listenOnLoopback, type Listening } from '../listen-on-loopback.js';

// Repetitive enough to compress well, like a real bundle.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let dir: string;
let server: Listening;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-files-'));
  await mkdir(join(dir, 'chunks'));
  await writeFile(join(dir, 'entry.js'), SCRIPT);
  await writeFile(join(dir, 'chunks', 'map-Bt0-R5t0.js'), SCRIPT);
  await writeFile(join(dir, 'icon.png'), PNG);
  await mkdir(join(dir, 'configure'));
  await writeFile(join(dir, 'configure', 'index.html'), '<!doctype html><title>Configure</title>');
  await mkdir(join(dir, 'empty'));
  const files = createStaticFiles([{ dir, immutable: (path) => path.startsWith('/chunks/') }]);
  server = await listenOnLoopback(createServer((req, res) => void files(req, res)));
});

after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('createStaticFiles', () => {
  it('sends brotli when the request accepts it, and the body decodes to the file', async () => {
    const answer = await raw('/entry.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(answer.headers['vary'], 'accept-encoding');
    assert.equal(Number(answer.headers['content-length']), answer.body.length);
    assert.ok(answer.body.length < SCRIPT.length / 4, `${answer.body.length} bytes for ${SCRIPT.length}`);
    assert.equal(brotliDecompressSync(answer.body).toString('utf8'), SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gzipped = await raw('/entry.js', { 'accept-encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzipped.body).toString('utf8'), SCRIPT);
    const plain = await raw('/entry.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString('utf8'), SCRIPT);
  });

  it('leaves images as they are', async () => {
    const image = await raw('/icon.png', { 'accept-encoding': 'br, gzip' });
    assert.equal(image.headers['content-encoding'], undefined);
    assert.deepEqual(image.body, PNG);
  });

  it('caches hashed chunks for a year as immutable, and revalidates everything else', async () => {
    const chunk = await raw('/chunks/map-Bt0-R5t0.js', { 'accept-encoding': 'br' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const entry = await raw('/entry.js', { 'accept-encoding': 'br' });
    assert.equal(entry.headers['cache-control'], 'no-cache');
  });

  it('answers 304 to a revalidation of an unchanged file, and 200 once it changed', async () => {
    const first = await raw('/entry.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers['etag']);
    const again = await raw('/entry.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const changed = `${SCRIPT}export const more = 1;\n`;
    await writeFile(join(dir, 'entry.js'), changed);
    await utimes(join(dir, 'entry.js'), new Date(), new Date(Date.now() + 5000));
    const after = await raw('/entry.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(after.status, 200);
    assert.equal(brotliDecompressSync(after.body).toString('utf8'), changed);
  });

  it('answers HEAD with the compressed length and no body', async () => {
    const head = await raw('/entry.js', { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.ok(Number(head.headers['content-length']) > 0);
    assert.equal(head.body.length, 0);
  });

  it("sends a folder's path to the folder, where its index.html is served, and never off the site", async () => {
    const moved = await raw('/configure?x=1');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.location, '/configure/?x=1');
    const page = await raw('/configure/');
    assert.equal(page.status, 200);
    assert.match(page.body.toString(), /<title>Configure<\/title>/);
    assert.equal((await raw('//configure')).headers.location, '/configure/');
    assert.equal((await raw('/empty')).status, 404, 'a folder without index.html');
    assert.equal((await raw('/missing')).status, 404);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('gzip;q=0.8, br;q=0'), 'gzip');
    assert.equal(chooseEncoding('deflate'), undefined);
    assert.equal(chooseEncoding(undefined), undefined);
    assert.equal(chooseEncoding('BR'), 'br');
  });
});

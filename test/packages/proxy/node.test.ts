import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { ProxyRequestInfo } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { assertCanaryNeverSeen, deferred, observe, readAnswer, until } from './harness.js';

after(assertCanaryNeverSeen);

async function serve(handler: (request: Request, info?: ProxyRequestInfo) => Promise<Response>): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends bytes as they are, for request targets that fetch would normalise. */
async function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('end', () => {
      observe(received);
      resolve(received);
    });
    socket.on('error', reject);
  });
}

describe('toNodeListener', () => {
  it('passes the socket address, the path, the query and the headers to the handler', async () => {
    let seen: { url: string; method: string; info?: ProxyRequestInfo; language: string | null } | undefined;
    const server = await serve(async (request, info) => {
      seen = { url: request.url, method: request.method, info, language: request.headers.get('accept-language') };
      return new Response('ok', { status: 201, headers: { 'x-a': '1' } });
    });
    try {
      const answer = await readAnswer(await fetch(`${server.url}/a/b?x=1+2&y=%2B`, { headers: { 'accept-language': 'fr', host: 'evil.example' } }));
      assert.equal(answer.status, 201);
      assert.equal(answer.text, 'ok');
      assert.equal(answer.headers.get('x-a'), '1');
      assert.equal(seen?.url, 'http://localhost/a/b?x=1+2&y=%2B');
      assert.equal(seen?.method, 'GET');
      assert.equal(seen?.language, 'fr');
      assert.equal(seen?.info?.clientAddress, '127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('keeps a path that starts with // a path, and reads an absolute-form target for its path only', async () => {
    const urls: string[] = [];
    const server = await serve(async (request) => {
      urls.push(request.url);
      return new Response(null, { status: 204 });
    });
    try {
      await raw(server.port, 'GET //evil.example/x?q=1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      await raw(server.port, 'GET http://evil.example/y?q=2 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      assert.deepEqual(urls, ['http://localhost//evil.example/x?q=1', 'http://localhost/y?q=2']);
    } finally {
      await server.close();
    }
  });

  it('answers 400 to a method the Fetch API refuses, without calling the handler', async () => {
    let called = false;
    const server = await serve(async () => {
      called = true;
      return new Response('no');
    });
    try {
      const answer = await raw(server.port, 'TRACE /api/tracking/ocean HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.equal(called, false);
    } finally {
      await server.close();
    }
  });

  it('answers 500 when the handler throws', async () => {
    const server = await serve(async () => {
      throw new Error('bug');
    });
    try {
      const answer = await readAnswer(await fetch(`${server.url}/x`));
      assert.equal(answer.status, 500);
      assert.equal((answer.json() as { error: string }).error, 'proxy_error');
    } finally {
      await server.close();
    }
  });

  it('aborts the request signal when the visitor disconnects, and not after a normal answer', async () => {
    const aborted: boolean[] = [];
    const entered = deferred();
    const server = await serve(async (request) => {
      if (request.url.endsWith('/hold')) {
        entered.resolve();
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      }
      queueMicrotask(() => aborted.push(request.signal.aborted));
      return new Response('done');
    });
    try {
      assert.equal((await readAnswer(await fetch(`${server.url}/quick`))).text, 'done');
      const controller = new AbortController();
      const pending = fetch(`${server.url}/hold`, { signal: controller.signal }).catch(() => 'aborted');
      await entered.promise;
      controller.abort();
      assert.equal(await pending, 'aborted');
      await until(() => aborted.length === 2);
      assert.deepEqual(aborted, [false, true]);
    } finally {
      await server.close();
    }
  });
});

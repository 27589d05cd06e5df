import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createLineWriter, createNodeJsonLogger } from '@cargo-trackers/proxy/node';
import { until } from './harness.js';

/** The lines in `file` once it holds `count` of them: the writer batches lines on a timer, so they come later. */
async function linesOnceWritten(file: string, count: number): Promise<string[]> {
  const lines = () => readFileSync(file, 'utf8').split('\n').slice(0, -1);
  await until(() => lines().length >= count);
  return lines();
}

describe('createLineWriter', () => {
  it('writes every line, in order, in batches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-log-'));
    const fd = openSync(join(dir, 'log'), 'w');
    try {
      const logger = createNodeJsonLogger({ fd });
      for (let i = 0; i < 500; i++)
        logger({ time: 't', level: 'info', method: 'GET', route: 'ocean', status: 200, durationMs: i, cache: 'hit' });
      const lines = await linesOnceWritten(join(dir, 'log'), 500);
      assert.deepEqual(
        lines.map((l) => (JSON.parse(l) as { durationMs: number }).durationMs),
        Array.from({ length: 500 }, (_, i) => i),
      );
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true });
    }
  });

  it('keeps the event loop turning while the log reader is stuck', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-log-'));
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // Opened for reading and writing so that the open does not wait for a reader; nobody ever reads.
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    try {
      const writeLine = createLineWriter({ fd, maxQueuedBytes: 256 * 1024 });
      const line = 'x'.repeat(1_000);
      // Far more than a pipe holds (64 KiB): a synchronous write would never return, and the
      // timer below would never fire.
      for (let i = 0; i < 2_000; i++) writeLine(line);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true });
    }
  });
});

describe('the default logger on Node', () => {
  it('is the non-blocking line writer on standard output once the proxy is given to toNodeListener, not console.log', async () => {
    // A process of its own, so that its standard output is a pipe this test reads.
    const script = `
      import http from 'node:http';
      import { createTrackingProxy } from '@cargo-trackers/proxy';
      import { toNodeListener } from '@cargo-trackers/proxy/node';
      console.log = () => { process.stderr.write('console.log was called\\n'); };
      const server = http.createServer(toNodeListener(createTrackingProxy({ baseUrl: 'http://127.0.0.1:9', apiKey: 'trk_test' })));
      server.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/no-such-route' }, (res) => {
          res.resume();
          res.on('end', () => setTimeout(() => server.close(), 100));
        });
      });
    `;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--conditions=cargo-trackers-source', '--import', 'tsx', '--input-type=module', '-e', script],
        { timeout: 30_000 },
        (error, out, err) => (error === null ? resolve({ stdout: out, stderr: err }) : reject(error)),
      );
    });
    assert.equal(stderr.includes('console.log was called'), false, stderr);
    const entry = JSON.parse(stdout.trim()) as { status: number; error: string };
    assert.equal(entry.status, 404);
    assert.equal(entry.error, 'not_found');
  });
});

describe('createNodeJsonLogger', () => {
  it('writes each entry exactly as JSON.stringify would, escapes included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-log-'));
    const fd = openSync(join(dir, 'log'), 'w');
    try {
      const entries = [
        {
          time: '2026-01-01T00:00:00.000Z',
          level: 'info',
          method: 'GET',
          route: 'ocean',
          status: 200,
          durationMs: 3,
          cache: 'hit',
          numberHash: 'ab12',
        },
        {
          time: 't',
          level: 'warn',
          method: 'G"E\\T',
          route: 'unknown',
          status: 502,
          durationMs: 0,
          cache: 'miss',
          upstreamStatus: 500,
          error: 'x\u2028y\n\u0001é',
        },
        { time: 't', level: 'error', method: 'PÖST', route: 'air', status: 500, durationMs: 1.5, cache: 'none', error: undefined },
      ] as const;
      const logger = createNodeJsonLogger({ fd });
      for (const entry of entries) logger(entry as unknown as Parameters<typeof logger>[0]);
      const lines = await linesOnceWritten(join(dir, 'log'), entries.length);
      assert.deepEqual(
        lines,
        entries.map((e) => JSON.stringify(e)),
      );
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

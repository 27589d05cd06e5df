import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createLineWriter, createNodeJsonLogger } from '@cargo-trackers/proxy/node';

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('createLineWriter', () => {
  it('writes every line, in order, in batches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-log-'));
    const fd = openSync(join(dir, 'log'), 'w');
    try {
      const logger = createNodeJsonLogger({ fd });
      for (let i = 0; i < 500; i++) logger({ time: 't', level: 'info', method: 'GET', route: 'ocean', status: 200, durationMs: i, cache: 'hit' });
      await settle();
      const lines = readFileSync(join(dir, 'log'), 'utf8').trimEnd().split('\n');
      assert.deepEqual(lines.map((l) => (JSON.parse(l) as { durationMs: number }).durationMs), Array.from({ length: 500 }, (_, i) => i));
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
      const started = Date.now();
      // Far more than a pipe holds (64 KiB): a synchronous write would never return.
      for (let i = 0; i < 2_000; i++) writeLine(line);
      const tick = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(Date.now() - tick < 500, 'a timer still fires');
      assert.ok(tick - started < 500, 'queuing is quick');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true });
    }
  });
});

// The PHP FileStore (packages/wordpress-plugin/includes/proxy/FileStore.php) under several real PHP
// processes at once: the file counters hold every increment while the store collects expired files
// on every call. The disk bound and the request-time sweep are tested through proxy.php in
// proxy-php.test.ts, and the plugin's cron sweep in wordpress-proxy.test.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { phpValue } from './php-proxy.js';

const LOAD = fileURLToPath(new URL('../../../packages/wordpress-plugin/includes/proxy/load.php', import.meta.url));

/**
 * One worker: increments the counter, and writes a cached answer (whose set() sweeps, as the
 * sweep interval of 0 makes it do on every call), $rounds times; prints what each increment returned.
 */
const WORKER = `<?php
require ${phpValue(LOAD)};
list(, $dir, $key, $rounds, $worker) = $argv;
// Sweep interval 0: every set() also collects the expired counters and answers.
$store = new CargoTrackers\\Proxy\\FileStore($dir, 1048576, 0);
$seen = array();
if ($worker === 'first') {
    // A counter that expires at once, for the crowd's sweeps to collect.
    $store->increment('expired', 1, 1);
}
for ($i = 0; $i < (int) $rounds; $i++) {
    $seen[] = $store->increment($key, 1, 3600000);
    $store->set('answer:' . $worker . ':' . ($i % 4), str_repeat('x', 200), 1);
}
echo json_encode($seen);
`;

function runPhp(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('php', ['-d', 'display_errors=stderr', '-d', 'error_reporting=-1', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    // 'close', not 'exit': the output may still be in the pipe when the process exits.
    child.once('close', (status) =>
      status === 0 && err === '' ? resolve(out) : reject(new Error(`php exited ${status}: ${out}\n${err}`)),
    );
  });
}

describe('the PHP FileStore across processes', () => {
  it('loses no increment and keeps the expiry while every call collects expired files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-filestore-'));
    try {
      const script = join(dir, 'worker.php');
      await writeFile(script, WORKER);
      const state = join(dir, 'state');
      const key = 'budget:test';
      // The first increment alone, so the counter's expiry is known before the crowd comes.
      assert.deepEqual(JSON.parse(await runPhp([script, state, key, '1', 'first'])), [1]);
      const counterFile = join(state, 'counters', createHash('sha256').update(key).digest('hex'));
      const [expiry] = (await readFile(counterFile, 'utf8')).split('\n');

      const workers = 4;
      const rounds = 400;
      const outputs = await Promise.all(Array.from({ length: workers }, (_, w) => runPhp([script, state, key, String(rounds), `w${w}`])));
      const seen = outputs.flatMap((out) => JSON.parse(out) as number[]).sort((a, b) => a - b);
      const total = 1 + workers * rounds;
      // Every increment returned a value no other one did: none started again from an empty file.
      assert.equal(new Set(seen).size, seen.length, `${seen.length - new Set(seen).size} increments saw a value another saw`);
      assert.deepEqual(
        seen,
        Array.from({ length: total - 1 }, (_, i) => i + 2),
      );
      const [after, value] = (await readFile(counterFile, 'utf8')).split('\n');
      assert.equal(Number(value), total);
      assert.equal(after, expiry, 'the counter keeps the expiry its first increment set');
      const expiredFile = join(state, 'counters', createHash('sha256').update('expired').digest('hex'));
      await assert.rejects(readFile(expiredFile), { code: 'ENOENT' }, 'the sweeps ran: the expired counter is gone');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// Every PHP file of the WordPress plugin does nothing unless WordPress loaded it: each carries the
// guard of scripts/php-guards.mjs as its first statement (after its namespace declaration, if
// any), and a web request straight to any of them, under php -S with every error shown, gets an
// empty answer. A file another change adds is covered as soon as it exists.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CORE_GUARD, PLUGIN_GUARD } from '../../../scripts/php-guards.mjs';
import { stopGroup } from '../proxy-php/php-proxy.js';
import { freePort } from '../../support/free-port.mjs';

const PLUGIN = fileURLToPath(new URL('../../../packages/wordpress-plugin/', import.meta.url));

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return phpFiles(path);
    return entry.name.endsWith('.php') ? [relative(PLUGIN, path)] : [];
  });
}

/** The file's code from its first statement: past `<?php`, comments and its namespace declaration. */
function firstStatements(text: string): string {
  const skipComments = (rest: string) => rest.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, '');
  return skipComments(skipComments(text.replace(/^<\?php\b/, '')).replace(/^namespace [\w\\]+;/, ''));
}

const files = phpFiles(PLUGIN).sort();

describe("the WordPress plugin's PHP files refuse direct access", () => {
  it('finds the plugin, its blocks, its includes and the proxy core', () => {
    for (const expected of ['cargo-trackers.php', 'blocks/blocks.php', 'includes/settings.php', 'includes/proxy/Proxy.php']) {
      assert.ok(files.includes(expected), `${expected} among ${files.join(', ')}`);
    }
  });

  it('has the guard as the first statement of every file', () => {
    const unguarded = files.filter((file) => {
      const core = file.startsWith('includes/proxy/');
      return !firstStatements(readFileSync(join(PLUGIN, file), 'utf8')).startsWith(core ? CORE_GUARD : PLUGIN_GUARD);
    });
    assert.deepEqual(unguarded, [], 'these files lack the guard of scripts/php-guards.mjs');
  });

  describe('requested over HTTP (php -S serving the plugin folder)', () => {
    let server: ChildProcess;
    let origin: string;
    let output = '';

    before(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = spawn('php', ['-d', 'display_errors=1', '-d', 'error_reporting=-1', '-S', `127.0.0.1:${port}`, '-t', PLUGIN], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      for (;;) {
        try {
          await (await fetch(`${origin}/readme.txt`)).arrayBuffer();
          return;
        } catch {
          if (server.exitCode !== null) throw new Error(`php -S exited: ${output}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });

    after(() => stopGroup(server));

    it('answers every file with nothing: no output, no PHP error', async () => {
      const answered: string[] = [];
      for (const file of files) {
        const response = await fetch(`${origin}/${file}`);
        const body = await response.text();
        if (response.status !== 200 || body !== '') answered.push(`${file}: ${response.status} ${JSON.stringify(body.slice(0, 200))}`);
      }
      assert.deepEqual(answered, [], 'these files did something when requested directly');
    });
  });
});

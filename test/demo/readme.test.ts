import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { demoNumbers } from '../../demo/mock-service/demo-numbers.js';

describe('demo/README.md', () => {
  it('has a table row for every demo number, with the same description as the page', async () => {
    const readme = await readFile(new URL('../../demo/README.md', import.meta.url), 'utf8');
    const section = readme.split('\n## Demo numbers\n')[1]?.split('\n## ')[0] ?? '';
    const rows = new Map(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => [/^\| `([^`]+)`/.exec(line)?.[1] ?? '', line.replace(/&lt;/g, '<')]),
    );
    assert.equal(rows.size, demoNumbers.length, 'one row per number, no stale rows');
    for (const entry of demoNumbers) {
      const row = rows.get(entry.number);
      assert.ok(row, `no row for ${entry.number}`);
      assert.ok(row.endsWith(`| ${entry.shows} |`), `${entry.number}: ${row}`);
    }
  });
});

// npm run bench writes its transcript into docs/performance.md between two markers, and nowhere else.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { END, START, withFigures } from '../../../scripts/bench/write-figures.mjs';

describe('withFigures (bench)', () => {
  it('replaces what lies between the markers, and keeps the page around them', () => {
    const doc = `# Performance\n\nHow to run it.\n\n${START}\n\nold figures\n\n${END}\n\nHow to read them.\n`;
    assert.equal(
      withFigures(doc, 'Figures from a run of today:', '1. Size\n   first load 14 KB'),
      `# Performance\n\nHow to run it.\n\n${START}\n\nFigures from a run of today:\n\n\`\`\`\n1. Size\n   first load 14 KB\n\`\`\`\n\n${END}\n\nHow to read them.\n`,
    );
  });

  it('refuses a page whose markers are missing, repeated or out of order', () => {
    for (const doc of ['no markers', `${END}\n${START}`, `${START}\n${START}\n${END}`, `${START}\n${END}\n${END}`])
      assert.throws(() => withFigures(doc, '', ''), /bench marker/);
  });

  it('finds both markers in docs/performance.md', () => {
    const doc = readFileSync(new URL('../../../docs/performance.md', import.meta.url), 'utf8');
    assert.doesNotThrow(() => withFigures(doc, '', ''));
  });
});

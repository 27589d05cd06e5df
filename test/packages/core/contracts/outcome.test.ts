import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { FAILURE_KINDS, isRetryable, publicCode } from '../../../../packages/core/src/contracts/outcome.js';

describe('outcome vocabulary', () => {
  it('names every failure kind in the README’s list of tracker-error codes, and no code the kinds lack', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const paragraph = readme.split('\n`code` is the service')[1]?.split('\n\n')[0] ?? '';
    const documented = new Set([...paragraph.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
    assert.deepEqual([...documented].sort(), [...FAILURE_KINDS].sort());
  });

  it('offers a retry for what time can fix, and none for keys, credits or the number itself', () => {
    const final = FAILURE_KINDS.filter((kind) => !isRetryable(kind)).sort();
    assert.deepEqual(final, ['insufficient_credits', 'not_found', 'rejected', 'unauthorized', 'usage_limit_reached']);
  });

  it('reports the service’s slug when it sent one, else the kind', () => {
    assert.equal(publicCode({ kind: 'rejected', status: 422, code: 'invalid_reference' }), 'invalid_reference');
    assert.equal(publicCode({ kind: 'still_pending', status: 202 }), 'still_pending');
  });
});

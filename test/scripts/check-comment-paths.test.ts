// The lint step that keeps paths in comments true (scripts/check-comment-paths.mjs), on a planted tree.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const SCRIPT = new URL('../../scripts/check-comment-paths.mjs', import.meta.url).pathname;

function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'comment-paths-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string) {
  return spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
}

describe('check-comment-paths', () => {
  it('names each comment path that does not exist, with its file and line, and fails', () => {
    const root = plant({
      'packages/core/src/first/element.ts': [
        "// The form's rules are in ../lookup/rules.ts, its wording in ../api/words.ts.",
        "const url = 'see ../api/not-a-comment.ts';",
        '/* A regular expression is not a comment: */ const re = /\\/\\/ ..\\/gone\\/x.ts/;',
        'const t = `${url}/* nor is this: ../gone/y.ts */`;',
        '/** Kept in sync with core/src/first/element.ts and ./element.js. */',
        'export { re, t };',
      ].join('\n'),
      'packages/core/src/lookup/rules.ts': 'export {};\n',
    });
    try {
      const result = check(root);
      assert.equal(result.status, 1, result.stdout);
      const listed = result.stderr.split('\n').filter((line) => line.startsWith('  '));
      assert.deepEqual(listed, ['  packages/core/src/first/element.ts:1: ../api/words.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('passes a tree whose comments name only files that exist, or others’ files and examples marked as such', () => {
    const root = plant({
      'packages/proxy/src/a.ts': '// See ./b.ts (built to ./b.js); WordPress loads wp-content/object-cache.php; e.g. `src/wrong.ts`.\n',
      'packages/proxy/src/b.ts': 'export {};\n',
    });
    try {
      const result = check(root);
      assert.equal(result.status, 0, result.stderr);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

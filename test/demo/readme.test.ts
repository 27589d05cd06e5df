import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { demoNumbers, findDemoNumber, type Product } from '../../demo/mock-service/demo-numbers.js';
import { MOCK_COMMAND_KEY, MOCK_COMMAND_PORT } from '../../demo/mock-service/mock-tracking-service.js';

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

describe('npm run mock, as the pages that send a proxy to it say', () => {
  it('names the key it accepts and the port it listens on', async () => {
    const root = new URL('../../', import.meta.url);
    const pages = [
      'README.md',
      'packages/proxy-php/README.md',
      'templates/cloudflare-worker/README.md',
      'templates/cloudflare-worker/.dev.vars.example',
    ];
    for (const page of pages) {
      const text = await readFile(new URL(page, root), 'utf8');
      assert.ok(text.includes(`127.0.0.1:${MOCK_COMMAND_PORT}`), `${page} does not name http://127.0.0.1:${MOCK_COMMAND_PORT}`);
      for (const key of text.match(/trk_mock_\w+/g) ?? []) assert.equal(key, MOCK_COMMAND_KEY, page);
    }
  });
});

/** Every Markdown page a reader might copy an example from. */
async function documentationFiles(): Promise<URL[]> {
  const root = new URL('../../', import.meta.url);
  const files = [new URL('README.md', root), new URL('demo/README.md', root)];
  for (const entry of await readdir(new URL('docs/', root), { recursive: true })) {
    if (entry.endsWith('.md')) files.push(new URL(`docs/${entry}`, root));
  }
  for (const pkg of await readdir(new URL('packages/', root))) {
    for (const name of ['README.md', 'readme.txt']) {
      const readme = new URL(`packages/${pkg}/${name}`, root);
      if (existsSync(readme)) files.push(readme);
    }
  }
  return files;
}

/** What looks like a tracking number in prose or code: AWBs, container and B/L numbers, the DEMO codes, and any value given to a number attribute. */
function exampleNumbers(text: string): { product: Product; number: string }[] {
  const found: { product: Product; number: string }[] = [];
  for (const [number] of text.matchAll(/\b\d{3}[- ]?\d{4} ?\d{4}\b/g)) found.push({ product: 'air', number });
  for (const [number] of text.matchAll(/\b[A-Z]{4}\d{6,10}\b|\bDEMO[A-Z0-9]+\b/g)) found.push({ product: 'ocean', number });
  const attribute = /\b(reference[-_]number|awb[-_]number|ocean|air)=["']?([A-Za-z0-9 -]+?)["'#&\s>\]]/g;
  for (const [, name, number] of text.matchAll(attribute)) {
    if (number === undefined || !/\d/.test(number)) continue; // a variable name in a framework example, not a number
    found.push({ product: name?.startsWith('awb') || name === 'air' ? 'air' : 'ocean', number });
  }
  return found;
}

describe('example numbers in the documentation', () => {
  it('are numbers the demo answers, so a copied example shows a shipment, not "not found"', async () => {
    const files = await documentationFiles();
    let seen = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const { product, number } of exampleNumbers(text)) {
        seen++;
        assert.ok(
          findDemoNumber(product, number),
          `${file.pathname.split('/').slice(-2).join('/')}: ${number} (${product}) is not a demo number`,
        );
      }
    }
    assert.ok(seen > 20, `found only ${seen} example numbers; the pattern no longer matches the docs`);
  });

  it('finds the numbers the way a reader writes them (the check itself)', () => {
    const found = exampleNumbers(
      '<air-tracker awb-number="020-12345675"></air-tracker> [ocean_tracker reference_number="MSCU1234565"] /?ocean=DEMO202#ocean',
    );
    assert.deepEqual(found.map(({ product, number }) => `${product}:${number}`).sort(), [
      'air:020-12345675',
      'air:020-12345675',
      'ocean:DEMO202',
      'ocean:DEMO202',
      'ocean:MSCU1234565',
      'ocean:MSCU1234565',
    ]);
    assert.equal(findDemoNumber('air', '020-12345675'), undefined, 'the old example is not a demo number');
  });
});

describe('README.md', () => {
  it('has the section the console advice on 401 and 402 links to', async () => {
    const { UNAVAILABLE_HELP } = await import('../../packages/core/src/lookup/lookup-controller.js');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    // GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    const anchors = [...readme.matchAll(/^#{2,4} (.+)$/gm)].map(([, title]) =>
      title!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replace(/ /g, '-'),
    );
    const anchor = new URL(UNAVAILABLE_HELP).hash.slice(1);
    assert.ok(anchors.includes(anchor), `no heading for #${anchor}`);
  });
});

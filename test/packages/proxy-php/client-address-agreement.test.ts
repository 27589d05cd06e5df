// The PHP proxy's client identity rule (ClientAddress.php) and the Node proxy's (client-address.ts)
// on many more spellings than the shared table holds: the table's own addresses, each edited at
// random (a seeded generator, so a failure repeats), through both rules. One table checks the cases
// someone thought of; this checks the ones nobody did (a stray bracket, colon, dot or zone).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { networkOf } from '../../../packages/proxy/src/primitives/client-address.js';

const LOAD = fileURLToPath(new URL('../../../packages/wordpress-plugin/includes/proxy/load.php', import.meta.url));
const TABLE = new URL('../proxy/client-address-cases.json', import.meta.url);
const ALPHABET = '0123456789abcdefABCDEFxX:.[]%, \t';

/** A small linear congruential generator: the same inputs on every run. */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state % n;
  };
}

function spellings(count: number): string[] {
  const table = JSON.parse(readFileSync(TABLE, 'utf8')) as {
    cases: Array<{ headers: Record<string, string>; remoteAddress: string | null }>;
  };
  const seeds = [...new Set(table.cases.flatMap((c) => [...Object.values(c.headers), c.remoteAddress ?? ''])).values()].filter((s) =>
    /^[\x20-\x7e]*$/.test(s),
  );
  const next = generator(20_260_105);
  const out = new Set<string>(seeds);
  while (out.size < count) {
    let text = seeds[next(seeds.length)] as string;
    for (let edits = 1 + next(3); edits > 0; edits--) {
      const at = next(text.length + 1);
      const char = ALPHABET[next(ALPHABET.length)] as string;
      const kind = next(3);
      text = kind === 0 ? text.slice(0, at) + char + text.slice(at) : text.slice(0, at) + (kind === 1 ? '' : char) + text.slice(at + 1);
    }
    out.add(text);
  }
  return [...out];
}

describe('the PHP and Node client identity rules', () => {
  it('agree on 20,000 edited spellings of the shared table’s addresses', () => {
    const inputs = spellings(20_000);
    const php = spawnSync(
      'php',
      [
        '-d',
        'error_reporting=-1',
        '-d',
        'display_errors=stderr',
        '-r',
        `require ${JSON.stringify(LOAD)};
$out = array();
foreach (json_decode(stream_get_contents(STDIN), true) as $text) {
    $out[] = CargoTrackers\\Proxy\\ClientAddress::network(new CargoTrackers\\Proxy\\Request('GET', '', array(), null, $text), null);
}
echo json_encode($out);`,
      ],
      { input: JSON.stringify(inputs), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    assert.equal(php.status, 0, php.stderr);
    assert.equal(php.stderr, '', 'no notice or warning from PHP');
    const networks = JSON.parse(php.stdout) as string[];
    const differ = inputs.map((text, i) => ({ text, node: networkOf(text), php: networks[i] })).filter(({ node, php }) => node !== php);
    assert.deepEqual(differ.slice(0, 10), [], `${differ.length} spellings differ`);
    // Not vacuous: many of the spellings are addresses, of both kinds.
    const read = inputs.map((text) => networkOf(text)).filter((network) => network !== 'unknown');
    assert.ok(read.length > 1_000, `${read.length} addresses`);
    assert.ok(read.some((network) => network.endsWith('/64')) && read.some((network) => !network.includes(':')));
  });
});

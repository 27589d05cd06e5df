// The PHP proxy's policy order against the Node proxy's: pipeline.ts is read for the order its
// chains run in, packages/wordpress-plugin/includes/proxy/Policies/Pipeline.php for its ORDER
// list, which alone maps each PHP policy to the Node policy it mirrors (and says where PHP departs
// from Node's order, and why). A policy added, dropped or moved on either side without the other
// fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const ROOT = new URL('../../../', import.meta.url);
const NODE_PIPELINE = 'packages/proxy/src/policies/pipeline.ts';
const PHP_PIPELINE = 'packages/wordpress-plugin/includes/proxy/Policies/Pipeline.php';

const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

/** `text` split at its commas outside brackets, parentheses and braces. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of text) {
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) depth--;
    if (char === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += char;
  }
  return [...parts, part].map((p) => p.trim()).filter((p) => p !== '');
}

/** A chain's stage as pipeline.ts writes it: `budget(store, …)` is budget, `visitor.check` is itself. */
const stageName = (stage: string): string => /^[\w$.]+/.exec(stage)?.[0] ?? stage;

/**
 * The order Node's chains run in: the request policies, their last stage (the join), then the call
 * policies and theirs. (Read as text: loading the TypeScript compiler costs this file seconds.)
 */
function nodeOrder(source: string): string[] {
  const chain = (compose: string): string[] => {
    const match = new RegExp(`${compose}\\(\\s*\\[([\\s\\S]*?)\\],\\s*([\\w$.]+)\\(`).exec(source);
    assert.ok(match?.[1] !== undefined && match[2] !== undefined, `${NODE_PIPELINE} no longer calls ${compose}([...], last(...))`);
    return [...topLevel(match[1]).map(stageName), match[2]];
  };
  return [...chain('composePolicies'), ...chain('composeCall')];
}

interface PhpEntry {
  /** The Node policies this PHP class mirrors; empty for a step of PHP's own. */
  readonly node: string[];
  readonly php: string;
  /** Where PHP departs from Node's order: the policy this one follows in Node. */
  readonly nodeFollows?: string;
}

function phpOrder(source: string): { entries: PhpEntry[]; nodeOnly: string[] } {
  const list = /public const ORDER = array\(\n([\s\S]*?)\n {4}\);/.exec(source)?.[1];
  const nodeOnly = /public const NODE_ONLY = array\(([^)]*)\);/.exec(source)?.[1];
  assert.ok(list !== undefined && nodeOnly !== undefined, `${PHP_PIPELINE} has no ORDER or NODE_ONLY list`);
  const lines = list.split('\n').filter((line) => line.trim() !== '');
  const entries = lines.map((line) => {
    const match = /^\s*array\('([\w. ]*)', (\w+)::class(?:, '([\w.]+)')?\),$/.exec(line);
    assert.ok(match?.[2] !== undefined, `${PHP_PIPELINE}: an ORDER entry this test cannot read: ${line.trim()}`);
    const node = match[1] === undefined || match[1] === '' ? [] : match[1].split(' ');
    return { node, php: match[2], ...(match[3] === undefined ? {} : { nodeFollows: match[3] }) };
  });
  return { entries, nodeOnly: [...nodeOnly.matchAll(/'([\w.]+)'/g)].map((m) => m[1] as string) };
}

describe('the PHP and Node policy orders', () => {
  const node = nodeOrder(read(NODE_PIPELINE));
  const { entries, nodeOnly } = phpOrder(read(PHP_PIPELINE));
  const mirrored = entries.flatMap((entry) => entry.node);

  it('reads a Node order of the size pipeline.ts documents', () => {
    assert.equal(node[0], 'logRequests');
    assert.equal(node.at(-1), 'forward');
    assert.ok(node.length >= 10, node.join(', '));
  });

  it('names every Node policy once in PHP, or as one PHP goes without', () => {
    const missing = node.filter((name) => !mirrored.includes(name) && !nodeOnly.includes(name));
    assert.deepEqual(missing, [], `Node policies with no entry in ${PHP_PIPELINE}'s ORDER nor in its NODE_ONLY`);
    const unknown = [...mirrored, ...nodeOnly].filter((name) => !node.includes(name));
    assert.deepEqual(unknown, [], `${PHP_PIPELINE} names policies that ${NODE_PIPELINE} does not build`);
    const twice = mirrored.filter((name, i) => mirrored.indexOf(name) !== i || nodeOnly.includes(name));
    assert.deepEqual(twice, [], 'Node policies named twice on the PHP side');
  });

  it('says truly what each PHP policy placed elsewhere follows in Node', () => {
    for (const entry of entries.filter((e) => e.nodeFollows !== undefined)) {
      const first = entry.node[0] as string;
      assert.equal(
        node[node.indexOf(first) - 1],
        entry.nodeFollows,
        `${entry.php}: in Node, ${first} no longer follows ${entry.nodeFollows}`,
      );
    }
  });

  it('runs the policies in Node’s order, apart from the departures the PHP list states', () => {
    const moved = entries.filter((e) => e.nodeFollows !== undefined).flatMap((e) => e.node);
    const expected = node.filter((name) => !moved.includes(name) && !nodeOnly.includes(name));
    const actual = entries.filter((e) => e.nodeFollows === undefined).flatMap((e) => e.node);
    assert.deepEqual(actual, expected);
  });
});

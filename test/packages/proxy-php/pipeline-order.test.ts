// The PHP proxy's policy order against the Node proxy's: pipeline.ts is read for the order its
// chains run in, packages/wordpress-plugin/includes/proxy/Policies/Pipeline.php for its ORDER
// list, which alone maps each PHP policy to the Node policy it mirrors (and says where PHP departs
// from Node's order, and why). A policy added, dropped or moved on either side without the other
// fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = new URL('../../../', import.meta.url);
const NODE_PIPELINE = 'packages/proxy/src/policies/pipeline.ts';
const PHP_PIPELINE = 'packages/wordpress-plugin/includes/proxy/Policies/Pipeline.php';

const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

/** A chain's stage as pipeline.ts writes it: `budget(store, …)` is budget, `visitor.check` is itself. */
function stageName(node: ts.Expression): string {
  return (ts.isCallExpression(node) ? node.expression : node).getText();
}

/** The order Node's chains run in: the request policies, their last stage (the join), then the call policies and theirs. */
export function nodeOrder(source: string): string[] {
  const file = ts.createSourceFile(NODE_PIPELINE, source, ts.ScriptTarget.Latest, true);
  const chains = new Map<string, string[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments.length === 2) {
      const [stages, last] = node.arguments;
      if (stages !== undefined && last !== undefined && ts.isArrayLiteralExpression(stages)) {
        chains.set(node.expression.text, [...stages.elements.map(stageName), stageName(last)]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const request = chains.get('composePolicies');
  const call = chains.get('composeCall');
  assert.ok(request !== undefined && call !== undefined, `${NODE_PIPELINE} no longer calls composePolicies and composeCall`);
  return [...request, ...call];
}

interface PhpEntry {
  /** The Node policies this PHP class mirrors; empty for a step of PHP's own. */
  readonly node: string[];
  readonly php: string;
  /** Where PHP departs from Node's order: the policy this one follows in Node. */
  readonly nodeFollows?: string;
}

export function phpOrder(source: string): { entries: PhpEntry[]; nodeOnly: string[] } {
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

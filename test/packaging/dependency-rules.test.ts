// The load-phase rule and the proxy's Node-only rule of .dependency-cruiser.mjs (npm run
// lint:deps), run on the repository (by the CLI, as npm run lint:deps runs it) and on small trees
// with one planted violation each, so that each rule is seen to fail. The trees go through dependency-cruiser's own API in this
// process, with the configuration the CLI reads: one start of the cruiser, not one per tree.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { cruise as cruiseInProcess } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = join(root, '.dependency-cruiser.mjs');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string; readonly severity: string };
}

/** Runs the CLI as `npm run lint:deps` does; resolves with its exit status and what it found. */
async function cruise(cwd: string, args: readonly string[]): Promise<{ status: number; violations: Violation[] }> {
  const run = await new Promise<{ status: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [depcruise, '--config', config, '--output-type', 'json', ...args],
      { cwd, maxBuffer: 1 << 26 },
      (error, stdout) => resolve({ status: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout }),
    );
  });
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  // Known violations (--ignore-known) are listed with the severity `ignore`.
  return { status: run.status, violations: result.summary.violations.filter((v) => v.rule.severity !== 'ignore') };
}

const trees: string[] = [];
after(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** The configuration the CLI reads, read once for every tree. */
const cruiseOptions = extractDepcruiseOptions(config);

/** A throwaway tree laid out as the repository is, holding `files`; returns what the rules find in it. */
async function cruiseTree(files: Record<string, string>): Promise<Violation[]> {
  const tree = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  trees.push(tree);
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true } }),
    'packages/core/src/model/shipment.ts': 'export interface Shipment { readonly id: string }\n',
    'packages/core/src/first/base.ts': "import type { Shipment } from '../model/shipment.js';\nexport const first = (s?: Shipment) => s;\n",
    'packages/core/src/first/shared.ts': "export { first } from './base.js';\n",
    'packages/core/src/lookup/session.ts': "import { first } from '../first/shared.js';\nexport const session = () => first();\n",
    'packages/core/src/view/show.ts': "import { session } from '../lookup/session.js';\nexport const show = () => session();\n",
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const options = await cruiseOptions;
  const tsConfigFile = join(tree, 'tsconfig.json');
  const result = await cruiseInProcess(
    ['packages'],
    { ...options, baseDir: tree, tsConfig: { fileName: tsConfigFile }, outputType: 'json' },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as {
    summary: { violations: Violation[] };
  };
  return output.summary.violations;
}

const names = (violations: readonly Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('the load-phase dependency rule', () => {
  it('holds on the repository (apart from the listed known violations)', async () => {
    const run = await cruise(root, [
      '--ignore-known',
      '.dependency-cruiser-known-violations.json',
      'packages/core/src',
      'packages/ocean-tracker/src',
      'packages/air-tracker/src',
      'packages/cargo-trackers/src',
      'packages/proxy/src',
    ]);
    assert.deepEqual(names(run.violations), []);
    assert.equal(run.status, 0);
  });

  it('passes a tree where each phase imports only earlier ones', async () => {
    assert.deepEqual(names(await cruiseTree({})), []);
  });

  it('fails on a static import from the first load into the lookup', async () => {
    const found = await cruiseTree({
      'packages/core/src/first/form.ts': "import { session } from '../lookup/session.js';\nexport const form = () => session();\n",
    });
    assert.deepEqual(names(found), ['no-first-to-later-phase: packages/core/src/first/form.ts → packages/core/src/lookup/session.ts']);
  });

  it("allows the same import as import(), typed by typeof import() (the loaded module's type)", async () => {
    const found = await cruiseTree({
      'packages/core/src/first/form.ts':
        "export type Show = typeof import('../view/show.js');\nexport const form = (): Promise<Show> => import('../view/show.js');\n",
    });
    assert.deepEqual(names(found), []);
  });

  it('fails on a type-only import into a later phase: the type belongs in contracts/', async () => {
    const found = await cruiseTree({
      'packages/core/src/first/typed.ts': "import type { show } from '../view/show.js';\nexport type Show = typeof show;\n",
      'packages/ocean-tracker/src/lookup/berths.ts': 'export interface Berth { readonly id: string }\n',
      'packages/ocean-tracker/src/first/hint.ts':
        "import type { Berth } from '../lookup/berths.js';\nexport const hint = (b?: Berth) => b;\n",
    });
    assert.deepEqual(names(found), [
      'no-first-to-later-phase: packages/core/src/first/typed.ts → packages/core/src/view/show.ts',
      'no-first-to-later-phase: packages/ocean-tracker/src/first/hint.ts → packages/ocean-tracker/src/lookup/berths.ts',
    ]);
  });

  it('lets every phase take a type from contracts/, and contracts/ take none from a phase', async () => {
    const found = await cruiseTree({
      'packages/core/src/contracts/show-view.ts':
        "import type { Shipment } from '../model/shipment.js';\nexport interface ShowView { readonly s: Shipment }\n",
      'packages/core/src/first/typed.ts':
        "import type { ShowView } from '../contracts/show-view.js';\nexport const typed = (v?: ShowView) => v;\n",
      'packages/core/src/view/shown.ts':
        "import type { ShowView } from '../contracts/show-view.js';\nexport const shown = (v?: ShowView) => v;\n",
      'packages/core/src/contracts/session-view.ts':
        "import type { session } from '../lookup/session.js';\nexport type Session = typeof session;\n",
    });
    assert.deepEqual(names(found), [
      'no-contracts-to-later-phase: packages/core/src/contracts/session-view.ts → packages/core/src/lookup/session.ts',
    ]);
  });

  it('fails on a static import from the shipment view into the map', async () => {
    const found = await cruiseTree({
      'packages/core/src/map/route.ts': 'export const route = 1;\n',
      'packages/core/src/view/summary.ts': "import { route } from '../map/route.js';\nexport const summary = route;\n",
    });
    assert.deepEqual(names(found), ['no-view-to-later-phase: packages/core/src/view/summary.ts → packages/core/src/map/route.ts']);
  });

  it("decides an element package's phases by its folders, not by file names", async () => {
    const found = await cruiseTree({
      'packages/ocean-tracker/src/view/vessel-table.ts': 'export const vesselTable = 1;\n',
      'packages/ocean-tracker/src/lookup/berths.ts': 'export const berths = 1;\n',
      'packages/ocean-tracker/src/first/hint.ts':
        "import { vesselTable } from '../view/vessel-table.js';\nimport { berths } from '../lookup/berths.js';\nexport const hint = vesselTable + berths;\n",
      'packages/air-tracker/src/first/badge.ts':
        "import { session } from '../../../core/src/lookup/session.js';\nexport const badge = session;\n",
      'packages/air-tracker/src/view/cargo.ts': "import { badge } from '../first/badge.js';\nexport const cargo = badge;\n",
    });
    assert.deepEqual(names(found).sort(), [
      'no-first-to-later-phase: packages/air-tracker/src/first/badge.ts → packages/core/src/lookup/session.ts',
      'no-first-to-later-phase: packages/ocean-tracker/src/first/hint.ts → packages/ocean-tracker/src/lookup/berths.ts',
      'no-first-to-later-phase: packages/ocean-tracker/src/first/hint.ts → packages/ocean-tracker/src/view/vessel-table.ts',
    ]);
  });

  it("fails when an element's first load takes core's lazy entry", async () => {
    const found = await cruiseTree({
      'packages/core/src/internal/lazy.ts': "export { show } from '../view/show.js';\n",
      'packages/ocean-tracker/src/first/early.ts':
        "import { show } from '../../../core/src/internal/lazy.js';\nexport const early = show;\n",
    });
    assert.deepEqual(names(found), [
      'first-load-not-through-lazy-entry: packages/ocean-tracker/src/first/early.ts → packages/core/src/internal/lazy.ts',
    ]);
  });

  it('fails on a cycle, even one closed by a type-only import', async () => {
    const found = await cruiseTree({
      'packages/core/src/lookup/a.ts': "import type { B } from './b.js';\nexport interface A { readonly b?: B }\n",
      'packages/core/src/lookup/b.ts': "import type { A } from './a.js';\nexport interface B { readonly a?: A }\n",
    });
    assert.deepEqual(names(found), ['no-cycle: packages/core/src/lookup/a.ts → packages/core/src/lookup/b.ts']);
  });

  it('fails when a lazy module takes first-load code through an internal entry', async () => {
    const found = await cruiseTree({
      'packages/core/src/internal/first.ts': "export { first } from '../first/base.js';\n",
      'packages/core/src/lookup/poll.ts': "import { first } from '../internal/first.js';\nexport const poll = () => first();\n",
    });
    assert.deepEqual(names(found), [
      'no-internal-entry-inside-core: packages/core/src/lookup/poll.ts → packages/core/src/internal/first.ts',
    ]);
  });

  it('fails when a later phase takes first-load code from elsewhere than first/shared.ts', async () => {
    const found = await cruiseTree({
      'packages/core/src/view/table.ts': "import { first } from '../first/base.js';\nexport const table = () => first();\n",
    });
    assert.deepEqual(names(found), [
      'later-phases-take-first-load-through-shared: packages/core/src/view/table.ts → packages/core/src/first/base.ts',
    ]);
  });

  it("fails when the proxy's runtime-neutral code takes Node's modules, the Node adapter or the Node transport", async () => {
    const found = await cruiseTree({
      'packages/proxy/src/adapters/node.ts': "import { gzip } from 'node:zlib';\nexport const listener = gzip;\n",
      'packages/proxy/src/upstream/undici.ts': "import { createGunzip } from 'node:zlib';\nexport const undiciTransport = createGunzip;\n",
      'packages/proxy/src/stores/memory.ts': "import { createHash } from 'node:crypto';\nexport const hash = createHash;\n",
      'packages/proxy/src/create-proxy.ts':
        "import { listener } from './adapters/node.js';\nimport { undiciTransport } from './upstream/undici.js';\nexport const proxy = [listener, undiciTransport];\n",
    });
    assert.deepEqual(names(found).sort(), [
      'proxy-no-node-builtins-outside-adapters: packages/proxy/src/stores/memory.ts → crypto',
      'proxy-node-only-stays-in-adapters: packages/proxy/src/create-proxy.ts → packages/proxy/src/adapters/node.ts',
      'proxy-node-only-stays-in-adapters: packages/proxy/src/create-proxy.ts → packages/proxy/src/upstream/undici.ts',
    ]);
  });

  it('fails when a leaf imports from above it, even a type', async () => {
    const found = await cruiseTree({
      'packages/core/src/format/dates.ts': "import type { Session } from '../lookup/types.js';\nexport const when = (s?: Session) => s;\n",
      'packages/core/src/lookup/types.ts': 'export interface Session { readonly id: string }\n',
    });
    assert.deepEqual(names(found), ['leaves-import-leaves: packages/core/src/format/dates.ts → packages/core/src/lookup/types.ts']);
  });
});

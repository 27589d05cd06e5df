// TypeScript on `moduleResolution: node` (node10) reads no `exports`: each package's `typesVersions`
// maps its subpaths to the same declarations. It is a copy of what `exports` says, so a test holds it
// to that; and a small program compiled with node10 resolution imports the subpaths an app uses.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { PUBLISHED } from '../../scripts/package-metadata.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface PackageJson {
  exports: Record<string, string | { types?: string }>;
  typesVersions?: Record<string, Record<string, string[]>>;
}

describe('typesVersions (TypeScript with moduleResolution node)', () => {
  for (const dir of Object.keys(PUBLISHED)) {
    it(`${dir}: maps exactly the subpaths that exports gives types, to the same files`, () => {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as PackageJson;
      const expected = Object.fromEntries(
        Object.entries(pkg.exports).flatMap(([subpath, target]) =>
          subpath !== '.' && typeof target === 'object' && target.types ? [[subpath.slice(2), [target.types]]] : [],
        ),
      );
      assert.deepEqual(pkg.typesVersions, { '*': expected });
    });
  }

  describe('a program compiled with moduleResolution node', () => {
    let dir: string;
    before(() => {
      const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      assert.equal(built.status, 0, built.stdout + built.stderr);
      // Under the repository, so that it finds the workspace's node_modules.
      mkdirSync(join(ROOT, '.cache'), { recursive: true });
      dir = mkdtempSync(join(ROOT, '.cache', 'node10-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('imports the element, its React component, typings and normalizer, the umbrella and core, all typed', () => {
      const file = join(dir, 'app.tsx');
      writeFileSync(
        file,
        `import { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { OceanTracker as OceanTrackerComponent } from '@cargo-trackers/ocean-tracker/react';
import { AirTracker } from 'cargo-trackers/react';
import { normalizeOcean } from '@cargo-trackers/ocean-tracker/normalizer';
import type {} from '@cargo-trackers/air-tracker/jsx-react';
import type { TrackerStateChangeEvent } from '@cargo-trackers/core';
import { loadElement } from 'cargo-trackers/cdn';

declare const el: OceanTracker;
const state: 'idle' | 'loading' | 'waiting' | 'loaded' | 'failed' = el.trackingState;
// @ts-expect-error retry() takes nothing: TrackerElement's types came through core's internal entry.
el.retry(1);
const onState = (event: TrackerStateChangeEvent) => event.state;
export const app = (
  <>
    <OceanTrackerComponent proxyUrl="/api/tracking/ocean" onTrackerStateChange={onState} />
    {/* @ts-expect-error an unknown theme */}
    <AirTracker theme="purple" />
    <air-tracker proxy-url="/api/tracking/air" />
  </>
);
export { state, normalizeOcean, loadElement };
`,
      );
      const program = ts.createProgram([file], {
        moduleResolution: ts.ModuleResolutionKind.Node10,
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        jsx: ts.JsxEmit.ReactJSX,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        esModuleInterop: true,
        types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      assert.deepEqual(diagnostics, []);
    });
  });
});

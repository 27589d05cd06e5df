// The public API of each package's public entries, as API Extractor reports it (packages/*/etc/*.api.md,
// committed): every change to what users can import is a visible diff in review.
//   node scripts/api-report.mjs          fails when a report differs from the built declarations (npm run api:check)
//   node scripts/api-report.mjs --update rewrites the reports (npm run api:update)
// Both build the packages' declarations first (tsc -b). The `internal/*` entries are left out: they
// are for the sibling packages only and may change in any release.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');

/** The public entries: package folder, the entry's declarations in dist/, the report's name. */
export const ENTRIES = [
  ['core', 'index.d.ts', 'core'],
  ['ocean-tracker', 'index.d.ts', 'ocean-tracker'],
  ['ocean-tracker', 'normalizer.d.ts', 'ocean-tracker-normalizer'],
  ['air-tracker', 'index.d.ts', 'air-tracker'],
  ['air-tracker', 'normalizer.d.ts', 'air-tracker-normalizer'],
  ['cargo-trackers', 'index.d.ts', 'cargo-trackers'],
  ['proxy', 'index.d.ts', 'proxy'],
  ['proxy', 'adapters/node.d.ts', 'proxy-node'],
  ['proxy', 'stores/redis.d.ts', 'proxy-redis'],
  ['proxy', 'stores/durable-object.d.ts', 'proxy-durable-object'],
  ['ocean-tracker', 'react.d.ts', 'ocean-tracker-react'],
  ['air-tracker', 'react.d.ts', 'air-tracker-react'],
  ['cargo-trackers', 'react.d.ts', 'cargo-trackers-react'],
];

execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});

const temp = mkdtempSync(join(tmpdir(), 'api-report-'));
const changed = [];
const failed = [];
try {
  // One TypeScript program per package, shared by its entries (API Extractor's CompilerState):
  // thirteen programs cost about as much again as the reports.
  const compilerStates = new Map();
  for (const [pkg, entry, name] of ENTRIES) {
    const projectFolder = join(root, 'packages', pkg);
    if (update) mkdirSync(join(projectFolder, 'etc'), { recursive: true });
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder,
        mainEntryPointFilePath: join(projectFolder, 'dist', entry),
        compiler: { tsconfigFilePath: join(projectFolder, 'tsconfig.build.json') },
        apiReport: { enabled: true, reportFileName: name, reportFolder: join(projectFolder, 'etc'), reportTempFolder: temp },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          // Release tags (@public, @beta) are not used here: what an entry exports is public.
          extractorMessageReporting: { 'ae-missing-release-tag': { logLevel: 'none' } },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
      configObjectFullPath: join(projectFolder, 'api-extractor.json'),
      packageJsonFullPath: join(projectFolder, 'package.json'),
    });
    if (!compilerStates.has(pkg)) {
      const entries = ENTRIES.filter(([other]) => other === pkg).map(([, file]) => join(projectFolder, 'dist', file));
      compilerStates.set(pkg, CompilerState.create(config, { additionalEntryPoints: entries }));
    }
    const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, compilerState: compilerStates.get(pkg) });
    if (result.apiReportChanged) changed.push(`packages/${pkg}/etc/${name}.api.md`);
    if (result.errorCount > 0) failed.push(`${name}: ${result.errorCount} error(s)`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
if (failed.length > 0) {
  console.error(`API Extractor failed: ${failed.join('; ')}`);
  process.exit(1);
}
if (changed.length > 0 && !update) {
  console.error(
    `The public API changed: ${changed.join(', ')}.\nIf that is meant, run npm run api:update and commit the reports (and a changeset).`,
  );
  process.exit(1);
}
console.log(update ? `API reports written (${changed.length} changed).` : 'API reports match the public entries.');

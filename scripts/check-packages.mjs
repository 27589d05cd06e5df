// `npm run lint:packages`: packs every published package as `npm publish` would (its prepack
// builds it first) and lints the tarball with publint --strict (package.json against the
// files shipped) and @arethetypeswrong/cli (every entry point's types resolve, under Node16 ESM,
// bundler and node10 resolution, the last through `typesVersions`; a require() is not offered).
// Exits 1 on any finding. `npm test` runs the same check inside test/packaging/npm-pack.test.ts,
// on the tarballs that test packs: this command is for a run of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLISHED } from './package-metadata.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/**
 * What publint --strict and attw find in one packed tarball: a list of findings, empty when both
 * are clean. test/packaging/npm-pack.test.ts runs it on the tarballs it packs anyway, so that
 * `npm test` packs (and so builds) each package once.
 */
export function lintTarball(tarball) {
  const publint = run(bin('publint'), ['run', '--strict', tarball]);
  const attw = run(bin('attw'), [
    tarball,
    '--ignore-rules',
    'cjs-resolves-to-esm',
    '--no-definitely-typed',
    '--format',
    'table-flipped',
    '--no-emoji',
    '--no-color',
  ]);
  return [
    ...(publint.ok ? [] : [`publint --strict\n${publint.output}`]),
    ...(attw.ok ? [] : [`attw --ignore-rules cjs-resolves-to-esm\n${attw.output}`]),
  ];
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = mkdtempSync(join(tmpdir(), 'cargo-trackers-lint-packages-'));
  const failures = [];
  try {
    for (const dir of Object.keys(PUBLISHED)) {
      const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', out], {
        cwd: join(root, 'packages', dir),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (pack.status !== 0) {
        failures.push(`${dir}: npm pack failed\n${pack.stderr}`);
        continue;
      }
      const found = lintTarball(join(out, JSON.parse(pack.stdout)[0].filename));
      console.log(`${dir}: publint and attw ${found.length === 0 ? 'clean' : 'FAILED'}`);
      failures.push(...found.map((finding) => `${dir}: ${finding}`));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  for (const failure of failures) console.error(`\n${failure}`);
  process.exit(failures.length ? 1 : 0);
}

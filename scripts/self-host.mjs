// The self-host download, dist/cargo-trackers-<version>.zip (`npm run build` writes it): the
// script-tag bundle's entry and its chunks/, a README on where to put them, CORS, the CSP lines and
// the entry's integrity hashes, and the package's LICENSE. No source maps and no build manifest:
// a site serves these files as they are, to browsers. Until the packages are on the npm registry,
// this is how a site uses the script tag; the demo server offers the same zip from its bundle.
//
//   node scripts/self-host.mjs [--bundle <dir with cargo-trackers.js>] [--out <dir>]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { zip } from './zip.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PACKAGE = join(ROOT, 'packages/cargo-trackers');
export const ENTRY = 'cargo-trackers.js';

/** The version the zip is named for: the cargo-trackers package's. */
export const selfHostVersion = () => JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version;
/** The zip's name, and the folder inside it. */
export const selfHostName = (version = selfHostVersion()) => `cargo-trackers-${version}`;

/** What a browser asks for: the entry and chunks/, in a stable order; not `.map` files, not Vite's `.vite/manifest.json`. */
function bundleFiles(bundleDir) {
  if (!existsSync(join(bundleDir, ENTRY)) || !existsSync(join(bundleDir, 'chunks'))) {
    throw new Error(`${bundleDir} holds no built bundle (${ENTRY} and chunks/): run npm run build:bundle first`);
  }
  const chunks = readdirSync(join(bundleDir, 'chunks'))
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => `chunks/${name}`);
  return [ENTRY, ...chunks];
}

const sri = (algorithm, data) => `${algorithm}-${createHash(algorithm).update(data).digest('base64')}`;

function readme(name, version, entry) {
  const sha384 = sri('sha384', entry);
  return `# ${name}: the trackers' script-tag bundle, to host yourself

\`<ocean-tracker>\` and \`<air-tracker>\`, version ${version}: \`${ENTRY}\` registers both tags and
loads the code of each (from \`chunks/\`) the first time its tag appears on a page.

## Where to put it

Upload this folder whole, \`chunks/\` beside \`${ENTRY}\` (the entry imports its chunks by
their relative address), for example to \`/assets/${name}/\` on your site. Then paste:

\`\`\`html
<script type="module" src="/assets/${name}/${ENTRY}"></script>
<ocean-tracker proxy-url="/api/tracking/ocean"></ocean-tracker>
\`\`\`

The trackers ask your tracking proxy (\`proxy-url\`), which holds your API key; see the project's
README, *The proxy*. The configurator (\`/configure\` on the demo server) writes this tag with your
options: choose *My own copy* and give the address of your \`${ENTRY}\`.

Serve \`.js\` files as \`text/javascript\`. The chunks' names carry a hash of their content: they
may be cached for a year (\`Cache-Control: public, max-age=31536000, immutable\`); \`${ENTRY}\`
should be revalidated (\`no-cache\`), or kept in a folder named by version, as here.

## From another origin (CORS)

A module script is fetched with CORS. On the page's own origin nothing is needed. From another
origin (a static host, a CDN of your own), its server must send, with every file of this folder:

    Access-Control-Allow-Origin: *

(nginx: \`add_header Access-Control-Allow-Origin *;\`; Apache: \`Header set Access-Control-Allow-Origin "*"\`).
Without it the browser refuses the script and the tags stay empty. A \`proxy-url\` on another origin
than the page must list the page's origin in the proxy's CORS origins.

## Content-Security-Policy

If the page sends one, it needs:

    script-src <where this folder is served from, 'self' on your own site>;
    connect-src <your proxy's origin, 'self' on your own site>;

and, with \`tile-url\`, that tile server in \`img-src\`. Nothing else: the styles are constructable
stylesheets, and the world map is in the chunks.

## Integrity

Of \`${ENTRY}\` in this folder:

    ${sha384}
    ${sri('sha256', entry)}

To have the browser check it, add \`integrity="${sha384}"\` (and, from another origin,
\`crossorigin="anonymous"\`) to the script tag. The chunks it loads are named by their content's hash.
`;
}

/** The zip's files, each under `cargo-trackers-<version>/`. */
export function selfHostFiles(bundleDir, version = selfHostVersion()) {
  const name = selfHostName(version);
  const files = bundleFiles(bundleDir).map((path) => ({ name: `${name}/${path}`, data: readFileSync(join(bundleDir, path)) }));
  files.push({ name: `${name}/README.md`, data: Buffer.from(readme(name, version, files[0].data)) });
  files.push({ name: `${name}/LICENSE`, data: readFileSync(join(PACKAGE, 'LICENSE')) });
  return files;
}

/** The zip's bytes, from a built bundle. */
export const selfHostZip = (bundleDir, version) => zip(selfHostFiles(bundleDir, version));

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { bundle: { type: 'string' }, out: { type: 'string' } } });
  const bundleDir = values.bundle ? resolve(values.bundle) : join(PACKAGE, 'dist/cdn');
  const outDir = values.out ? resolve(values.out) : join(ROOT, 'dist');
  const files = selfHostFiles(bundleDir);
  const bytes = zip(files);
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, `${selfHostName()}.zip`);
  writeFileSync(path, bytes);
  console.log(
    `Self-host bundle: ${relative(ROOT, path).split(sep).join('/')} (${files.length} files, ${(bytes.length / 1024).toFixed(0)} KB)`,
  );
}

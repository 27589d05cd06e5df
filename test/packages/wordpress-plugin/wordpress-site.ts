// A real WordPress for the plugin's tests: core files from Debian's `wordpress` package or from a
// WordPress Playground build on the npm registry, SQLite through the SQLite Database Integration
// drop-in (from the same npm package), installed non-interactively by a PHP script, served by
// `php -S` on a free loopback port with WP_DEBUG on. The plugin is copied in and activated.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLibfaketime, stopGroup } from '../proxy-php/php-proxy.js';
import { calendarOffsetMs, withoutLibfaketime, withRealFileTimes } from '../../support/libfaketime.mjs';
import { freePort } from '../../support/free-port.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PLUGIN_DIR = join(ROOT, 'packages/wordpress-plugin');
const DEBIAN_WORDPRESS = '/usr/share/wordpress';

/**
 * WordPress Playground's builds of WordPress (PHP files, static assets, and the SQLite
 * integration plugin), pinned by version and integrity. Its last release carries 6.2 to 6.5
 * and a 6.6 release candidate; 6.5 is the first with `wp_enqueue_script_module`.
 */
const PLAYGROUND_BUILDS = {
  spec: '@wp-playground/wordpress-builds@0.9.19',
  integrity: 'sha512-dlqvh/MJDpE5W68vgPPKUjpip6zMuBh59L3D18ZX+pdwurC4q4ydrTww/3sTMV69BBcoH6kF93YtAtujNC5Mpw==',
  tarball: 'wp-playground-wordpress-builds-0.9.19.tgz',
} as const;
const CACHE = join(ROOT, 'node_modules/.cache/cargo-trackers-wordpress');
const OPCACHE = [
  ...['-d', 'opcache.enable_cli=1', '-d', 'opcache.validate_timestamps=1', '-d', 'opcache.revalidate_freq=0'],
  ...['-d', 'opcache.file_update_protection=0'],
];

export interface WordPressSource {
  /** For test names: "Debian's WordPress 6.1.9". */
  readonly name: string;
  readonly version: string;
  /** A block theme and a classic theme this WordPress can run. */
  readonly themes: { readonly block: string; readonly classic: string };
  /** Copies WordPress's files (without wp-config.php) into `dir`. */
  populate(dir: string): Promise<void>;
}

interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function mustRun(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function wordpressVersion(dir: string): Promise<string> {
  const text = await readFile(join(dir, 'wp-includes/version.php'), 'utf8');
  const version = /\$wp_version\s*=\s*'([^']+)'/.exec(text)?.[1];
  if (!version) throw new Error(`no $wp_version in ${dir}/wp-includes/version.php`);
  return version;
}

/** Debian's `wordpress` package (with its twentytwentythree and twentytwentyone theme packages). */
export async function debianWordPress(): Promise<WordPressSource> {
  const themes = join(DEBIAN_WORDPRESS, 'wp-content/themes');
  for (const needed of ['wp-includes/version.php', 'wp-content/themes/twentytwentythree', 'wp-content/themes/twentytwentyone']) {
    if (!existsSync(join(DEBIAN_WORDPRESS, needed))) {
      throw new Error(
        `Debian's WordPress is not installed (${DEBIAN_WORDPRESS}/${needed} is missing): ` +
          'apt-get install wordpress wordpress-theme-twentytwentythree wordpress-theme-twentytwentyone php-sqlite3 php-xml php-mbstring unzip',
      );
    }
  }
  const version = await wordpressVersion(DEBIAN_WORDPRESS);
  return {
    name: `Debian's WordPress ${version}`,
    version,
    themes: { block: 'twentytwentythree', classic: 'twentytwentyone' },
    async populate(dir) {
      // Copies, not links: WordPress finds its configuration beside the real path of wp-load.php,
      // and Debian's own wp-config.php reads /etc/wordpress.
      for (const entry of await readdir(DEBIAN_WORDPRESS)) {
        if (entry === 'wp-config.php' || entry === 'wp-content' || entry.startsWith('.')) continue;
        await cp(join(DEBIAN_WORDPRESS, entry), join(dir, entry), { recursive: true, dereference: true });
      }
      await mkdir(join(dir, 'wp-content/themes'), { recursive: true });
      for (const theme of ['twentytwentythree', 'twentytwentyone']) {
        await cp(join(themes, theme), join(dir, 'wp-content/themes', theme), { recursive: true, dereference: true });
      }
    },
  };
}

/** The Playground build of WordPress `branch` ("6.5"), fetched once into node_modules/.cache. */
export async function playgroundWordPress(branch: string): Promise<WordPressSource> {
  const builds = await playgroundBuilds();
  const zip = join(builds, `src/wordpress/wp-${branch}.zip`);
  const assets = join(builds, `public/wp-${branch}`);
  if (!existsSync(zip)) throw new Error(`${PLAYGROUND_BUILDS.spec} has no WordPress ${branch}`);
  const versions = JSON.parse(await readFile(join(builds, 'src/wordpress/wp-versions.json'), 'utf8')) as Record<string, string>;
  const version = versions[branch] ?? branch;
  const classicFrom = join(DEBIAN_WORDPRESS, 'wp-content/themes/twentytwentyone');
  return {
    name: `WordPress ${version} (Playground build)`,
    version,
    // The build ships only its default block theme; the classic theme is Debian's copy, which runs on 6.5 too.
    themes: { block: 'twentytwentyfour', classic: 'twentytwentyone' },
    async populate(dir) {
      await mustRun('unzip', ['-q', '-o', zip, '-d', dir]);
      // The build keeps CSS, images and scripts apart from the PHP files: put them back.
      await cp(assets, dir, { recursive: true, force: false, errorOnExist: false });
      await rm(join(dir, 'wp-config.php'), { force: true });
      await rm(join(dir, 'wp-content/database'), { recursive: true, force: true });
      if (!existsSync(classicFrom)) throw new Error(`${classicFrom} is missing: apt-get install wordpress-theme-twentytwentyone`);
      await cp(classicFrom, join(dir, 'wp-content/themes/twentytwentyone'), { recursive: true, dereference: true });
    },
  };
}

/** node_modules/.cache/…/package: the pinned Playground builds, unpacked (only what the tests use). */
async function playgroundBuilds(): Promise<string> {
  const unpacked = join(CACHE, 'package');
  const marker = join(CACHE, `${PLAYGROUND_BUILDS.tarball}.unpacked`);
  if (existsSync(marker)) return unpacked;
  await rm(CACHE, { recursive: true, force: true });
  await mkdir(CACHE, { recursive: true });
  // npm's own client: it checks the tarball against the registry's integrity and caches it.
  const packed = JSON.parse(
    await mustRun('npm', ['pack', PLAYGROUND_BUILDS.spec, '--json', '--pack-destination', CACHE], { cwd: CACHE }),
  ) as Array<{ integrity: string; filename: string }>;
  if (packed[0]?.integrity !== PLAYGROUND_BUILDS.integrity) {
    throw new Error(`${PLAYGROUND_BUILDS.spec} has integrity ${packed[0]?.integrity}, not the pinned ${PLAYGROUND_BUILDS.integrity}`);
  }
  const tarball = join(CACHE, PLAYGROUND_BUILDS.tarball);
  await mustRun('tar', ['-xzf', tarball, '-C', CACHE, 'package/src', 'package/public/wp-6.5']);
  await rm(tarball);
  await writeFile(marker, `${PLAYGROUND_BUILDS.integrity}\n`);
  return unpacked;
}

/** The SQLite Database Integration plugin and its db.php drop-in, from the same pinned package. */
async function installSqlite(dir: string): Promise<void> {
  const builds = await playgroundBuilds();
  const plugins = join(dir, 'wp-content/plugins');
  await mkdir(plugins, { recursive: true });
  await mustRun('unzip', ['-q', '-o', join(builds, 'src/sqlite-database-integration/sqlite-database-integration.zip'), '-d', plugins]);
  const [folder] = (await readdir(plugins)).filter((name) => name.startsWith('sqlite-database-integration'));
  if (!folder) throw new Error('the SQLite integration zip held no sqlite-database-integration folder');
  const target = join(plugins, 'sqlite-database-integration');
  if (folder !== 'sqlite-database-integration') await rename(join(plugins, folder), target);
  const dropIn = (await readFile(join(target, 'db.copy'), 'utf8'))
    .replaceAll('{SQLITE_IMPLEMENTATION_FOLDER_PATH}', target)
    .replaceAll('{SQLITE_PLUGIN}', 'sqlite-database-integration/load.php');
  await writeFile(join(dir, 'wp-content/db.php'), dropIn);
  await mkdir(join(dir, 'wp-content/database'), { recursive: true });
}

function php(value: unknown): string {
  // JSON strings and arrays are valid PHP literals only for plain data; json_decode keeps it exact.
  return `json_decode(${JSON.stringify(JSON.stringify(value))}, true)`;
}

function wpConfig(constants: Readonly<Record<string, unknown>> = {}): string {
  const salt = () => Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  return `<?php
// Written by the plugin's WordPress test. SQLite through wp-content/db.php; the MySQL settings are unused.
define('DB_NAME', 'wordpress');
define('DB_USER', '');
define('DB_PASSWORD', '');
define('DB_HOST', '');
define('DB_CHARSET', 'utf8');
define('DB_COLLATE', '');
define('DB_DIR', __DIR__ . '/wp-content/database/');
define('DB_FILE', '.ht.sqlite');
${keys.map((key) => `define('${key}', '${salt()}');`).join('\n')}
$table_prefix = 'wp_';
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', true);
define('WP_DEBUG_LOG', __DIR__ . '/debug.log');
define('SCRIPT_DEBUG', false);
define('WP_HOME', 'http://' . $_SERVER['HTTP_HOST']);
define('WP_SITEURL', 'http://' . $_SERVER['HTTP_HOST']);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
${Object.entries(constants)
  .map(([name, value]) => `define(${JSON.stringify(name)}, ${php(value)});`)
  .join('\n')}
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/**
 * What the test site adds around the plugin: where the bundle and the proxy are (when the test
 * names them; else the plugin's own), and a theme per request.
 */
function testMuPlugin(scriptUrl: string | undefined, proxyBase: string | undefined): string {
  return `<?php
// Written by the plugin's WordPress test: the bundle and the proxy of the test's demo server,
// ?cargo_theme=<slug> to render one page in another installed theme, ?cargo_cdn=1 to opt in to
// the CDN, and two other plugins' script_loader_tag filters around the plugin's (WordPress
// before 6.5 prints the tag through them).
${scriptUrl === undefined ? '' : `add_filter('cargo_trackers_script_url', function () { return ${php(scriptUrl)}; });`}
// Only on the plugin's tag: WordPress 6.5's editor JSON-encodes other tags it printed through this filter.
add_filter('script_loader_tag', function ($tag, $handle) {
    return $handle === 'cargo-trackers' ? str_replace(' src=', ' data-filtered-before="1" src=', $tag) : $tag;
}, 5, 2);
add_filter('script_loader_tag', function ($tag, $handle) {
    return $handle === 'cargo-trackers' ? str_replace('></script>', ' data-filtered-after="1"></script>', $tag) : $tag;
}, 20, 2);
${
  proxyBase === undefined
    ? ''
    : `add_filter('cargo_trackers_proxy_url', function ($url, $tag) {
    return ${php(proxyBase)} . ($tag === 'ocean-tracker' ? 'ocean' : 'air');
}, 10, 2);`
}
// The test site is offline: no update checks, which would warn on every admin page that they failed.
add_action('init', function () {
    foreach (array('_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes') as $check) {
        remove_action('admin_init', $check);
    }
});
if (isset($_GET['cargo_cdn'])) {
    add_filter('cargo_trackers_use_cdn', '__return_true');
}
if (isset($_GET['cargo_theme'])) {
    $cargo_theme = preg_replace('/[^a-z0-9-]/', '', (string) $_GET['cargo_theme']);
    add_filter('pre_option_stylesheet', function () use ($cargo_theme) { return $cargo_theme; });
    add_filter('pre_option_template', function () use ($cargo_theme) { return $cargo_theme; });
}
`;
}

/** Publishes the page in argv[2] (JSON) as the site's administrator. Usage: php publish.php <host:port> <post.json> */
const PUBLISH_SCRIPT = `<?php
$_SERVER['HTTP_HOST'] = $argv[1];
$_SERVER['SERVER_NAME'] = explode(':', $argv[1])[0];
$_SERVER['REQUEST_URI'] = '/';
require __DIR__ . '/wp-load.php';
wp_set_current_user(1);
$post = json_decode(file_get_contents($argv[2]), true);
$id = wp_insert_post(array(
    'post_type' => 'page',
    'post_status' => 'publish',
    'post_title' => $post['title'],
    'post_name' => $post['slug'],
    'post_content' => wp_slash($post['content']),
), true);
if (is_wp_error($id)) {
    fwrite(STDERR, 'wp_insert_post: ' . $id->get_error_message() . "\\n");
    exit(1);
}
echo json_encode(array('id' => $id));
`;

const INSTALL_SCRIPT = `<?php
// Installs WordPress as its installer would, then activates the plugin and publishes the posts.
// With a zip, the plugin is installed from it first, as Plugins → Add New → Upload does.
// Usage: php install.php <host:port> <theme> <posts.json> [<plugin.zip>]   Prints {"slug": id, …}.
// The administrator's password comes from the environment (CARGO_ADMIN_PASSWORD).
$_SERVER['HTTP_HOST'] = $argv[1];
$_SERVER['SERVER_NAME'] = explode(':', $argv[1])[0];
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$installed = wp_install('Cargo Trackers test site', 'admin', 'admin@example.com', false, '', getenv('CARGO_ADMIN_PASSWORD'));
wp_set_current_user($installed['user_id']); // an administrator: posts keep their HTML as written
if (isset($argv[4])) {
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    $upgrader = new Plugin_Upgrader(new Automatic_Upgrader_Skin());
    $result = $upgrader->install($argv[4]);
    if ($result !== true) {
        $why = is_wp_error($result) ? $result->get_error_message() : var_export($result, true);
        fwrite(STDERR, "Plugin_Upgrader::install: $why\n" . implode("\n", $upgrader->skin->get_upgrade_messages()) . "\n");
        exit(1);
    }
}
$activated = activate_plugin('cargo-trackers/cargo-trackers.php', '', false, false);
if (is_wp_error($activated)) {
    fwrite(STDERR, 'activate_plugin: ' . $activated->get_error_message() . "\\n");
    exit(1);
}
switch_theme($argv[2]);
$ids = array();
foreach (json_decode(file_get_contents($argv[3]), true) as $post) {
    $id = wp_insert_post(array(
        'post_type' => 'page',
        'post_status' => 'publish',
        'post_title' => $post['title'],
        'post_name' => $post['slug'],
        'post_content' => wp_slash($post['content']), // wp_insert_post unslashes what it is given
    ), true);
    if (is_wp_error($id)) {
        fwrite(STDERR, 'wp_insert_post: ' . $id->get_error_message() . "\\n");
        exit(1);
    }
    $ids[$post['slug']] = $id;
}
echo json_encode(array('ids' => $ids, 'active' => get_option('active_plugins'), 'version' => get_bloginfo('version')));
`;

/**
 * What a host's rewrite rules do for WordPress: files are served as they are, a folder by its
 * index.php (/wp-admin/ is the dashboard), every other path goes to index.php (so /favicon.ico
 * gets WordPress's answer, not a bare 404).
 */
const ROUTER = `<?php
$path = (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/' && strpos($path, '..') === false && is_file(__DIR__ . $path)) {
    return false;
}
if ($path !== '/' && strpos($path, '..') === false && substr($path, -1) === '/' && is_file(__DIR__ . $path . 'index.php')) {
    return false; // php -S serves the folder's index.php
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
require __DIR__ . '/index.php';
`;

/** PHP's and WordPress's own words for a notice, warning, deprecation or error shown in a page or logged. */
export const PHP_MESSAGE =
  /<b>(Notice|Warning|Deprecated|Fatal error|Parse error)<\/b>:|\b(PHP )?(Notice|Warning|Deprecated|Fatal error): /;

export interface SitePost {
  readonly slug: string;
  readonly title: string;
  readonly content: string;
}

export interface WordPressSite {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Where the site's files are. */
  readonly dir: string;
  /** The address of a published post, optionally in another installed theme. */
  pageUrl(slug: string, theme?: string): string;
  /** Publishes one more page, as wp_insert_post does for an administrator; its address under plain permalinks. */
  publish(post: SitePost): Promise<string>;
  readonly activePlugins: readonly string[];
  /** The administrator's login, for wp-login.php. */
  readonly admin: { readonly user: string; readonly password: string };
  /** WordPress's debug.log ('' when WordPress wrote nothing). */
  debugLog(): Promise<string>;
  /** What `php -S` printed: one line per request, and any PHP error it saw. */
  serverOutput(): string;
  /** With `movableClock` and libfaketime installed: moves the server's clock on by `ms`. */
  moveClock?(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A clock for the site's PHP that flows as usual from twenty minutes into this process's current
 * hour (so that an hourly quota finds no fresh hour while a test moves it a few seconds), and that
 * the test moves on: libfaketime reads the offset from a file on every call (FAKETIME_NO_CACHE).
 * The offset is from the real time (a run on a moved calendar leaves its own FAKETIME out; this
 * process's Date.now() already counts it). Monotonic time stays real, for curl's timeouts.
 */
async function movableClock(dir: string): Promise<{ env: NodeJS.ProcessEnv; move(ms: number): Promise<void> } | undefined> {
  const libfaketime = findLibfaketime();
  if (libfaketime === undefined) return undefined;
  const HOUR = 3_600_000;
  const start = Math.floor(Date.now() / HOUR) * HOUR + 20 * 60_000;
  let offsetMs = start - (Date.now() - calendarOffsetMs());
  const file = join(dir, '.clock');
  const write = async () => {
    // Replaced whole (rename), so that PHP never reads a half-written offset.
    await writeFile(`${file}.next`, `${offsetMs >= 0 ? '+' : ''}${(offsetMs / 1000).toFixed(3)}\n`);
    await rename(`${file}.next`, file);
  };
  await write();
  return {
    env: {
      ...withoutLibfaketime(),
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    move: async (ms) => {
      offsetMs += ms;
      await write();
    },
  };
}

export async function reservePort(): Promise<{ port: number; origin: string }> {
  const port = await freePort();
  return { port, origin: `http://127.0.0.1:${port}` };
}

export async function startWordPressSite(
  source: WordPressSource,
  options: {
    readonly port: number;
    /** The bundle's address, set by a filter; unset, the plugin's own copy (which only a built zip holds). */
    readonly scriptUrl?: string;
    /** Prefix of the proxy's routes (`…/ocean`, `…/air`), set by a filter; unset, the plugin's default. */
    readonly proxyBase?: string;
    readonly posts: readonly SitePost[];
    /** Installs the plugin from this zip through WordPress's Plugin_Upgrader instead of copying its source. */
    readonly pluginZip?: string;
    /** More files for the site, by path under its root (a drop-in, another mu-plugin). */
    readonly files?: Readonly<Record<string, string>>;
    /** More constants in wp-config.php, where a drop-in reads its settings (WP_REDIS_PORT). */
    readonly constants?: Readonly<Record<string, unknown>>;
    /**
     * The site's PHP runs on a clock the test can move on (`moveClock`), under libfaketime when it
     * is installed: a clock that flows as usual and starts twenty minutes into the current hour.
     */
    readonly movableClock?: boolean;
  },
): Promise<WordPressSite> {
  const dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-wp-'));
  let server: ChildProcess | undefined;
  try {
    await source.populate(dir);
    await installSqlite(dir);
    if (options.pluginZip === undefined) {
      // The plugin's folder as the source tree holds it (its PHP, blocks/, readme.txt), without the linter's settings.
      await cp(PLUGIN_DIR, join(dir, 'wp-content/plugins/cargo-trackers'), {
        recursive: true,
        filter: (path) => !path.endsWith('phpcs.xml.dist'),
      });
    }
    await mkdir(join(dir, 'wp-content/mu-plugins'), { recursive: true });
    await writeFile(join(dir, 'wp-content/mu-plugins/cargo-trackers-test.php'), testMuPlugin(options.scriptUrl, options.proxyBase));
    await writeFile(join(dir, 'wp-config.php'), wpConfig(options.constants));
    for (const [path, text] of Object.entries(options.files ?? {})) await writeFile(join(dir, path), text);
    await writeFile(join(dir, 'install.php'), INSTALL_SCRIPT);
    await writeFile(join(dir, 'router.php'), ROUTER);
    await writeFile(join(dir, 'posts.json'), JSON.stringify(options.posts));
    const host = `127.0.0.1:${options.port}`;
    const admin = { user: 'admin', password: randomBytes(18).toString('base64url') };
    const args = ['install.php', host, source.themes.block, 'posts.json', ...(options.pluginZip === undefined ? [] : [options.pluginZip])];
    const env = { ...process.env, CARGO_ADMIN_PASSWORD: admin.password };
    const installed = JSON.parse(await mustRun('php', args, { cwd: dir, env })) as {
      ids: Record<string, number>;
      active: string[];
      version: string;
    };
    if (installed.version !== source.version) throw new Error(`installed WordPress ${installed.version}, expected ${source.version}`);
    await rm(join(dir, 'install.php'));

    let output = '';
    // Its own process group: with workers, php -S forks, and stopping it means stopping them all.
    // With OPcache, as a production WordPress runs: php -S compiles WordPress's files once, not on
    // every request (the CLI's default leaves it off). Timestamps are checked on every request, so a
    // test that rewrites a PHP file sees the new code at once (on a moved calendar too: withRealFileTimes).
    // Without file_update_protection, which leaves uncached a file changed in the last 2 s by the
    // clock PHP sees: the movable clock runs up to 40 minutes behind the files just copied here, so
    // every file was "new" and compiled on every request (250 ms a request instead of 70, in 6.1).
    // Tests write a PHP file whole before they ask for a page, and none rewrites one.
    const clock = options.movableClock === true ? await movableClock(dir) : undefined;
    server = spawn('php', [...OPCACHE, '-S', host, '-t', dir, 'router.php'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: withRealFileTimes({ ...(clock?.env ?? process.env), PHP_CLI_SERVER_WORKERS: '2' }),
      detached: true,
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const origin = `http://${host}`;
    await waitForHttp(origin, () => output);
    const child = server;
    return {
      origin,
      dir,
      activePlugins: installed.active,
      admin,
      pageUrl: (slug, theme) => {
        const id = installed.ids[slug];
        if (id === undefined) throw new Error(`no post ${slug}`);
        return `${origin}/?page_id=${id}${theme ? `&cargo_theme=${theme}` : ''}`;
      },
      publish: async (post) => {
        const scratch = await mkdtemp(join(tmpdir(), 'cargo-trackers-post-'));
        try {
          await writeFile(
            join(scratch, 'publish.php'),
            PUBLISH_SCRIPT.replace("__DIR__ . '/wp-load.php'", JSON.stringify(join(dir, 'wp-load.php'))),
          );
          await writeFile(join(scratch, 'post.json'), JSON.stringify(post));
          const { id } = JSON.parse(
            await mustRun('php', [join(scratch, 'publish.php'), host, join(scratch, 'post.json')], { cwd: dir }),
          ) as {
            id: number;
          };
          return `${origin}/?page_id=${id}`;
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      },
      debugLog: async () => (existsSync(join(dir, 'debug.log')) ? readFile(join(dir, 'debug.log'), 'utf8') : ''),
      serverOutput: () => output,
      ...(clock && { moveClock: clock.move }),
      close: async () => {
        await stopGroup(child);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (server) await stopGroup(server);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function waitForHttp(origin: string, output: () => string): Promise<void> {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    try {
      const response = await fetch(`${origin}/wp-includes/images/blank.gif`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`php -S did not answer at ${origin}:\n${output()}`);
}

/** Runs PHP in the site with WordPress loaded, as the administrator (a script file beside wp-load.php). */
export async function wpCli(site: WordPressSite, code: string): Promise<string> {
  const file = join(site.dir, `cli-${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}.php`);
  await writeFile(
    file,
    `<?php
$_SERVER['HTTP_HOST'] = ${php(new URL(site.origin).host)};
$_SERVER['REQUEST_URI'] = '/';
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1);
${code}
`,
  );
  try {
    const result = await run('php', [file], { cwd: site.dir });
    if (result.code !== 0) throw new Error(`php exited ${result.code}: ${result.stdout}\n${result.stderr}`);
    return result.stdout;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * The Cookie header of a logged-in session, as wp-login.php would set it: the administrator's
 * (user 1), or a new user's with `role`.
 */
export async function logInCookie(site: WordPressSite, role = 'administrator'): Promise<string> {
  const out = await wpCli(
    site,
    `$id = ${role === 'administrator' ? '1' : `wp_insert_user(array('user_login' => 'u' . wp_generate_password(8, false), 'user_pass' => wp_generate_password(), 'role' => ${php(role)}))`};
$expires = time() + 3600;
$token = WP_Session_Tokens::get_instance($id)->create($expires);
echo json_encode(array(AUTH_COOKIE => wp_generate_auth_cookie($id, $expires, 'auth', $token), LOGGED_IN_COOKIE => wp_generate_auth_cookie($id, $expires, 'logged_in', $token)));`,
  );
  const cookies = JSON.parse(out) as Record<string, string>;
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}

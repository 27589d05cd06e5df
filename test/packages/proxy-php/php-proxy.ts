// proxy.php as a host runs it: the built file alone in a web root served by `php -S` (with
// workers, so that requests run concurrently as under php-fpm), its configuration in a PHP file
// outside that root, its state in a fresh directory. The contract suite and the PHP attack suite
// start one per case.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProxyPhp } from '../../../scripts/build-proxy-php.mjs';
import { observe } from '../proxy/harness.js';
import type { ContractProxy, ContractProxyOptions } from '../proxy/contract-suite.js';
import { freePort } from '../../support/free-port.mjs';

/** What the PHP suites may set beyond the contract's options (the core's names). */
export interface PhpProxyOptions extends ContractProxyOptions {
  readonly timeoutMs?: number;
  /** The header a trusted proxy in front sets to the visitor's address (`x-forwarded-for`). */
  readonly trustedProxyHeader?: string;
  /**
   * Runs PHP on a clock that stands still until the test moves it (`moveClock`), where the
   * starter can: proxy.php under libfaketime. A starter that cannot leaves `moveClock` out.
   */
  readonly frozenClock?: boolean;
  /** Environment variables for proxy.php, which win over its config file. */
  readonly env?: Readonly<Record<string, string>>;
  /** The most the cached answers may take on disk (proxy.php's cacheMaxBytes). */
  readonly cacheMaxBytes?: number;
  readonly limits?: ContractProxyOptions['limits'] & {
    readonly shortCacheTtlMs?: number;
    readonly pendingCacheTtlMs?: number;
    readonly maxConcurrentLookups?: number;
    readonly clientRequests?: { readonly requests: number; readonly windowMs: number };
  };
}

export interface PhpProxy extends ContractProxy {
  /** The JSON log lines the proxy wrote so far. */
  logs(): string[];
  /** With `frozenClock`, moves PHP's clock (microtime, time, APCu's expiry) on by `ms`. */
  moveClock?(ms: number): Promise<void>;
  /** The folder of its counters and cached answers, where the starter knows it. */
  readonly stateDir?: string;
}

/** Debian's libfaketime (package libfaketime), which moves the clock of the process it is preloaded into. */
export function findLibfaketime(): string | undefined {
  const lib = '/usr/lib';
  const found = readdirSync(lib)
    .map((dir) => `${lib}/${dir}/faketime/libfaketime.so.1`)
    .find((path) => existsSync(path));
  return found ?? (existsSync(`${lib}/faketime/libfaketime.so.1`) ? `${lib}/faketime/libfaketime.so.1` : undefined);
}

/**
 * This process's environment for PHP. When the test moves PHP's clock, a clock the whole run is on
 * (`faketime +45d npm test`, whose FAKETIME would win over the test's file) is left out: the file,
 * written from this process's own (possibly faked) Date.now(), already starts there.
 */
function inheritedEnv(clockEnv: Record<string, string>): NodeJS.ProcessEnv {
  if (clockEnv.LD_PRELOAD === undefined) return process.env;
  const { FAKETIME: _outerClock, ...rest } = process.env;
  return rest;
}

/** libfaketime's spec for a clock that stands at `ms` (UTC, as PHP runs with TZ=UTC under it). */
function faketimeSpec(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2026-01-05T12:30:00.200Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}\n`;
}

export type StartPhpProxy = (options: PhpProxyOptions) => Promise<PhpProxy>;

export interface ProxyPhpVariant {
  /** Counters in APCu (when the extension is loaded) or in flock-guarded files. */
  readonly counters: 'apcu' | 'files';
  /** curl, or PHP's HTTP streams as on a host without the curl extension. */
  readonly transport: 'curl' | 'streams';
}

/** Limits that stay out of the way of a case about something else; Infinity is "off" (null) for PHP. */
export function phpLimits(limits: PhpProxyOptions['limits'] = {}): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    newNumbersPerClientPerHour: null,
    upstreamBudget: { requests: null, windowMs: 20_000 },
    clientRequests: { requests: null, windowMs: 60_000 },
    ...limits,
  };
  if (merged.newNumbersPerClientPerHour === Infinity) merged.newNumbersPerClientPerHour = null;
  return merged;
}

/** A PHP value from plain data: json_decode keeps it exact. */
export function phpValue(value: unknown): string {
  return `json_decode(${JSON.stringify(JSON.stringify(value))}, true)`;
}

let built: string | undefined;

/** Why a PHP extension a variant needs is missing, or undefined; a variant never silently tests something else. */
export function phpExtensionMissing(extension: string, debianPackage: string): string | undefined {
  const modules = spawnSync('php', ['-m'], { encoding: 'utf8' }).stdout ?? '';
  return modules.split('\n').some((line) => line.trim().toLowerCase() === extension)
    ? undefined
    : `PHP has no ${extension} extension: apt-get install ${debianPackage}`;
}

export async function startProxyPhp(options: PhpProxyOptions, variant: ProxyPhpVariant): Promise<PhpProxy> {
  built ??= buildProxyPhp();
  const dir = await mkdtemp(join(tmpdir(), 'cargo-trackers-proxy-php-'));
  const webRoot = join(dir, 'public');
  await mkdir(webRoot);
  await writeFile(join(webRoot, 'proxy.php'), built);
  const config = {
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    corsOrigins: options.corsOrigins ?? [],
    // Out of the way of tests about something else (a busy machine); the timeout's own tests set theirs.
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.trustedProxyHeader !== undefined && { trustedProxyHeader: options.trustedProxyHeader }),
    limits: phpLimits(options.limits),
    stateDir: join(dir, 'state'),
    counters: variant.counters === 'files' ? 'files' : 'auto',
    transport: variant.transport === 'streams' ? 'streams' : 'auto',
    ...(options.cacheMaxBytes !== undefined && { cacheMaxBytes: options.cacheMaxBytes }),
  };
  // Outside the web root, as the README says; PHP, so even a misplaced copy prints nothing.
  await writeFile(join(dir, 'config.php'), `<?php\nreturn ${phpValue(config)};\n`);
  const port = await freePort();
  // A clock that stands still: libfaketime reads it from a file on every call (FAKETIME_NO_CACHE),
  // so that the test moves it while PHP runs. Monotonic time stays real, for curl's own timeouts.
  let clockEnv: Record<string, string> = {};
  let moveClock: ((ms: number) => Promise<void>) | undefined;
  const libfaketime = options.frozenClock === true ? findLibfaketime() : undefined;
  if (libfaketime !== undefined) {
    const clockFile = join(dir, 'clock');
    // Twenty minutes into the current clock hour, whatever the time of day: the hourly quota then
    // cannot find a fresh hour while a test moves the clock a few seconds (a start at 07:59:55
    // once did, and a test that expected a refusal got a 200).
    const HOUR = 3_600_000;
    let now = Math.floor(Date.now() / HOUR) * HOUR + 20 * 60_000;
    await writeFile(clockFile, faketimeSpec(now));
    clockEnv = {
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      TZ: 'UTC',
    };
    moveClock = async (ms) => {
      now += ms;
      // Replaced whole (rename), so that PHP never reads a half-written time.
      await writeFile(`${clockFile}.next`, faketimeSpec(now));
      await rename(`${clockFile}.next`, clockFile);
    };
  }
  let output = '';
  // Every notice or warning printed into the answer, where a test sees it as a broken answer.
  const args = ['-d', 'display_errors=1', '-d', 'error_reporting=-1', '-S', `127.0.0.1:${port}`, '-t', webRoot];
  if (variant.counters === 'apcu') args.unshift('-d', 'apc.enabled=1');
  const server: ChildProcess = spawn('php', args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inheritedEnv(clockEnv),
      ...clockEnv,
      TRACKING_PROXY_CONFIG: join(dir, 'config.php'),
      PHP_CLI_SERVER_WORKERS: '4',
      ...options.env,
    },
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    observe(output);
    await stopGroup(server);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(url, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    address: (path) => `${url}${path.replace(/^\/api\/tracking\//, '/proxy.php/')}`,
    logs: () => output.split('\n').filter((line) => line.startsWith('{')),
    ...(moveClock !== undefined && { moveClock }),
    stateDir: config.stateDir,
    close,
  };
}

/** Stops php -S and the workers it forked (one process group). */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    await exited;
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}

export async function waitForPort(url: string, output: () => string): Promise<void> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    try {
      await fetch(`${url}/nothing-here`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`php -S did not answer at ${url}:\n${output()}`);
}

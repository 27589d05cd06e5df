/**
 * The demo server's settings, read from the environment. A wrong setting stops the server at
 * start with a message naming the variable; the key's value never appears in a message.
 */

import { DEFAULT_TIMEOUT_MS } from '@cargo-trackers/proxy';

export { DEFAULT_TIMEOUT_MS };
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
export const API_KEY_PREFIX = 'trk_';

export interface RealService {
  readonly baseUrl: string;
  readonly apiKey: string;
}

export interface DemoConfig {
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  /** The real tracking service; absent means the built-in mock. */
  readonly service?: RealService;
  /** Page origins allowed to call the proxy from another origin (`CORS_ORIGINS`); empty: CORS off. */
  readonly corsOrigins: readonly string[];
  /** A Redis shared by several demo servers (`REDIS_URL`); absent means each keeps its own memory store. */
  readonly redisUrl?: string;
  /** Settings that were accepted but are worth a line in the log. */
  readonly notes: readonly string[];
}

export class DemoConfigError extends Error {
  override readonly name = 'DemoConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

/** `PORT`, or `fallback` when it is unset or empty. */
export function readPort(value: string | undefined, fallback = DEFAULT_PORT): number {
  if (value === undefined || value === '') return fallback;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new DemoConfigError(`PORT must be a whole number from 0 to 65535, not "${value}".`);
  return port;
}

function readTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_TIMEOUT_MS;
  const ms = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms > 0)) throw new DemoConfigError(`TRACKING_API_TIMEOUT_MS must be a positive whole number of milliseconds, not "${value}".`);
  return ms;
}

function readBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DemoConfigError('TRACKING_API_BASE_URL must be an absolute URL such as https://api.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new DemoConfigError('TRACKING_API_BASE_URL must start with https:// (or http:// for a local service).');
  }
  // Credentials or a query in the address would end up in logs; the key belongs in TRACKING_API_KEY.
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new DemoConfigError('TRACKING_API_BASE_URL must be the service address only, without credentials, query or fragment.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Checks the key's form without ever quoting it: the message may end up in a terminal or a ticket. */
function readApiKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new DemoConfigError('TRACKING_API_KEY is required when TRACKING_API_BASE_URL is set.');
  }
  if (!value.startsWith(API_KEY_PREFIX)) {
    throw new DemoConfigError(
      `TRACKING_API_KEY must start with ${API_KEY_PREFIX} (copy it whole from the API keys section of the dashboard).`,
    );
  }
  if (value.length === API_KEY_PREFIX.length || /\s/.test(value)) {
    throw new DemoConfigError('TRACKING_API_KEY must be one continuous string, sent whole as issued.');
  }
  return value;
}

/**
 * `CORS_ORIGINS`: page origins, separated by commas or spaces, each exactly an origin
 * (`https://shop.example`, no path), as the browser sends it in `Origin`. No wildcard: any
 * site could then spend the account's lookups.
 */
function readCorsOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const item of value.split(/[\s,]+/).filter((part) => part !== '')) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/$/, '')) {
      throw new DemoConfigError(
        `CORS_ORIGINS must list page origins such as https://shop.example (scheme, host and port only), not "${item}".`,
      );
    }
    origins.push(url.origin);
  }
  return origins;
}

/** Checks the form only; the value is never quoted, since it may hold a password. */
function readRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw new DemoConfigError('REDIS_URL must look like redis://host:port (or rediss:// for TLS), with an optional password and database.');
  }
  return value.trim();
}

export function readDemoConfig(env: Env): DemoConfig {
  const notes: string[] = [];
  const host = env.HOST === undefined || env.HOST === '' ? DEFAULT_HOST : env.HOST;
  const port = readPort(env.PORT);
  const timeoutMs = readTimeout(env.TRACKING_API_TIMEOUT_MS);
  const corsOrigins = readCorsOrigins(env.CORS_ORIGINS);
  const redisUrl = readRedisUrl(env.REDIS_URL);
  const shared = redisUrl === undefined ? {} : { redisUrl };
  const baseUrl = env.TRACKING_API_BASE_URL;
  if (baseUrl === undefined || baseUrl.trim() === '') {
    if (env.TRACKING_API_KEY !== undefined && env.TRACKING_API_KEY !== '') {
      notes.push('TRACKING_API_KEY is ignored because TRACKING_API_BASE_URL is not set; using the built-in mock service.');
    }
    return { host, port, timeoutMs, corsOrigins, ...shared, notes };
  }
  return {
    host,
    port,
    timeoutMs,
    corsOrigins,
    service: { baseUrl: readBaseUrl(baseUrl.trim()), apiKey: readApiKey(env.TRACKING_API_KEY) },
    ...shared,
    notes,
  };
}

/**
 * Why a command could not start listening, in one line a newcomer can act on: a busy port says
 * which setting picks another and how to try it (`command` is how it was started, e.g. `npm start`).
 */
export function listenFailureMessage(error: unknown, command: string): string {
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE') {
    const which = typeof port === 'number' ? `Port ${port} is` : 'The port is';
    return `${which} already in use (another copy still running? Ctrl+C stops it). Pick another with PORT, e.g. PORT=8181 ${command}`;
  }
  if (code === 'EACCES') {
    return `Not allowed to listen on that port: pick one above 1024 with PORT, e.g. PORT=8181 ${command}`;
  }
  return error instanceof Error ? error.message : String(error);
}

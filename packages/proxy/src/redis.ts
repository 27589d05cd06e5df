// `@cargo-trackers/proxy/redis`: the Redis store, kept out of the main entry so that the handler
// stays dependency-free and a Worker or browser build never sees node-redis.
import { RedisStore } from './redis-store.js';
import type { RedisStoreOptions } from './redis-store.js';

export { RedisStore } from './redis-store.js';
export type { RedisStoreLogEntry, RedisStoreOptions } from './redis-store.js';

/**
 * The store for a `REDIS_URL` setting: a `RedisStore` when it is set, `undefined` (the proxy's
 * own `MemoryStore`) when it is unset or empty. Every example and the demo server use this, so
 * the variable means the same everywhere.
 */
export function storeFromRedisUrl(url: string | undefined, options: Omit<RedisStoreOptions, 'url'> = {}): RedisStore | undefined {
  return url === undefined || url.trim() === '' ? undefined : new RedisStore({ ...options, url: url.trim() });
}

<?php

namespace CargoTrackers\WordPress;

use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\StoreFailure;

/**
 * Counters in WordPress's persistent object cache (a Redis or Memcached drop-in), shared by every
 * PHP worker on every server that uses it. wp_cache_add is an add-if-absent and wp_cache_incr an
 * atomic increment in those drop-ins (SET NX and INCRBY in Redis). Cached answers are not kept
 * here, so they cannot push a counter out of a cache that evicts.
 */
final class ObjectCacheCounters implements Counters
{
    private const GROUP = 'cargo_trackers_counters';

    public function increment(string $key, int $by, int $ttlMs): int
    {
        wp_cache_add($key, 0, self::GROUP, self::seconds($ttlMs));
        $value = wp_cache_incr($key, $by, self::GROUP);
        if ($value === false) {
            throw new StoreFailure('the object cache could not count ' . $key);
        }
        return (int) $value;
    }

    public function counts(array $keys): array
    {
        $out = array();
        foreach ($keys as $key) {
            $out[] = (int) wp_cache_get($key, self::GROUP);
        }
        return $out;
    }

    public function addIfAbsent(string $key, int $ttlMs): bool
    {
        return wp_cache_add($key, 1, self::GROUP, self::seconds($ttlMs));
    }

    public function delete(string $key): void
    {
        wp_cache_delete($key, self::GROUP);
    }

    /** Object caches count whole seconds; a partial second is rounded up so a window is never cut short. */
    private static function seconds(int $ttlMs): int
    {
        return max(1, (int) ceil($ttlMs / 1000));
    }
}

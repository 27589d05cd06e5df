<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * The quota, rate and budget counters, and the short locks. They live apart from cached answers,
 * so that no amount of cached data can push a counter out. Every method is atomic on its own.
 */
interface Counters
{
    /** Adds $by to $key (0 when absent) and returns the new value; the first write sets the expiry. */
    public function increment(string $key, int $by, int $ttlMs): int;

    /**
     * The values of $keys, 0 for an absent one.
     *
     * @param string[] $keys
     * @return int[]
     */
    public function counts(array $keys): array;

    /** Sets $key to 1 for $ttlMs unless it is already set; true when this call set it. */
    public function addIfAbsent(string $key, int $ttlMs): bool;

    public function delete(string $key): void;
}

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

    /**
     * Adds $by to $key only when $key and $others together stay within $limit with it, as one
     * atomic step: the sliding windows take their units with it, so that two workers on either
     * side of a slice's edge cannot each miss the other's unit. Returns whether it added, and the
     * values of $others and then of $key as the step left them.
     *
     * @param string[] $others
     * @return array{0:bool,1:int[]}
     */
    public function incrementWithin(string $key, int $by, int $ttlMs, array $others, int $limit): array;

    /** Sets $key to 1 for $ttlMs unless it is already set; true when this call set it. */
    public function addIfAbsent(string $key, int $ttlMs): bool;

    public function delete(string $key): void;
}

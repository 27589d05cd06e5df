<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * Counters in APCu's shared memory, for every PHP worker of one server (php-fpm, mod_php,
 * php -S with workers). apcu_add and apcu_inc are atomic. Cached answers never go to APCu: a full
 * APCu clears itself whole, and the counters must not be cleared by a flood of cached data.
 */
final class ApcuCounters implements Counters
{
    /** How long a worker may hold the lock of a window's step before another may take it. */
    private const LOCK_MS = 1000;

    private string $prefix;

    public function __construct(string $prefix)
    {
        $this->prefix = $prefix;
    }

    public static function available(): bool
    {
        return function_exists('apcu_enabled') && apcu_enabled();
    }

    /**
     * APCu, where every worker of the server shares it: php-fpm's pool, Apache's mod_php, php -S.
     * Under CGI or FastCGI without php-fpm (mod_fcgid, lsphp) each process has an APCu of its own,
     * which would give every process its own quota and budget.
     */
    public static function shared(): bool
    {
        return self::available() && in_array(PHP_SAPI, array('fpm-fcgi', 'apache2handler', 'cli-server'), true);
    }

    public function increment(string $key, int $by, int $ttlMs): int
    {
        $name = $this->prefix . $key;
        apcu_add($name, 0, self::seconds($ttlMs));
        // With the expiry too: the entry may have expired between the two calls, and apcu_inc then
        // creates it (without a TTL, it would never expire).
        $value = apcu_inc($name, $by, $success, self::seconds($ttlMs));
        if ($success !== true || !is_int($value)) {
            throw new StoreFailure('APCu could not count ' . $key);
        }
        return $value;
    }

    /**
     * APCu has no step over several keys: one lock, taken with apcu_add and apcu_cas (each atomic),
     * makes one. The lock holds the time it lapses at, so that a worker that died holding it
     * (a killed process) stops no one for more than a second, whatever APCu's own clock for TTLs.
     */
    public function incrementWithin(string $key, int $by, int $ttlMs, array $others, int $limit): array
    {
        $lock = $this->prefix . 'window-step';
        $mine = $this->lockWindows($lock);
        try {
            $counts = $this->counts($others);
            list($value) = $this->counts(array($key));
            if (array_sum($counts) + $value + $by > $limit) {
                return array(false, array_merge($counts, array($value)));
            }
            return array(true, array_merge($counts, array($this->increment($key, $by, $ttlMs))));
        } finally {
            // Only this worker's own lock: one that lapsed and was taken over is the other's.
            apcu_cas($lock, $mine, 0);
        }
    }

    /** Takes the window lock, waiting for another worker's step; returns the value that marks it as this worker's. */
    private function lockWindows(string $lock): int
    {
        $giveUp = self::monotonicMs() + 2 * self::LOCK_MS;
        for (;;) {
            $now = self::monotonicMs();
            $mine = $now + self::LOCK_MS;
            if (apcu_add($lock, $mine)) {
                return $mine;
            }
            $held = apcu_fetch($lock, $found);
            if ($found && is_int($held) && $held < $now && apcu_cas($lock, $held, $mine)) {
                return $mine;
            }
            if ($now >= $giveUp) {
                throw new StoreFailure('APCu: another worker held the counters\' lock too long');
            }
            usleep(100);
        }
    }

    /** Milliseconds on the system's monotonic clock, which every worker of the server shares. */
    private static function monotonicMs(): int
    {
        return intdiv(hrtime(true), 1000000);
    }

    public function counts(array $keys): array
    {
        $out = array();
        foreach ($keys as $key) {
            $value = apcu_fetch($this->prefix . $key, $found);
            $out[] = $found && is_int($value) ? $value : 0;
        }
        return $out;
    }

    public function addIfAbsent(string $key, int $ttlMs): bool
    {
        return apcu_add($this->prefix . $key, 1, self::seconds($ttlMs));
    }

    public function delete(string $key): void
    {
        apcu_delete($this->prefix . $key);
    }

    /** APCu counts whole seconds; a partial second is rounded up so a window is never cut short. */
    private static function seconds(int $ttlMs): int
    {
        return max(1, (int) ceil($ttlMs / 1000));
    }
}

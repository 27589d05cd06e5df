<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * A limit counted over a sliding window, in ten slices over at least the window, so that no
 * window ever sees more than `requests` (a fixed window lets twice that through at its boundary).
 * The upstream budget and each visitor's rate are counted this way.
 */
final class SlidingWindow
{
    private const SLICES = 10;

    private Counters $counters;

    public function __construct(Counters $counters)
    {
        $this->counters = $counters;
    }

    /**
     * Takes one unit under $name. Returns null when taken (or when there is no limit), else the
     * milliseconds until a unit frees up.
     *
     * @param array{requests:int|null,windowMs:int}|null $limit
     */
    public function take(string $name, ?array $limit, int $now): ?int
    {
        if ($limit === null || $limit['requests'] === null) {
            return null;
        }
        $sliceMs = max(1, (int) ceil($limit['windowMs'] / self::SLICES));
        $current = intdiv($now, $sliceMs);
        $slices = (int) ceil($limit['windowMs'] / $sliceMs);
        $ttlMs = ($slices + 2) * $sliceMs;
        $others = array();
        for ($i = 0; $i < $slices; $i++) {
            $others[] = $name . ':' . ($current - $slices + $i);
        }
        // The next slice too, where a worker whose clock or whose way to the store ran ahead of
        // this one's has already taken its unit (it counts this one in turn).
        $others[] = $name . ':' . ($current + 1);
        // One atomic step: two workers on either side of a slice's edge, each reading the other's
        // slice before the other wrote it, would both be let through.
        list($added, $counts) = $this->counters->incrementWithin($name . ':' . $current, 1, $ttlMs, $others, $limit['requests']);
        if ($added) {
            return null;
        }
        $total = array_sum($counts);
        for ($i = 0; $i < $slices; $i++) {
            $total -= $counts[$i];
            if ($total < $limit['requests']) {
                return ($current + $i + 1) * $sliceMs - $now;
            }
        }
        return ($current + $slices + 1) * $sliceMs - $now;
    }

    /**
     * Gives back the unit taken at $takenAt, for a call that was not made.
     *
     * @param array{requests:int|null,windowMs:int}|null $limit
     */
    public function giveBack(string $name, ?array $limit, int $takenAt): void
    {
        if ($limit === null || $limit['requests'] === null) {
            return;
        }
        $sliceMs = max(1, (int) ceil($limit['windowMs'] / self::SLICES));
        $slices = (int) ceil($limit['windowMs'] / $sliceMs);
        $this->counters->increment($name . ':' . intdiv($takenAt, $sliceMs), -1, ($slices + 2) * $sliceMs);
    }
}

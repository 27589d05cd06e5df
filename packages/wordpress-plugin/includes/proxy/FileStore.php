<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * Counters and cached answers in files, one file per key, in a directory the web server does not
 * serve. Each counter is read and rewritten under an exclusive flock, so concurrent PHP workers on
 * one machine never lose an increment; an answer is written to a temporary file and renamed into
 * place, so a reader sees the old answer or the new one, never half of one. Workers on several
 * machines need a shared store (WordPress's persistent object cache) instead.
 *
 * The disk it takes is bounded. A sweep removes expired answers and counters; it runs when a
 * request finds the last one a sweep interval old (proxy.php asks on every request, the plugin from
 * WP-Cron as well), and when the answers pass the size cap, which it then brings back under by
 * removing the oldest answers first. Counters are never removed for the answers' sake, and a
 * counter is removed only under its own lock, once it has expired.
 */
final class FileStore implements Counters, Cache
{
    public const DEFAULT_CACHE_MAX_BYTES = 52428800;
    public const DEFAULT_SWEEP_EVERY_MS = 60000;
    /** A sweep over the cap leaves the answers at this share of it, so that the next few answers do not sweep again. */
    private const LOW_WATER = 0.9;
    /** A temporary or empty file this old was left by a worker that died mid-write. */
    private const ABANDONED_S = 600;

    private string $dir;
    private int $cacheMaxBytes;
    private int $sweepEveryMs;

    /**
     * @param int $cacheMaxBytes the most the cached answers may take on disk
     * @param int $sweepEveryMs how old the last sweep must be for a request to sweep again; 0 sweeps on every call (the tests)
     */
    public function __construct(
        string $dir,
        int $cacheMaxBytes = self::DEFAULT_CACHE_MAX_BYTES,
        int $sweepEveryMs = self::DEFAULT_SWEEP_EVERY_MS
    ) {
        if ($cacheMaxBytes < 1) {
            throw new \InvalidArgumentException('The cache size cap (cacheMaxBytes) must be a positive number of bytes.');
        }
        $this->dir = rtrim($dir, '/\\');
        $this->cacheMaxBytes = $cacheMaxBytes;
        $this->sweepEveryMs = max(0, $sweepEveryMs);
    }

    public function increment(string $key, int $by, int $ttlMs): int
    {
        return $this->locked($key, function (array $entry, int $now) use ($by, $ttlMs): array {
            $value = ($entry === array() ? 0 : $entry[1]) + $by;
            return array($value, array($entry === array() ? $now + $ttlMs : $entry[0], $value));
        });
    }

    public function incrementWithin(string $key, int $by, int $ttlMs, array $others, int $limit): array
    {
        // Several files in one step: every step holds one lock of its own first, so no two steps
        // interleave; each counter's own lock still guards it against plain increments, and no
        // step waits on a counter's lock while holding another's.
        $handle = fopen($this->folder('locks') . '/window-step', 'c');
        if ($handle === false || !flock($handle, LOCK_EX)) {
            throw new StoreFailure('cannot lock the counters in ' . $this->dir);
        }
        try {
            $counts = $this->counts($others);
            return $this->locked($key, function (array $entry, int $now) use ($counts, $by, $ttlMs, $limit): array {
                $value = $entry === array() ? 0 : $entry[1];
                if (array_sum($counts) + $value + $by > $limit) {
                    return array(array(false, array_merge($counts, array($value))), null);
                }
                $value += $by;
                $expiresAt = $entry === array() ? $now + $ttlMs : $entry[0];
                return array(array(true, array_merge($counts, array($value))), array($expiresAt, $value));
            });
        } finally {
            flock($handle, LOCK_UN);
            fclose($handle);
        }
    }

    public function counts(array $keys): array
    {
        $now = Clock::nowMs();
        $out = array();
        foreach ($keys as $key) {
            $path = $this->path('counters', $key);
            $entry = array();
            if (is_file($path)) {
                $handle = self::quietly(function () use ($path) {
                    return fopen($path, 'rb');
                });
                if ($handle !== false) {
                    // Shared against the writer's exclusive lock: never half of a rewrite.
                    flock($handle, LOCK_SH);
                    $entry = self::parseCounter((string) stream_get_contents($handle), $now);
                    flock($handle, LOCK_UN);
                    fclose($handle);
                }
            }
            $out[] = $entry === array() ? 0 : $entry[1];
        }
        return $out;
    }

    public function addIfAbsent(string $key, int $ttlMs): bool
    {
        return $this->locked($key, function (array $entry, int $now) use ($ttlMs): array {
            return $entry === array() ? array(true, array($now + $ttlMs, 1)) : array(false, null);
        });
    }

    public function delete(string $key): void
    {
        // Written as expired rather than unlinked: a worker waiting on the lock keeps the same file.
        $this->locked($key, function (): array {
            return array(null, array(0, 0));
        });
    }

    public function get(string $key): ?string
    {
        $path = $this->path('cache', $key);
        if (!is_file($path)) {
            return null;
        }
        // The file may be swept between the check and the read.
        $text = self::quietly(function () use ($path) {
            return file_get_contents($path);
        });
        if (!is_string($text)) {
            return null;
        }
        $newline = strpos($text, "\n");
        if ($newline === false || self::parseHead(substr($text, 0, $newline))[0] <= Clock::nowMs()) {
            return null;
        }
        return substr($text, $newline + 1);
    }

    public function set(string $key, string $value, int $ttlMs): void
    {
        $path = $this->path('cache', $key);
        $now = Clock::nowMs();
        // The write time orders the answers for eviction, oldest first.
        $text = ($now + $ttlMs) . ' ' . $now . "\n" . $value;
        $temporary = $path . '.' . bin2hex(random_bytes(6)) . '.tmp';
        if (file_put_contents($temporary, $text) === false) {
            throw new StoreFailure('cannot write the cache in ' . $this->dir);
        }
        $renamed = self::quietly(function () use ($temporary, $path) {
            return rename($temporary, $path);
        });
        if ($renamed !== true) {
            throw new StoreFailure('cannot write the cache in ' . $this->dir);
        }
        $this->withLedger(true, function (int $bytes, int $sweptAt, int $now) use ($text, $path): ?array {
            $bytes += strlen($text);
            if ($bytes <= $this->cacheMaxBytes && !$this->due($sweptAt, $now)) {
                return array($bytes, $sweptAt);
            }
            return array($this->sweepLocked($now, $path), $now);
        });
    }

    /**
     * Sweeps when the last sweep is a sweep interval old, unless another worker is sweeping now.
     * Cheap when it is not due: one small file read. proxy.php calls it on every request.
     */
    public function sweepIfDue(): void
    {
        $ledger = $this->dir . '/cache-ledger';
        $text = self::quietly(function () use ($ledger) {
            return file_get_contents($ledger);
        });
        // Read without the lock, so a rewrite may be caught half-way: that only takes the lock to look again.
        if (is_string($text) && !$this->due(self::parseLedger($text)[1], Clock::nowMs())) {
            return;
        }
        $this->withLedger(false, function (int $bytes, int $sweptAt, int $now): ?array {
            return $this->due($sweptAt, $now) ? array($this->sweepLocked($now, null), $now) : null;
        });
    }

    /** Sweeps now (the plugin's WP-Cron event), waiting for a sweep under way to end first. */
    public function sweep(): void
    {
        if (!is_dir($this->dir)) {
            return;
        }
        $this->withLedger(true, function (int $bytes, int $sweptAt, int $now): array {
            return array($this->sweepLocked($now, null), $now);
        });
    }

    private function due(int $sweptAt, int $now): bool
    {
        return $now - $sweptAt >= $this->sweepEveryMs;
    }

    /**
     * Runs $change under an exclusive lock on the ledger (the answers' total size as last counted,
     * and when the last sweep ran): it gets [bytes, sweptAtMs, now] and returns the new pair, or
     * null to leave it. Without $wait, returns at once when another worker holds the lock.
     */
    private function withLedger(bool $wait, callable $change): void
    {
        $this->folder('cache');
        $handle = self::quietly(function () {
            return fopen($this->dir . '/cache-ledger', 'c+b');
        });
        if ($handle === false) {
            throw new StoreFailure('cannot open the cache ledger in ' . $this->dir);
        }
        try {
            if (!flock($handle, $wait ? LOCK_EX : LOCK_EX | LOCK_NB)) {
                return;
            }
            list($bytes, $sweptAt) = self::parseLedger((string) stream_get_contents($handle));
            $next = $change($bytes, $sweptAt, Clock::nowMs());
            if ($next !== null) {
                ftruncate($handle, 0);
                rewind($handle);
                fwrite($handle, $next[0] . ' ' . $next[1]);
                fflush($handle);
            }
            flock($handle, LOCK_UN);
        } finally {
            fclose($handle);
        }
    }

    /** @return array{0:int,1:int} [bytes, sweptAtMs]; nothing yet is 0 bytes, never swept */
    private static function parseLedger(string $text): array
    {
        $parts = explode(' ', trim($text));
        return count($parts) === 2 ? array((int) $parts[0], (int) $parts[1]) : array(0, 0);
    }

    /**
     * Under the ledger's lock: removes expired counters and answers, then the oldest answers while
     * they take more than the cap, and returns what the answers left take. $keep, the answer this
     * worker just wrote, stays even when it alone is over the cap: visitors waiting on its call read it.
     */
    private function sweepLocked(int $now, ?string $keep): int
    {
        self::quietly(function () use ($now): bool {
            $this->collectCounters($now);
            return true;
        });
        $live = array();
        $bytes = 0;
        $files = glob($this->dir . '/cache/*');
        foreach ($files === false ? array() : $files as $file) {
            $kept = self::quietly(function () use ($file, $now) {
                return self::inspectAnswer($file, $now);
            });
            if (is_array($kept)) {
                $live[] = $kept;
                $bytes += $kept[1];
            }
        }
        if ($bytes <= $this->cacheMaxBytes) {
            return $bytes;
        }
        usort($live, function (array $a, array $b): int {
            return $a[2] <=> $b[2];
        });
        $target = (int) floor($this->cacheMaxBytes * self::LOW_WATER);
        foreach ($live as list($file, $size)) {
            if ($bytes <= $target) {
                break;
            }
            if ($file === $keep) {
                continue;
            }
            // Another worker may have renamed a fresh answer into place meanwhile; the cache may lose any entry.
            $removed = self::quietly(function () use ($file) {
                return unlink($file);
            });
            if ($removed === true) {
                $bytes -= $size;
            }
        }
        return $bytes;
    }

    /**
     * Removes the answer file when it has expired (or is a temporary file left behind); else returns
     * [path, size, writtenAtMs].
     *
     * @return array{0:string,1:int,2:int}|null
     */
    private static function inspectAnswer(string $file, int $now): ?array
    {
        if (substr($file, -4) === '.tmp') {
            if (filemtime($file) < time() - self::ABANDONED_S) {
                unlink($file);
            }
            return null;
        }
        $handle = fopen($file, 'rb');
        if ($handle === false) {
            return null;
        }
        $line = (string) fgets($handle, 64);
        $stat = fstat($handle);
        fclose($handle);
        list($expiresAt, $writtenAt) = self::parseHead(rtrim($line, "\n"));
        if ($expiresAt <= $now) {
            // Only when the path still names the file read: a fresh answer renamed over it stays.
            if ($stat !== false && fileinode($file) === $stat['ino']) {
                unlink($file);
            }
            return null;
        }
        return array($file, $stat === false ? strlen($line) : (int) $stat['size'], $writtenAt);
    }

    /** @return array{0:int,1:int} [expiresAtMs, writtenAtMs] of an answer's first line */
    private static function parseHead(string $line): array
    {
        $parts = explode(' ', $line, 2);
        return array((int) $parts[0], (int) ($parts[1] ?? 0));
    }

    /**
     * Removes the expired counters, each under the lock its read-modify-write takes, after reading
     * it again under that lock: a counter being rewritten is never read as empty and removed.
     */
    private function collectCounters(int $now): void
    {
        $files = glob($this->dir . '/counters/*');
        foreach ($files === false ? array() : $files as $file) {
            $handle = fopen($file, 'rb');
            if ($handle === false) {
                continue;
            }
            if (flock($handle, LOCK_EX)) {
                $stat = fstat($handle);
                $text = (string) stream_get_contents($handle);
                $linked = $stat !== false && $stat['nlink'] > 0;
                // Empty: just created by a worker about to take its lock; unless a dead one left it long ago.
                $expired = $text === ''
                    ? $stat !== false && $stat['mtime'] < time() - self::ABANDONED_S
                    : self::parseCounter($text, $now) === array();
                if ($linked && $expired) {
                    // Removed while locked: a worker waiting on this lock sees the file unlinked and opens a new one.
                    unlink($file);
                }
                flock($handle, LOCK_UN);
            }
            fclose($handle);
        }
    }

    /**
     * Runs a file operation that another worker may race (the file created, renamed or removed
     * meanwhile) without PHP's warning, which would otherwise be printed into the answer where
     * errors are displayed; the caller checks the result.
     *
     * @return mixed
     */
    private static function quietly(callable $operation)
    {
        set_error_handler(function (): bool {
            return true;
        });
        try {
            return $operation();
        } finally {
            restore_error_handler();
        }
    }

    /**
     * Runs $change on the counter under an exclusive lock: it gets [expiresAtMs, value] (empty when
     * absent or expired) and returns [result, new entry or null to leave it].
     *
     * @return mixed
     */
    private function locked(string $key, callable $change)
    {
        $path = $this->path('counters', $key);
        for ($attempt = 0; $attempt < 3; $attempt++) {
            $handle = fopen($path, 'c+b');
            if ($handle === false || !flock($handle, LOCK_EX)) {
                throw new StoreFailure('cannot lock a counter in ' . $this->dir);
            }
            $stat = fstat($handle);
            if ($stat !== false && $stat['nlink'] === 0) {
                // Collected while this worker waited: start again on the file now at the path.
                fclose($handle);
                continue;
            }
            $now = Clock::nowMs();
            list($result, $entry) = $change(self::parseCounter((string) stream_get_contents($handle), $now), $now);
            if ($entry !== null) {
                ftruncate($handle, 0);
                rewind($handle);
                fwrite($handle, $entry[0] . "\n" . $entry[1]);
                fflush($handle);
            }
            flock($handle, LOCK_UN);
            fclose($handle);
            return $result;
        }
        throw new StoreFailure('a counter kept disappearing in ' . $this->dir);
    }

    /** @return array{0:int,1:int}|array{} */
    private static function parseCounter(string $text, int $now): array
    {
        $parts = explode("\n", $text, 2);
        if (count($parts) !== 2 || (int) $parts[0] <= $now) {
            return array();
        }
        return array((int) $parts[0], (int) $parts[1]);
    }

    private function path(string $kind, string $key): string
    {
        return $this->folder($kind) . '/' . hash('sha256', $key);
    }

    private function folder(string $kind): string
    {
        $folder = $this->dir . '/' . $kind;
        if (!is_dir($folder)) {
            // Another worker may create it at the same moment.
            self::quietly(function () use ($folder) {
                return mkdir($folder, 0700, true);
            });
            if (!is_dir($folder)) {
                throw new StoreFailure('cannot create ' . $folder);
            }
        }
        return $folder;
    }
}

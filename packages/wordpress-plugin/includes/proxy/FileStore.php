<?php

namespace CargoTrackers\Proxy;

/**
 * Counters and cached answers in files, one file per key, in a directory the web server does not
 * serve. Each counter is read and rewritten under an exclusive flock, so concurrent PHP workers on
 * one machine never lose an increment; an answer is written to a temporary file and renamed into
 * place, so a reader sees the old answer or the new one, never half of one. Answers and counters
 * have separate folders, and nothing evicts a file before it expires. Workers on several machines
 * need a shared store (WordPress's persistent object cache) instead.
 */
final class FileStore implements Counters, Cache
{
    private const GC_EVERY = 200;

    private string $dir;

    public function __construct(string $dir)
    {
        $this->dir = rtrim($dir, '/\\');
    }

    public function increment(string $key, int $by, int $ttlMs): int
    {
        return $this->locked($key, function (array $entry, int $now) use ($by, $ttlMs): array {
            $value = ($entry === array() ? 0 : $entry[1]) + $by;
            return array($value, array($entry === array() ? $now + $ttlMs : $entry[0], $value));
        });
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
        // The file may be collected between the check and the read.
        $text = self::quietly(function () use ($path) {
            return file_get_contents($path);
        });
        if (!is_string($text)) {
            return null;
        }
        $newline = strpos($text, "\n");
        if ($newline === false || (int) substr($text, 0, $newline) <= Clock::nowMs()) {
            return null;
        }
        return substr($text, $newline + 1);
    }

    public function set(string $key, string $value, int $ttlMs): void
    {
        $path = $this->path('cache', $key);
        $temporary = $path . '.' . bin2hex(random_bytes(6)) . '.tmp';
        if (file_put_contents($temporary, (Clock::nowMs() + $ttlMs) . "\n" . $value) === false) {
            throw new StoreFailure('cannot write the cache in ' . $this->dir);
        }
        $renamed = self::quietly(function () use ($temporary, $path) {
            return rename($temporary, $path);
        });
        if ($renamed !== true) {
            throw new StoreFailure('cannot write the cache in ' . $this->dir);
        }
        self::quietly(function () {
            $this->maybeCollect();
            return true;
        });
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
        return $folder . '/' . hash('sha256', $key);
    }

    /** Now and then, removes expired files, so the folders hold only what is still alive. */
    private function maybeCollect(): void
    {
        if (random_int(1, self::GC_EVERY) !== 1) {
            return;
        }
        $now = Clock::nowMs();
        foreach (array('cache', 'counters') as $kind) {
            $files = glob($this->dir . '/' . $kind . '/*');
            foreach ($files === false ? array() : $files as $file) {
                $head = fopen($file, 'rb');
                if ($head === false) {
                    continue;
                }
                $line = fgets($head, 32);
                fclose($head);
                $stale = substr($file, -4) === '.tmp' ? filemtime($file) < time() - 600 : (int) $line + 60000 < $now;
                if ($stale) {
                    unlink($file);
                }
            }
        }
    }
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/** Cached answers: any entry may be gone at any time, and the proxy then asks again. */
interface Cache
{
    public function get(string $key): ?string;

    public function set(string $key, string $value, int $ttlMs): void;
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

final class Clock
{
    public static function nowMs(): int
    {
        return (int) floor(microtime(true) * 1000);
    }
}

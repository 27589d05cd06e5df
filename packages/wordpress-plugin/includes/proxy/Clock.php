<?php

namespace CargoTrackers\Proxy;

final class Clock
{
    public static function nowMs(): int
    {
        return (int) floor(microtime(true) * 1000);
    }
}

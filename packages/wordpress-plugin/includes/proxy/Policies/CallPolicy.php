<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\UpstreamResult;

/** A call policy, as in policy.ts: runs around the one upstream call a lookup makes. */
interface CallPolicy
{
    public static function from(Setup $setup): self;

    /** @param callable():UpstreamResult $next */
    public function call(Context $ctx, callable $next): UpstreamResult;
}

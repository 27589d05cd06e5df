<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;

/**
 * A request policy, as in policy.ts: it answers by itself (a refusal, a cache hit) or hands the
 * request on with $next(), at most once.
 */
interface Policy
{
    public static function from(Setup $setup): self;

    /** @param callable():Response $next */
    public function handle(Context $ctx, callable $next): Response;
}

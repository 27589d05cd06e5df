<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Cache;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\StoreFailure;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * cache.ts's cacheRead(): answers a repeat from the cache (a 200, or a short-lived 202, 404 or
 * 5xx), before anything is charged; every repeat it answers costs nothing upstream.
 */
final class CacheRead implements Policy
{
    private Cache $cache;
    private Render $render;

    public function __construct(Cache $cache, Render $render)
    {
        $this->cache = $cache;
        $this->render = $render;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->cache, Render::from($setup));
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $hit = self::find($this->cache, $ctx->cacheKey);
        return $hit === null ? $next() : $this->render->answer($ctx, $hit, 'hit');
    }

    /** A kept result, or null when there is none or the cache cannot be read (a miss costs a call, never the answer). */
    public static function find(Cache $cache, string $key): ?UpstreamResult
    {
        try {
            return UpstreamResult::decode($cache->get($key));
        } catch (StoreFailure $failure) {
            return null;
        }
    }
}

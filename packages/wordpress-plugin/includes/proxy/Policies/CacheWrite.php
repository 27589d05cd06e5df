<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Cache;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\StoreFailure;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * cache.ts's cacheWrite(): keeps what the upstream call brought back for as long as its kind is
 * worth keeping, and leaves every result for the visitors waiting on it. In PHP it also marks a
 * carrier list fresh after its 200 (carrier-gate.ts does in Node).
 */
final class CacheWrite implements CallPolicy
{
    private Cache $cache;
    private Counters $counters;
    /** @var array<string,mixed> */
    private array $limits;

    /** @param array<string,mixed> $limits */
    public function __construct(Cache $cache, Counters $counters, array $limits)
    {
        $this->cache = $cache;
        $this->counters = $counters;
        $this->limits = $limits;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->cache, $setup->counters, $setup->limits);
    }

    public function call(Context $ctx, callable $next): UpstreamResult
    {
        $result = $next();
        $this->keep($ctx, $result);
        return $result;
    }

    private function keep(Context $ctx, UpstreamResult $result): void
    {
        $isShipment = $ctx->isShipment();
        $ttl = 0;
        if ($result->error === null && $result->status === 200) {
            $ttl = (int) $this->limits[$isShipment ? 'cacheTtlMs' : 'carrierCacheTtlMs'];
        } elseif ($isShipment && $result->error === null && $result->status === 202) {
            // The service still works on it: one held call per poll interval serves every visitor polling.
            $ttl = (int) $this->limits['pendingCacheTtlMs'];
        } elseif ($isShipment && $result->error === null && self::briefly($result->status)) {
            // Not billed, and a retry seconds later finds the same; one call serves the crowd meanwhile.
            $ttl = (int) $this->limits['shortCacheTtlMs'];
        }
        try {
            $encoded = $result->encode();
            $this->cache->set('result:' . $ctx->lookupId, $encoded, Join::RESULT_TTL_MS);
            if ($ttl > 0) {
                $this->cache->set($ctx->cacheKey, $encoded, $ttl);
            }
            if (!$isShipment && $result->error === null && $result->status === 200) {
                $this->counters->addIfAbsent('carriers-fresh:' . $ctx->routeName(), (int) $this->limits['carrierCacheTtlMs']);
            }
        } catch (StoreFailure $failure) {
            // A cache that cannot be written costs a later call, never this answer.
        }
    }

    /** 404 and 5xx: kept for seconds only. */
    private static function briefly(int $status): bool
    {
        return $status === 404 || $status >= 500;
    }
}

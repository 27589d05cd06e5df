<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Cache;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * carrier-gate.ts: one carrier-list call per TTL per list, whoever asks, across every worker that
 * shares the counters; after a failed one, the next waits CARRIER_RETRY_MS. Between them a visitor
 * gets the list another worker is fetching, or a 429, never another upstream call.
 *
 * In PHP the gate also takes the list's flight lock first (Node's join does, before the gate), so
 * that a visitor arriving meanwhile waits for that list; it lets go of the lock when the request
 * is done. Join reads the lock as taken (Context::$holdsFlight).
 */
final class CarrierGate implements Policy
{
    private const CARRIER_RETRY_MS = 30000;
    private const WAIT_POLL_US = 50000;
    /** How long a visitor waits, in its worker, for another's call. */
    private const WAIT_SHARED_NS = 3000000000;

    private Counters $counters;
    private Cache $cache;
    private Render $render;
    private int $holdMs;

    public function __construct(Counters $counters, Cache $cache, Render $render, int $holdMs)
    {
        $this->counters = $counters;
        $this->cache = $cache;
        $this->render = $render;
        $this->holdMs = $holdMs;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->counters, $setup->cache, Render::from($setup), $setup->holdMs());
    }

    public function handle(Context $ctx, callable $next): Response
    {
        if ($ctx->isShipment()) {
            return $next();
        }
        $route = $ctx->routeName();
        $lockKey = 'flight:' . $ctx->lookupId;
        if (!$this->counters->addIfAbsent($lockKey, $this->holdMs)) {
            $shared = $this->awaitShared($ctx);
            return $shared !== null ? $this->render->answer($ctx, $shared, 'shared') : $this->pending($ctx);
        }
        try {
            list($fresh) = $this->counters->counts(array('carriers-fresh:' . $route));
            if ($fresh > 0 || !$this->counters->addIfAbsent('carriers-try:' . $route, self::CARRIER_RETRY_MS)) {
                return $this->pending($ctx);
            }
            $ctx->holdsFlight = true;
            return $next();
        } finally {
            $this->counters->delete($lockKey);
        }
    }

    private function pending(Context $ctx): Response
    {
        return Refuse::answer($ctx, 429, 'carriers_pending', 'The carrier list is being fetched; try again shortly.', array_merge(
            $ctx->cors,
            array('retry-after' => Refuse::retryAfter(self::CARRIER_RETRY_MS))
        ));
    }

    /**
     * The answer of the call another worker is making for this list (its lock was just found
     * taken), if it comes within the visitor's short wait; null otherwise.
     */
    private function awaitShared(Context $ctx): ?UpstreamResult
    {
        $waitUntil = hrtime(true) + self::WAIT_SHARED_NS;
        while (true) {
            list($calling) = $this->counters->counts(array('flight:' . $ctx->lookupId));
            $shared = CacheRead::find($this->cache, 'result:' . $ctx->lookupId) ?? CacheRead::find($this->cache, $ctx->cacheKey);
            if ($shared !== null) {
                return $shared;
            }
            if ($calling === 0 || hrtime(true) >= $waitUntil) {
                return null;
            }
            usleep(self::WAIT_POLL_US);
        }
    }
}

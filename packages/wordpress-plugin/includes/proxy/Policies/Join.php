<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Cache;
use CargoTrackers\Proxy\Clock;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\StoreFailure;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * join.ts: one upstream call for concurrent identical lookups. The first takes a short lock and
 * runs the call stage; the others wait a few seconds for its answer. The lock lives in the
 * counters, so it holds across every PHP worker that shares them. A shipment call also takes one
 * of the site's lookup slots (maxConcurrentLookups), or none is made (BUSY); a visitor whose wait
 * ends before the answer comes gets PENDING, so that a call the service holds for minutes holds
 * one worker, not one per visitor.
 *
 * In PHP a request joins after the budget and its visitor's limits (in Node, before them): every
 * visitor that waits was counted, and gives its budget unit back when another's call answers it.
 */
final class Join
{
    public const BUSY = 'proxy_busy';
    private const PENDING = 'lookup_pending';
    /** How long the answer of a call stays readable for the visitors who waited on it. */
    public const RESULT_TTL_MS = 5000;
    private const WAIT_POLL_US = 50000;
    /** How long a visitor waits, in its worker, for another's call: a held call may take minutes. */
    private const WAIT_SHARED_NS = 3000000000;
    /** What the visitor is told when no lookup slot is free, or after its wait: lookups take seconds to minutes. */
    private const ASK_AGAIN_MS = 10000;

    private Counters $counters;
    private Cache $cache;
    private Render $render;
    private int $holdMs;
    /** @var int|null */
    private $maxConcurrentLookups;
    /** @var callable(Context):UpstreamResult */
    private $call;

    /**
     * @param int|null $maxConcurrentLookups
     * @param callable(Context):UpstreamResult $call the call stage: keeps, guards and makes the call
     */
    public function __construct(Counters $counters, Cache $cache, Render $render, int $holdMs, $maxConcurrentLookups, callable $call)
    {
        $this->counters = $counters;
        $this->cache = $cache;
        $this->render = $render;
        $this->holdMs = $holdMs;
        $this->maxConcurrentLookups = $maxConcurrentLookups;
        $this->call = $call;
    }

    /** @param callable(Context):UpstreamResult $call */
    public static function from(Setup $setup, callable $call): self
    {
        $max = $setup->limits['maxConcurrentLookups'];
        return new self($setup->counters, $setup->cache, Render::from($setup), $setup->holdMs(), $max, $call);
    }

    public function answer(Context $ctx): Response
    {
        $result = $this->callOnce($ctx);
        if ($result === self::BUSY) {
            return Refuse::answer($ctx, 429, self::BUSY, 'Too many lookups are in progress; try again shortly.', array_merge(
                $ctx->cors,
                array('retry-after' => Refuse::retryAfter(self::ASK_AGAIN_MS))
            ));
        }
        if ($result === self::PENDING) {
            // The shape of the service's own 202, which the element answers by asking again later.
            return Refuse::answer($ctx, 202, self::PENDING, 'The lookup is in progress; ask again shortly.', array_merge(
                $ctx->cors,
                array('retry-after' => Refuse::retryAfter(self::ASK_AGAIN_MS))
            ));
        }
        return $this->render->answer($ctx, $result, $ctx->trace['cache']);
    }

    /** @return UpstreamResult|string an answer, or BUSY or PENDING */
    private function callOnce(Context $ctx)
    {
        $lockKey = 'flight:' . $ctx->lookupId;
        $resultKey = 'result:' . $ctx->lookupId;
        $waitUntil = hrtime(true) + self::WAIT_SHARED_NS;
        while (true) {
            if ($ctx->holdsFlight || $this->counters->addIfAbsent($lockKey, $this->holdMs)) {
                try {
                    // Another worker may have finished this lookup while this one was counting.
                    $since = CacheRead::find($this->cache, $ctx->cacheKey);
                    if ($since !== null) {
                        $ctx->trace['cache'] = 'shared';
                        return $since;
                    }
                    $slot = $ctx->isShipment() ? $this->takeLookupSlot() : '';
                    if ($slot === null) {
                        return self::BUSY;
                    }
                    try {
                        $ctx->trace['cache'] = 'miss';
                        return ($this->call)($ctx);
                    } finally {
                        $this->releaseLookupSlot($slot);
                    }
                } finally {
                    // The carrier gate lets go of the lock it took itself.
                    if (!$ctx->holdsFlight) {
                        $this->counters->delete($lockKey);
                    }
                }
            }
            $shared = CacheRead::find($this->cache, $resultKey) ?? CacheRead::find($this->cache, $ctx->cacheKey);
            if ($shared !== null) {
                $ctx->trace['cache'] = 'shared';
                return $shared;
            }
            if (hrtime(true) >= $waitUntil) {
                return self::PENDING;
            }
            usleep(self::WAIT_POLL_US);
        }
    }

    /**
     * One of the site's maxConcurrentLookups slots, as the key to give it back under ('' when there
     * is no cap), or null when all are taken. A call is counted in the window of its start; windows
     * last one longest call, so a call is counted by the window it started in and the next, and the
     * count of a worker that died mid-call expires with its window instead of holding a slot for ever.
     */
    private function takeLookupSlot(): ?string
    {
        if ($this->maxConcurrentLookups === null) {
            return '';
        }
        $now = Clock::nowMs();
        $window = intdiv($now, $this->holdMs);
        $key = 'held:' . $window;
        $ttlMs = ($window + 2) * $this->holdMs - $now;
        list($earlier) = $this->counters->counts(array('held:' . ($window - 1)));
        if ($earlier + $this->counters->increment($key, 1, $ttlMs) <= (int) $this->maxConcurrentLookups) {
            return $key;
        }
        $this->counters->increment($key, -1, $ttlMs);
        return null;
    }

    private function releaseLookupSlot(string $key): void
    {
        if ($key === '') {
            return;
        }
        $ttlMs = ((int) substr($key, strlen('held:')) + 2) * $this->holdMs - Clock::nowMs();
        try {
            $this->counters->increment($key, -1, max(1, $ttlMs));
        } catch (StoreFailure $failure) {
            // The slot's window expires instead; the answer is not lost for it.
        }
    }
}

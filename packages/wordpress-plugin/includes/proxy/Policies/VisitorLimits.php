<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\ClientAddress;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\SlidingWindow;

/**
 * visitor-limits.ts: the visitor's request rate and quota of new numbers, for shipment lookups.
 * Each distinct lookup a client makes for the first time in the clock hour uses a unit of its
 * quota; repeats are free. In PHP one step checks and charges (Node's check and charge, which sit
 * either side of the budget there), after the budget.
 */
final class VisitorLimits implements Policy
{
    private const HOUR_MS = 3600000;

    private Counters $counters;
    private SlidingWindow $window;
    /** @var array{requests:int|null,windowMs:int}|null */
    private ?array $rate;
    /** @var int|float|null */
    private $perHour;
    private ?string $trustedHeader;
    private string $secret;

    /**
     * @param array{requests:int|null,windowMs:int}|null $rate
     * @param int|float|null $perHour
     */
    public function __construct(Counters $counters, ?array $rate, $perHour, ?string $trustedHeader, string $secret)
    {
        $this->counters = $counters;
        $this->window = new SlidingWindow($counters);
        $this->rate = $rate;
        $this->perHour = $perHour;
        $this->trustedHeader = $trustedHeader;
        $this->secret = $secret;
    }

    public static function from(Setup $setup): self
    {
        return new self(
            $setup->counters,
            $setup->limits['clientRequests'],
            $setup->limits['newNumbersPerClientPerHour'],
            $setup->trustedHeader,
            $setup->apiKey
        );
    }

    public function handle(Context $ctx, callable $next): Response
    {
        if (!$ctx->isShipment()) {
            return $next();
        }
        $client = $this->clientId($ctx);
        $refusal = $this->admit($ctx, $client);
        if ($refusal !== null) {
            return $refusal;
        }
        $response = $next();
        if (($ctx->trace['error'] ?? null) === Join::BUSY) {
            // No lookup slot was free: the refusal costs the visitor nothing but the quota unit of a
            // number it will ask for again. (A visitor told to ask again after its wait keeps its
            // rate unit, which bounds the worker time one address can hold by waiting.)
            $this->window->giveBack('rate:' . $client, $this->rate, $ctx->takenAt);
        }
        return $response;
    }

    private function admit(Context $ctx, string $client): ?Response
    {
        $now = $ctx->takenAt;
        $wait = $this->window->take('rate:' . $client, $this->rate, $now);
        if ($wait !== null) {
            return Refuse::answer($ctx, 429, 'client_rate', 'Too many lookups from this address; try again shortly.', array_merge(
                $ctx->cors,
                array('retry-after' => Refuse::retryAfter($wait))
            ));
        }
        if ($this->perHour === null || $this->perHour === INF) {
            return null;
        }
        $hour = intdiv($now, self::HOUR_MS);
        $untilNextHour = ($hour + 1) * self::HOUR_MS - $now;
        $seenKey = 'seen:' . $hour . ':' . $client . ':' . $ctx->lookupId;
        list($seen) = $this->counters->counts(array($seenKey));
        if ($seen > 0) {
            return null;
        }
        $countKey = 'quota:' . $hour . ':' . $client;
        if ($this->counters->increment($countKey, 1, $untilNextHour) > $this->perHour) {
            $this->counters->increment($countKey, -1, $untilNextHour);
            $this->window->giveBack('rate:' . $client, $this->rate, $now);
            $message = 'Too many different numbers from this address; try again later.';
            return Refuse::answer($ctx, 429, 'client_quota', $message, array_merge(
                $ctx->cors,
                array('retry-after' => Refuse::retryAfter($untilNextHour))
            ));
        }
        // Two concurrent first lookups of one number both charged a unit; the one that did not mark it gives its back.
        if (!$this->counters->addIfAbsent($seenKey, $untilNextHour)) {
            $this->counters->increment($countKey, -1, $untilNextHour);
        }
        return null;
    }

    /** The name a client's counters are kept under (see ClientAddress): never its address. */
    private function clientId(Context $ctx): string
    {
        return ClientAddress::digest(ClientAddress::network($ctx->request, $this->trustedHeader), $this->secret);
    }
}

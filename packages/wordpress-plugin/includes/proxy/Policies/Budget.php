<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Clock;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\SlidingWindow;

/**
 * budget.ts: takes one unit of the upstream budget for a call (carrier lists too: they leave from
 * the same address), or refuses everyone until the window has room. A request that ends without
 * an upstream call (refused later, or answered by another's call) gives its unit back: only a call
 * that is made spends one.
 *
 * In PHP the budget comes before the visitor's limits (Node checks the visitor's first and charges
 * it after the budget): a visitor's counters are created only for calls the budget allows, so a
 * flood from many addresses cannot fill the store with counters.
 */
final class Budget implements Policy
{
    private SlidingWindow $window;
    /** @var array{requests:int|null,windowMs:int}|null */
    private ?array $limit;

    /** @param array{requests:int|null,windowMs:int}|null $limit */
    public function __construct(SlidingWindow $window, ?array $limit)
    {
        $this->window = $window;
        $this->limit = $limit;
    }

    public static function from(Setup $setup): self
    {
        return new self(new SlidingWindow($setup->counters), $setup->limits['upstreamBudget']);
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $ctx->takenAt = Clock::nowMs();
        $wait = $this->window->take('budget', $this->limit, $ctx->takenAt);
        if ($wait !== null) {
            $message = 'The tracking budget for this moment is used up; try again shortly.';
            return Refuse::answer($ctx, 429, 'upstream_budget', $message, array_merge(
                $ctx->cors,
                array('retry-after' => Refuse::retryAfter($wait))
            ));
        }
        $response = $next();
        if (!$ctx->upstreamCalled) {
            $this->window->giveBack('budget', $this->limit, $ctx->takenAt);
        }
        return $response;
    }
}

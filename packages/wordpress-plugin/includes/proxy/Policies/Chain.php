<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/** policy.ts's compose(), with its guard. */
final class Chain
{
    /**
     * Chains $stages in the order given, each reaching the next through $next(), as hono's compose
     * does and with its guard: per run, each stage may hand on once; a second call throws
     * NextCalledTwice rather than run the rest of the chain again.
     *
     * @param list<callable(Context, callable): mixed> $stages
     * @param callable(Context): mixed $last
     * @return callable(Context): mixed
     */
    public static function compose(array $stages, callable $last): callable
    {
        return function (Context $ctx) use ($stages, $last) {
            $reached = 0;
            $dispatch = function (int $i) use (&$dispatch, &$reached, $stages, $last, $ctx) {
                if (!isset($stages[$i])) {
                    return $last($ctx);
                }
                return $stages[$i]($ctx, function () use ($i, &$reached, $dispatch) {
                    if ($reached > $i) {
                        throw new NextCalledTwice($i);
                    }
                    $reached = $i + 1;
                    return $dispatch($i + 1);
                });
            };
            return $dispatch(0);
        };
    }
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;

/**
 * The PHP proxy as the policies a request passes, the twin of packages/proxy/src/policies/pipeline.ts.
 */
final class Pipeline
{
    /**
     * The order, stated once: the policies a request passes, then Join, then the call stage that
     * Join runs once per upstream call, ending with Forward. Each entry names the Node policy it
     * mirrors as pipeline.ts builds it (its class file mirrors that policy's file), and
     * test/packages/proxy-php/pipeline-order.test.ts fails when the two orders drift apart.
     *
     * PHP departs from Node's order in two places, each entry naming what it follows in Node:
     * - Budget comes before the visitor's limits, and VisitorLimits checks and charges in one step
     *   (Node: visitor check, budget, visitor charge);
     * - a shipment request joins an identical call in flight after the budget and its visitor's
     *   limits, and is counted by them (Node joins before any charge). A carrier list's flight lock
     *   is taken by CarrierGate, at Node's join position.
     * Every Node policy has a PHP counterpart (NODE_ONLY is empty), and PHP has no step of its own
     * (an entry with '' would name one). Node's LookupMemo has none: a PHP worker answers one request.
     */
    public const ORDER = array(
        array('logRequests', LogRequests::class),
        array('route', Route::class),
        array('siteCheck', SiteCheck::class),
        array('cors', Cors::class),
        array('lookupKey', LookupKey::class),
        array('cacheRead', CacheRead::class),
        array('carrierGate', CarrierGate::class),
        array('budget', Budget::class, 'visitor.check'),
        array('visitor.check visitor.charge', VisitorLimits::class),
        array('joinInFlight', Join::class, 'cacheRead'),
        array('cacheWrite', CacheWrite::class),
        array('guardAnswer', Guard::class),
        array('forward', Forward::class),
    );

    /** Node policies the PHP proxy does without, by their names in pipeline.ts. */
    public const NODE_ONLY = array();

    /** @return callable(Context):Response */
    public static function build(Setup $setup): callable
    {
        $classes = array_column(self::ORDER, 1);
        $join = array_search(Join::class, $classes, true);
        if ($join === false || end($classes) !== Forward::class) {
            throw new \LogicException('The pipeline runs the request policies, then Join, then the call policies, then Forward.');
        }
        $call = Chain::compose(
            array_map(
                function (string $class) use ($setup) {
                    return array($class::from($setup), 'call');
                },
                array_slice($classes, $join + 1, -1)
            ),
            array(Forward::from($setup), 'call')
        );
        return Chain::compose(
            array_map(
                function (string $class) use ($setup) {
                    return array($class::from($setup), 'handle');
                },
                array_slice($classes, 0, $join)
            ),
            array(Join::from($setup, $call), 'answer')
        );
    }
}

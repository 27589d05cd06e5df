<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * A policy that called next() a second time: a bug in the policy, stopped before it runs the rest
 * of the chain again (in the call stage that would be a second upstream call).
 */
final class NextCalledTwice extends \LogicException
{
    public function __construct(int $position)
    {
        parent::__construct('Policy ' . ($position + 1) . ' of its chain called next() twice.');
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Chain;
use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\NextCalledTwice;

/** policy.ts's compose() in PHP: the order, a stage that answers alone, and the next()-twice guard. */
final class ChainTest extends PolicyTestCase
{
    public function testRunsTheStagesInTheOrderGivenThenTheLast(): void
    {
        $seen = array();
        $stage = function (string $name) use (&$seen): callable {
            return function (Context $ctx, callable $next) use ($name, &$seen) {
                $seen[] = $name;
                return $next();
            };
        };
        $run = Chain::compose(array($stage('a'), $stage('b')), function () use (&$seen) {
            $seen[] = 'last';
            return 'answer';
        });
        $this->assertSame('answer', $run(self::context()));
        $this->assertSame(array('a', 'b', 'last'), $seen);
    }

    public function testAStageThatAnswersStopsTheChain(): void
    {
        $run = Chain::compose(array(fn (Context $ctx, callable $next) => 'refused', fn () => $this->fail('ran past the refusal')), fn () => 'last');
        $this->assertSame('refused', $run(self::context()));
    }

    public function testAStageThatCallsNextTwiceIsStoppedBeforeTheRestRunsAgain(): void
    {
        $lastRuns = 0;
        $run = Chain::compose(
            array(fn (Context $ctx, callable $next) => $next(), function (Context $ctx, callable $next) {
                $next();
                return $next();
            }),
            function () use (&$lastRuns) {
                $lastRuns++;
                return 'last';
            }
        );
        try {
            $run(self::context());
            $this->fail('no NextCalledTwice');
        } catch (NextCalledTwice $error) {
            $this->assertSame('Policy 2 of its chain called next() twice.', $error->getMessage());
        }
        $this->assertSame(1, $lastRuns);
    }

    public function testEachRunMayHandOnOnceAgain(): void
    {
        $run = Chain::compose(array(fn (Context $ctx, callable $next) => $next()), fn () => 'last');
        $this->assertSame('last', $run(self::context()));
        $this->assertSame('last', $run(self::context()));
    }
}

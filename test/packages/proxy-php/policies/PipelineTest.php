<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\CallPolicy;
use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\Forward;
use CargoTrackers\Proxy\Policies\Join;
use CargoTrackers\Proxy\Policies\Pipeline;
use CargoTrackers\Proxy\Policies\Policy;
use CargoTrackers\Proxy\Request;

/** The order itself is compared with Node's by test/packages/proxy-php/pipeline-order.test.ts. */
final class PipelineTest extends PolicyTestCase
{
    public function testRequestPoliciesThenJoinThenCallPoliciesThenForward(): void
    {
        $classes = array_column(Pipeline::ORDER, 1);
        $join = array_search(Join::class, $classes, true);
        foreach (array_slice($classes, 0, $join) as $class) {
            $this->assertContains(Policy::class, class_implements($class), $class);
        }
        foreach (array_slice($classes, $join + 1, -1) as $class) {
            $this->assertContains(CallPolicy::class, class_implements($class), $class);
        }
        $this->assertSame(Forward::class, end($classes));
    }

    public function testARefusalBeforeTheBudgetLeavesNoCounterBehind(): void
    {
        $run = Pipeline::build($this->settings());
        $ctx = new Context('air', new Request('GET', 'number=A1', array(), 'proxy.example', '192.0.2.7'));
        $response = $run($ctx);
        $this->assertSame(403, $response->status);
        $this->assertSame('cross_site', $ctx->trace['error']);
        $this->assertSame(array(), glob($this->folder . '/counters/*') ?: array());
        $this->assertSame(array(), glob($this->folder . '/cache/*') ?: array());
    }
}

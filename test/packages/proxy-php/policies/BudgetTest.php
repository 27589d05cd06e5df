<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Budget;
use CargoTrackers\Proxy\SlidingWindow;

final class BudgetTest extends PolicyTestCase
{
    private function policy(): Budget
    {
        return new Budget(new SlidingWindow($this->store), array('requests' => 1, 'windowMs' => 60000));
    }

    public function testACallThatIsMadeSpendsItsUnitAndTheNextIsRefused(): void
    {
        $made = self::context();
        $this->policy()->handle($made, $this->next(function () use ($made): void {
            $made->upstreamCalled = true;
        }));
        $refused = $this->policy()->handle(self::context(), $this->next());
        $this->assertSame(429, $refused->status);
        $this->assertSame('upstream_budget', self::body($refused)['error']);
        $this->assertGreaterThanOrEqual(1, (int) $refused->headers['retry-after']);
        $this->assertSame(1, $this->nextRuns);
    }

    public function testARequestThatEndsWithoutACallGivesItsUnitBack(): void
    {
        $this->policy()->handle(self::context(), $this->next());
        $this->assertSame(299, $this->policy()->handle(self::context(), $this->next())->status);
        $this->assertSame(2, $this->nextRuns);
    }

    public function testNoBudgetRefusesNothing(): void
    {
        $policy = new Budget(new SlidingWindow($this->store), array('requests' => null, 'windowMs' => 60000));
        for ($i = 0; $i < 3; $i++) {
            $ctx = self::context();
            $policy->handle($ctx, $this->next(function () use ($ctx): void {
                $ctx->upstreamCalled = true;
            }));
        }
        $this->assertSame(3, $this->nextRuns);
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Join;
use CargoTrackers\Proxy\Policies\VisitorLimits;

final class VisitorLimitsTest extends PolicyTestCase
{
    /** @param int|float|null $perHour */
    private function policy(int $requests, $perHour): VisitorLimits
    {
        return new VisitorLimits($this->store, array('requests' => $requests, 'windowMs' => 60000), $perHour, null, self::KEY);
    }

    public function testACarrierListIsNotCounted(): void
    {
        $policy = $this->policy(1, 1);
        $policy->handle(self::context('airCarriers', ''), $this->next());
        $policy->handle(self::context('airCarriers', ''), $this->next());
        $this->assertSame(2, $this->nextRuns);
    }

    public function testTheRateCountsEveryCallRepeatsIncluded(): void
    {
        $policy = $this->policy(2, 100);
        $policy->handle(self::context(), $this->next());
        $policy->handle(self::context(), $this->next());
        $refused = $policy->handle(self::context(), $this->next());
        $this->assertSame(429, $refused->status);
        $this->assertSame('client_rate', self::body($refused)['error']);
        $this->assertSame(2, $this->nextRuns);
    }

    public function testTheQuotaCountsNewNumbersOnlyAndARefusedOneCostsNoRate(): void
    {
        $policy = $this->policy(3, 1);
        $policy->handle(self::context('air', 'number=A1'), $this->next());
        $policy->handle(self::context('air', 'number=A1'), $this->next());
        $refused = $policy->handle(self::context('air', 'number=B2'), $this->next());
        $this->assertSame('client_quota', self::body($refused)['error']);
        $this->assertSame(2, $this->nextRuns);
        // The refusal gave its rate unit back: a third call of the known number is within the rate of 3.
        $this->assertSame(299, $policy->handle(self::context('air', 'number=A1'), $this->next())->status);
    }

    public function testAVisitorRefusedForWantOfALookupSlotGetsItsRateUnitBack(): void
    {
        $policy = $this->policy(1, 100);
        $busy = self::context();
        $policy->handle($busy, $this->next(function () use ($busy): void {
            $busy->trace['error'] = Join::BUSY;
        }));
        $this->assertSame(299, $policy->handle(self::context(), $this->next())->status);
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\CarrierGate;
use CargoTrackers\Proxy\Policies\Render;
use CargoTrackers\Proxy\UpstreamResult;

final class CarrierGateTest extends PolicyTestCase
{
    private function policy(): CarrierGate
    {
        return new CarrierGate($this->store, $this->store, new Render(600000), 5000);
    }

    public function testAShipmentLookupPasses(): void
    {
        $this->assertSame(299, $this->policy()->handle(self::context(), $this->next())->status);
        $this->assertSame(array(0, 0), $this->store->counts(array('carriers-try:air', 'carriers-try:airCarriers')));
    }

    public function testOneCallPerRetryIntervalAndTheFlightLockHeldOnlyDuringIt(): void
    {
        $ctx = self::context('airCarriers', '');
        $lock = 'flight:' . $ctx->lookupId;
        $during = null;
        $response = $this->policy()->handle($ctx, $this->next(function () use ($lock, &$during): void {
            list($during) = $this->store->counts(array($lock));
        }));
        $this->assertSame(299, $response->status);
        $this->assertTrue($ctx->holdsFlight);
        $this->assertSame(1, $during);
        $this->assertSame(array(0), $this->store->counts(array($lock)));

        $again = $this->policy()->handle(self::context('airCarriers', ''), $this->next());
        $this->assertSame(429, $again->status);
        $this->assertSame('carriers_pending', self::body($again)['error']);
        $this->assertSame('30', $again->headers['retry-after']);
        $this->assertSame(1, $this->nextRuns);
    }

    public function testAFreshListIsNotFetchedAgain(): void
    {
        $this->store->addIfAbsent('carriers-fresh:oceanCarriers', 60000);
        $this->assertSame(429, $this->policy()->handle(self::context('oceanCarriers', ''), $this->next())->status);
        $this->assertSame(0, $this->nextRuns);
    }

    public function testAVisitorArrivingDuringAnothersCallGetsItsList(): void
    {
        $ctx = self::context('airCarriers', '');
        $this->store->addIfAbsent('flight:' . $ctx->lookupId, 5000);
        $this->store->set('result:' . $ctx->lookupId, UpstreamResult::answer(200, null, '[1]')->encode(), 5000);
        $response = $this->policy()->handle($ctx, $this->next());
        $this->assertSame(array(200, '[1]', 'shared'), array($response->status, $response->body, $response->headers['x-proxy-cache']));
        $this->assertSame(0, $this->nextRuns);
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\CacheRead;
use CargoTrackers\Proxy\Policies\CacheWrite;
use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\UpstreamResult;

final class CacheWriteTest extends PolicyTestCase
{
    private function keep(string $route, UpstreamResult $result): array
    {
        $ctx = self::context($route, $route === 'air' ? 'number=A1' : '');
        $kept = (new CacheWrite($this->store, $this->store, Proxy::DEFAULT_LIMITS))->call($ctx, $this->callNext($result));
        $this->assertSame($result, $kept);
        return array(CacheRead::find($this->store, $ctx->cacheKey), CacheRead::find($this->store, 'result:' . $ctx->lookupId));
    }

    public function testAnAnswerIsKeptForRepeatsAndForTheVisitorsWaitingOnIt(): void
    {
        list($cached, $forWaiters) = $this->keep('air', UpstreamResult::answer(200, null, '{"a":1}'));
        $this->assertSame('{"a":1}', $cached->body);
        $this->assertSame('{"a":1}', $forWaiters->body);
        $this->assertSame(1, $this->nextRuns);
    }

    public function testAFailureIsLeftForTheWaitersButNotCached(): void
    {
        list($cached, $forWaiters) = $this->keep('air', UpstreamResult::failure('upstream_timeout'));
        $this->assertNull($cached);
        $this->assertSame('upstream_timeout', $forWaiters->error);
    }

    public function testAShipments404IsKeptAndACarrierListsIsNot(): void
    {
        $this->assertSame(404, $this->keep('air', UpstreamResult::answer(404, null, '{}'))[0]->status);
        $this->assertNull($this->keep('airCarriers', UpstreamResult::answer(404, null, '{}'))[0]);
        $this->assertSame(array(0), $this->store->counts(array('carriers-fresh:airCarriers')));
    }

    public function testACarrierLists200MarksItFresh(): void
    {
        $this->keep('airCarriers', UpstreamResult::answer(200, null, '[]'));
        $this->assertSame(array(1, 0), $this->store->counts(array('carriers-fresh:airCarriers', 'carriers-fresh:oceanCarriers')));
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\Join;
use CargoTrackers\Proxy\Policies\Render;
use CargoTrackers\Proxy\UpstreamResult;

final class JoinTest extends PolicyTestCase
{
    private int $calls = 0;
    /** @var array{int,int}|null the lookup's lock and the slots held, as the call saw them */
    private ?array $during = null;

    private function slotsHeld(): int
    {
        $window = intdiv((int) floor(microtime(true) * 1000), 5000);
        return array_sum($this->store->counts(array('held:' . $window, 'held:' . ($window - 1))));
    }

    private function join(?int $maxConcurrentLookups = 4): Join
    {
        return new Join($this->store, $this->store, new Render(600000), 5000, $maxConcurrentLookups, function (Context $ctx): UpstreamResult {
            $this->calls++;
            $this->during = array($this->store->counts(array('flight:' . $ctx->lookupId))[0], $this->slotsHeld());
            return UpstreamResult::answer(200, null, '{"n":1}');
        });
    }

    public function testTheFirstVisitorMakesTheCallUnderTheLockAndLetsGoOfItAndItsSlot(): void
    {
        $ctx = self::context();
        $response = $this->join()->answer($ctx);
        $this->assertSame(array(200, 'miss', 1), array($response->status, $response->headers['x-proxy-cache'], $this->calls));
        $this->assertSame(200, $ctx->trace['upstreamStatus']);
        $this->assertSame(array(1, 1), $this->during);
        $this->assertSame(array(0, 0), array($this->store->counts(array('flight:' . $ctx->lookupId))[0], $this->slotsHeld()));
    }

    public function testAnAnswerThatArrivedMeanwhileIsSharedWithoutACall(): void
    {
        $ctx = self::context();
        $this->store->set($ctx->cacheKey, UpstreamResult::answer(200, null, '{"n":0}')->encode(), 60000);
        $response = $this->join()->answer($ctx);
        $this->assertSame(array('{"n":0}', 'shared', 0), array($response->body, $response->headers['x-proxy-cache'], $this->calls));
    }

    public function testAVisitorWaitingOnAnothersCallGetsItsAnswer(): void
    {
        $ctx = self::context();
        $this->store->addIfAbsent('flight:' . $ctx->lookupId, 5000);
        $this->store->set('result:' . $ctx->lookupId, UpstreamResult::answer(404, null, '{"n":2}')->encode(), 5000);
        $response = $this->join()->answer($ctx);
        $this->assertSame(array(404, 'shared', 0), array($response->status, $response->headers['x-proxy-cache'], $this->calls));
    }

    public function testNoFreeLookupSlotIsA429AndNoCall(): void
    {
        $ctx = self::context();
        $response = $this->join(0)->answer($ctx);
        $this->assertSame(array(429, 'proxy_busy', '10', 0), array(
            $response->status, self::body($response)['error'], $response->headers['retry-after'], $this->calls,
        ));
        $this->assertSame(array(0), $this->store->counts(array('flight:' . $ctx->lookupId)));
    }

    public function testTheCarrierGatesLockIsLeftToIt(): void
    {
        $ctx = self::context('airCarriers', '');
        $this->store->addIfAbsent('flight:' . $ctx->lookupId, 5000);
        $ctx->holdsFlight = true;
        $this->assertSame(200, $this->join(0)->answer($ctx)->status);
        $this->assertSame(array(1, 0), $this->during, 'a carrier list takes no lookup slot');
        $this->assertSame(array(1), $this->store->counts(array('flight:' . $ctx->lookupId)));
    }
}

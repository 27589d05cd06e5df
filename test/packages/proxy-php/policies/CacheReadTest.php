<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\CacheRead;
use CargoTrackers\Proxy\Policies\Render;
use CargoTrackers\Proxy\UpstreamResult;

final class CacheReadTest extends PolicyTestCase
{
    private function policy(): CacheRead
    {
        return new CacheRead($this->store, new Render(600000));
    }

    public function testAMissGoesOn(): void
    {
        $this->assertSame(299, $this->policy()->handle(self::context(), $this->next())->status);
        $this->assertSame(1, $this->nextRuns);
    }

    public function testAHitIsAnsweredFromTheCacheWithItsValidator(): void
    {
        $ctx = self::context();
        $this->store->set($ctx->cacheKey, UpstreamResult::answer(200, null, '{"ok":1}')->encode(), 60000);
        $response = $this->policy()->handle($ctx, $this->next());
        $this->assertSame(0, $this->nextRuns);
        $this->assertSame(array(200, '{"ok":1}', 'hit', 'no-store'), array(
            $response->status, $response->body, $response->headers['x-proxy-cache'], $response->headers['cache-control'],
        ));
        $this->assertSame('hit', $ctx->trace['cache']);
        $this->assertArrayNotHasKey('upstreamStatus', $ctx->trace);
        $again = self::context('air', 'number=A1', array('if-none-match' => $response->headers['etag']));
        $this->assertSame(304, $this->policy()->handle($again, $this->next())->status);
    }

    public function testACarrierListHitMayBeKeptByBrowsers(): void
    {
        $ctx = self::context('airCarriers', '');
        $this->store->set($ctx->cacheKey, UpstreamResult::answer(200, null, '[]')->encode(), 60000);
        $this->assertSame('public, max-age=600', $this->policy()->handle($ctx, $this->next())->headers['cache-control']);
    }
}

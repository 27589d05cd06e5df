<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Route;

final class RouteTest extends PolicyTestCase
{
    public function testAnUnknownRouteIsA404ThatGoesNoFurther(): void
    {
        $ctx = self::context('shipments', '', array(), 'GET', false);
        $response = (new Route())->handle($ctx, $this->next());
        $this->assertSame(404, $response->status);
        $this->assertSame('not_found', self::body($response)['error']);
        $this->assertSame(0, $this->nextRuns);
        $this->assertSame('shipments', $ctx->trace['route']);
    }

    public function testAKnownRouteIsSetForThePoliciesAfterIt(): void
    {
        $ctx = self::context('oceanCarriers', '', array(), 'GET', false);
        $this->assertSame(299, (new Route())->handle($ctx, $this->next())->status);
        $this->assertSame('oceanCarriers', $ctx->route);
        $this->assertFalse($ctx->isShipment());
    }
}

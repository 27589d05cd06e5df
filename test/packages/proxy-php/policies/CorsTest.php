<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Cors;

final class CorsTest extends PolicyTestCase
{
    private const SHOP = 'https://shop.example';

    public function testAListedOriginsPreflightIsAnsweredHere(): void
    {
        $ctx = self::context('air', '', array('origin' => self::SHOP), 'OPTIONS', false);
        $response = (new Cors(array(self::SHOP => true)))->handle($ctx, $this->next());
        $this->assertSame(204, $response->status);
        $this->assertSame(self::SHOP, $response->headers['access-control-allow-origin']);
        $this->assertSame('GET, OPTIONS', $response->headers['allow']);
        $this->assertStringContainsString('Cargo-Trackers-Request', $response->headers['access-control-allow-headers']);
        $this->assertSame(0, $this->nextRuns);
    }

    public function testAnythingButGetIsA405(): void
    {
        $response = (new Cors(array()))->handle(self::context('air', '', array(), 'POST', false), $this->next());
        $this->assertSame(405, $response->status);
        $this->assertSame('GET', $response->headers['allow']);
        $this->assertSame(0, $this->nextRuns);
    }

    public function testAGetCarriesTheCorsHeadersOfAListedOriginOnly(): void
    {
        $policy = new Cors(array(self::SHOP => true));
        $listed = self::context('air', '', array('origin' => self::SHOP), 'GET', false);
        $policy->handle($listed, $this->next());
        $this->assertSame(array(
            'vary' => 'Origin',
            'access-control-allow-origin' => self::SHOP,
            'access-control-expose-headers' => 'Retry-After',
        ), $listed->cors);
        $other = self::context('air', '', array('origin' => 'https://proxy.example'), 'GET', false);
        $policy->handle($other, $this->next());
        $this->assertSame(array('vary' => 'Origin'), $other->cors);
        $this->assertSame(2, $this->nextRuns);
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\SiteCheck;

final class SiteCheckTest extends PolicyTestCase
{
    private const MARKER = array('cargo-trackers-request' => '1');

    /** @param array<string,string> $headers */
    private function status(array $headers, string $method = 'GET', array $corsOrigins = array()): int
    {
        $policy = new SiteCheck($corsOrigins, array());
        return $policy->handle(self::context('air', 'number=A1', $headers, $method, false), $this->next())->status;
    }

    public function testTheElementsRequestsPass(): void
    {
        $this->assertSame(299, $this->status(self::MARKER));
        $this->assertSame(299, $this->status(self::MARKER + array('origin' => 'https://proxy.example', 'sec-fetch-site' => 'same-origin')));
        $this->assertSame(299, $this->status(self::MARKER + array('origin' => 'https://shop.example'), 'GET', array('https://shop.example' => true)));
    }

    public function testARequestWithoutTheMarkerIsRefused(): void
    {
        $this->assertSame(403, $this->status(array()));
        $this->assertSame(403, $this->status(array('cargo-trackers-request' => '  ')));
        $this->assertSame(0, $this->nextRuns);
    }

    public function testAnotherSitesPageIsRefusedMarkerOrNot(): void
    {
        $this->assertSame(403, $this->status(self::MARKER + array('origin' => 'https://evil.example')));
        $this->assertSame(403, $this->status(self::MARKER + array('sec-fetch-site' => 'cross-site')));
        $this->assertSame(403, $this->status(self::MARKER + array('sec-fetch-site' => 'same-site')));
        $this->assertSame(0, $this->nextRuns);
    }

    public function testAPreflightPassesWithoutTheMarkerOnlyWhenCorsIsOn(): void
    {
        $listed = array('origin' => 'https://shop.example');
        $this->assertSame(299, $this->status($listed, 'OPTIONS', array('https://shop.example' => true)));
        $this->assertSame(403, $this->status(array(), 'OPTIONS'));
    }
}

<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Guard;
use CargoTrackers\Proxy\UpstreamResult;

final class GuardTest extends PolicyTestCase
{
    private function guard(UpstreamResult $result): UpstreamResult
    {
        return (new Guard(self::KEY))->call(self::context(), $this->callNext($result));
    }

    public function testJsonWithoutTheKeyPasses(): void
    {
        $ok = UpstreamResult::answer(200, '5', '{"status":"IN_TRANSIT"}');
        $this->assertSame($ok, $this->guard($ok));
        $failure = UpstreamResult::failure('upstream_timeout');
        $this->assertSame($failure, $this->guard($failure));
    }

    public function testWhatIsNotJsonIsWithheld(): void
    {
        $this->assertSame('upstream_not_json', $this->guard(UpstreamResult::answer(200, null, '<html>'))->error);
    }

    public function testTheKeyIsWithheldInTheBodyAndInRetryAfter(): void
    {
        $this->assertSame('upstream_key_echo', $this->guard(UpstreamResult::answer(400, null, '{"sent":"Bearer ' . self::KEY . '"}'))->error);
        $this->assertSame('upstream_key_echo', $this->guard(UpstreamResult::answer(429, self::KEY, '{}'))->error);
    }
}

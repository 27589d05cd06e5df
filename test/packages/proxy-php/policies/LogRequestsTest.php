<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\LogRequests;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\StoreFailure;

final class LogRequestsTest extends PolicyTestCase
{
    /** @var list<array<string,mixed>> */
    private array $lines = array();

    private function policy(): LogRequests
    {
        return new LogRequests(function (array $entry): void {
            $this->lines[] = $entry;
        });
    }

    public function testOneLinePerAnswerWithWhatThePoliciesLearnedAndNoHeaderValue(): void
    {
        $ctx = self::context('air', 'number=A1', array('cookie' => 'secret-cookie'));
        $ctx->trace['error'] = 'client_rate';
        $ctx->trace['numberHash'] = 'abc';
        $response = $this->policy()->handle($ctx, $this->next());
        $this->assertSame(299, $response->status);
        $this->assertCount(1, $this->lines);
        $line = $this->lines[0];
        $this->assertSame(array('info', 'GET', 'air', 299, 'none', 'client_rate', 'abc'), array(
            $line['level'], $line['method'], $line['route'], $line['status'], $line['cache'], $line['error'], $line['numberHash'],
        ));
        $this->assertMatchesRegularExpression('/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/', $line['time']);
        $this->assertStringNotContainsString('secret-cookie', (string) json_encode($line));
        $this->assertStringNotContainsString(self::KEY, (string) json_encode($line));
    }

    public function testAStoreThatCannotCountIsA429(): void
    {
        $response = $this->policy()->handle(self::context(), function (): Response {
            throw new StoreFailure('disk full');
        });
        $this->assertSame(429, $response->status);
        $this->assertSame('60', $response->headers['retry-after']);
        $this->assertSame('quota_unavailable', self::body($response)['error']);
        $this->assertSame('quota_unavailable', $this->lines[0]['error']);
    }

    public function testAFailingPolicyIsA500LoggedAsAnError(): void
    {
        $response = $this->policy()->handle(self::context(), function (): Response {
            throw new \RuntimeException('bug with ' . self::KEY);
        });
        $this->assertSame(500, $response->status);
        $this->assertSame('proxy_error', self::body($response)['error']);
        $this->assertSame('error', $this->lines[0]['level']);
        $this->assertStringNotContainsString(self::KEY, (string) $response->body . json_encode($this->lines));
    }

    public function testA502IsAWarningAndABrokenLoggerChangesNoAnswer(): void
    {
        $this->policy()->handle(self::context(), fn () => new Response(502, array(), null));
        $this->assertSame('warn', $this->lines[0]['level']);
        $broken = new LogRequests(function (): void {
            throw new \RuntimeException('log down');
        });
        $this->assertSame(299, $broken->handle(self::context(), $this->next())->status);
    }
}

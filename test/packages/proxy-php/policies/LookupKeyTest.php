<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\LookupKey;
use CargoTrackers\Proxy\Response;

final class LookupKeyTest extends PolicyTestCase
{
    /** The answer, when the policy gave one, else null. */
    private ?Response $answer = null;

    private function read(string $route, string $query): Context
    {
        $ctx = self::context($route, $query, array(), 'GET', false);
        $ctx->route = $route;
        $ctx->cors = array('vary' => 'Origin');
        $response = (new LookupKey(8))->handle($ctx, $this->next());
        $this->answer = $response->status === 299 ? null : $response;
        return $ctx;
    }

    /** @dataProvider badQueries */
    public function testABadQueryIsA400ThatSaysWhatIsWrong(string $query, string $error): void
    {
        $ctx = $this->read('ocean', $query);
        $this->assertSame(400, $this->answer->status);
        $this->assertSame($error, self::body($this->answer)['error']);
        $this->assertSame($error, $ctx->trace['error']);
        $this->assertSame('Origin', $this->answer->headers['vary']);
        $this->assertSame(0, $this->nextRuns);
    }

    /** @return array<string,array{string,string}> */
    public function badQueries(): array
    {
        return array(
            'no number' => array('carrierCode=MSCU', 'missing_number'),
            'an empty number' => array('referenceNumber=', 'missing_number'),
            'a number twice' => array('referenceNumber=A&referenceNumber=B', 'duplicate_parameter'),
            'a number as a list' => array('referenceNumber[]=A', 'bad_parameter'),
            'a value too long' => array('referenceNumber=ABCDEFGHI', 'value_too_long'),
        );
    }

    public function testTheLookupIsCanonicalWhateverTheSpellingOfItsQuery(): void
    {
        $a = $this->read('ocean', 'routeDetails=true&x=1&referenceNumber=A+B');
        $b = $this->read('ocean', 'referenceNumber=A%20B&routeDetails=true');
        $this->assertSame(2, $this->nextRuns);
        $this->assertSame(array('referenceNumber' => 'A B', 'routeDetails' => 'true'), $a->lookup);
        $this->assertSame('answer:ocean?referenceNumber=A%20B&routeDetails=true', $a->cacheKey);
        $this->assertSame($a->cacheKey, $b->cacheKey);
        $this->assertSame($a->lookupId, $b->lookupId);
        $this->assertSame(hash('fnv1a64', 'A B'), $a->trace['numberHash']);
    }

    public function testACarrierListTakesNoNumber(): void
    {
        $ctx = $this->read('airCarriers', 'number=A');
        $this->assertSame(array(), $ctx->lookup);
        $this->assertSame('answer:airCarriers?', $ctx->cacheKey);
        $this->assertArrayNotHasKey('numberHash', $ctx->trace);
    }
}

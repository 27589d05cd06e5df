<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\Forward;
use CargoTrackers\Proxy\NativeTransport;

/** Forward against a real upstream on loopback (php -S), which answers with what it received. */
final class ForwardTest extends PolicyTestCase
{
    /** @var resource|null */
    private static $server = null;
    private static int $port = 0;

    public static function setUpBeforeClass(): void
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        self::$port = (int) substr((string) stream_socket_get_name($probe, false), strlen('127.0.0.1:'));
        fclose($probe);
        $router = __DIR__ . '/echo-upstream.php';
        $command = array(PHP_BINARY, '-S', '127.0.0.1:' . self::$port, $router);
        self::$server = proc_open($command, array(array('pipe', 'r'), array('file', '/dev/null', 'w'), array('file', '/dev/null', 'w')), $pipes);
        // Ready when it accepts a connection.
        $deadline = hrtime(true) + 10000000000;
        while (($socket = @stream_socket_client('tcp://127.0.0.1:' . self::$port, $errno, $error, 1)) === false) {
            if (hrtime(true) > $deadline) {
                throw new \RuntimeException('php -S did not start');
            }
            usleep(10000);
        }
        fclose($socket);
    }

    public static function tearDownAfterClass(): void
    {
        if (self::$server !== null) {
            proc_terminate(self::$server);
            proc_close(self::$server);
        }
    }

    /** @return array<string,mixed> what the upstream received */
    private function forward(Context $ctx): array
    {
        $forward = new Forward(new NativeTransport(false), 'http://127.0.0.1:' . self::$port . '/base', self::KEY, 5000, 65536);
        $this->assertFalse($ctx->upstreamCalled);
        $result = $forward->call($ctx);
        $this->assertTrue($ctx->upstreamCalled);
        $this->assertNull($result->error);
        return json_decode($result->body, true);
    }

    public function testAShipmentCallCarriesTheCanonicalQueryAndTheKeyAndNoVisitorHeader(): void
    {
        $ctx = self::context('ocean', 'referenceNumber=A B', array('cookie' => 'visitor-cookie'));
        $ctx->lookup = array('referenceNumber' => 'A B+', 'routeDetails' => 'true');
        $seen = $this->forward($ctx);
        $this->assertSame('/base/v1/shipments/ocean?referenceNumber=A%20B%2B&routeDetails=true', $seen['uri']);
        $this->assertSame('Bearer ' . self::KEY, $seen['authorization']);
        $this->assertNull($seen['cookie']);
    }

    public function testACarrierListCallCarriesNoKey(): void
    {
        $seen = $this->forward(self::context('airCarriers', ''));
        $this->assertSame('/base/v1/carriers/air', $seen['uri']);
        $this->assertNull($seen['authorization']);
    }
}

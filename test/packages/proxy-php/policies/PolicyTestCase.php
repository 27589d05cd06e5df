<?php

namespace CargoTrackers\Proxy\Tests;

use CargoTrackers\Proxy\FileStore;
use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\Setup;
use CargoTrackers\Proxy\Request;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\NativeTransport;
use CargoTrackers\Proxy\UpstreamResult;
use PHPUnit\Framework\TestCase;

/** What every policy test needs: a store in a fresh folder, contexts, and a $next that counts its calls. */
abstract class PolicyTestCase extends TestCase
{
    protected const KEY = 'trk_policy_test_key_0123456789';

    protected FileStore $store;
    /** The store's folder: nothing in it until a policy counts or caches. */
    protected string $folder;
    /** How many times the last next() made by next()/callNext() ran. */
    protected int $nextRuns = 0;

    protected function setUp(): void
    {
        $this->folder = sys_get_temp_dir() . '/cargo-trackers-policy-test-' . bin2hex(random_bytes(6));
        $this->store = new FileStore($this->folder);
        $this->nextRuns = 0;
    }

    protected function tearDown(): void
    {
        self::remove($this->folder);
    }

    private static function remove(string $path): void
    {
        if (is_dir($path)) {
            foreach (scandir($path) ?: array() as $name) {
                if ($name !== '.' && $name !== '..') {
                    self::remove($path . '/' . $name);
                }
            }
            rmdir($path);
        } elseif (file_exists($path)) {
            unlink($path);
        }
    }

    /** @param array<string,mixed> $limits */
    protected function settings(array $limits = array(), array $corsOrigins = array()): Setup
    {
        return new Setup(
            self::KEY,
            'http://127.0.0.1:9',
            $corsOrigins,
            array(),
            null,
            1000,
            array_merge(Proxy::DEFAULT_LIMITS, $limits),
            $this->store,
            $this->store,
            new NativeTransport(false),
            null
        );
    }

    /**
     * A context as the policies before the one under test leave it.
     *
     * @param array<string,string> $headers
     */
    protected static function context(
        string $route = 'air',
        string $query = 'number=A1',
        array $headers = array(),
        string $method = 'GET',
        bool $routed = true
    ): Context {
        $ctx = new Context($route, new Request($method, $query, $headers, 'proxy.example', '192.0.2.7'));
        if ($routed) {
            $ctx->route = $route;
            $ctx->cors = array('vary' => 'Origin');
            parse_str($query, $lookup);
            $ctx->lookup = array_map('strval', $lookup);
            $ctx->cacheKey = 'answer:' . $route . '?' . $query;
            $ctx->lookupId = substr(hash('sha256', $ctx->cacheKey), 0, 32);
            $ctx->takenAt = (int) floor(microtime(true) * 1000);
        }
        return $ctx;
    }

    /** A request stage's next(): answers 299 (a status no policy makes), counting its runs. */
    protected function next(?callable $also = null): callable
    {
        return function () use ($also): Response {
            $this->nextRuns++;
            if ($also !== null) {
                $also();
            }
            return new Response(299, array(), 'next');
        };
    }

    /** A call stage's next(): the given result, counting its runs. */
    protected function callNext(UpstreamResult $result): callable
    {
        return function () use ($result): UpstreamResult {
            $this->nextRuns++;
            return $result;
        };
    }

    /** @return array<string,mixed> */
    protected static function body(Response $response): array
    {
        return json_decode((string) $response->body, true) ?? array();
    }
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\StoreFailure;

/**
 * log-requests.ts: around everything else, one entry per request whatever answered it, and the
 * answer for a policy that failed. In PHP it also turns a store that cannot count (StoreFailure,
 * from any policy) into the 429 that visitor-limits.ts's countersUnavailable() is in Node.
 */
final class LogRequests implements Policy
{
    private const COUNTERS_RETRY_MS = 60000;

    /** @var callable|null */
    private $logger;

    public function __construct(?callable $logger)
    {
        $this->logger = $logger;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->logger);
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $started = microtime(true);
        $level = 'info';
        try {
            $response = $next();
        } catch (StoreFailure $failure) {
            $message = 'The proxy cannot count lookups right now; try again later.';
            $response = Refuse::answer($ctx, 429, 'quota_unavailable', $message, array(
                'vary' => 'Origin',
                'retry-after' => Refuse::retryAfter(self::COUNTERS_RETRY_MS),
            ));
        } catch (\Throwable $error) {
            $level = 'error';
            $response = Refuse::answer($ctx, 500, 'proxy_error', 'The proxy failed unexpectedly.', array());
        }
        if ($response->status === 502) {
            $level = 'warn';
        }
        $this->log($ctx, $response, $level, $started);
        return $response;
    }

    /** One entry per request: never the key, the number (only its fingerprint) or a header value. */
    private function log(Context $ctx, Response $response, string $level, float $started): void
    {
        if ($this->logger === null) {
            return;
        }
        $trace = $ctx->trace;
        $entry = array(
            'time' => gmdate('Y-m-d\TH:i:s', (int) $started) . sprintf('.%03dZ', (int) (fmod($started, 1) * 1000)),
            'level' => $level,
            'method' => $ctx->request->method,
            'route' => $trace['route'],
            'status' => $response->status,
            'durationMs' => (int) round((microtime(true) - $started) * 1000),
            'cache' => $trace['cache'],
        );
        foreach (array('upstreamStatus', 'error', 'numberHash') as $name) {
            if (isset($trace[$name])) {
                $entry[$name] = $trace[$name];
            }
        }
        try {
            ($this->logger)($entry);
        } catch (\Throwable $error) {
            // A broken logger must not turn an answer into a failure.
        }
    }
}

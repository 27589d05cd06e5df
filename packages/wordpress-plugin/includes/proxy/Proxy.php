<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Policies\Context;
use CargoTrackers\Proxy\Policies\Pipeline;
use CargoTrackers\Proxy\Policies\Setup;

/**
 * The tracking proxy in PHP: the widget contract of the tracking service, with the protections of
 * the Node reference proxy (packages/proxy). WordPress's routes and proxy.php both call handle();
 * neither holds any of the logic, and neither does this class: it checks the configuration and
 * runs the policies of Policies\Pipeline, one class each, in the order stated there.
 */
final class Proxy
{
    /** Route name => the upstream path and the parameters it forwards. */
    public const ROUTES = array(
        'ocean' => array('/v1/shipments/ocean', 'referenceNumber', 'carrierCode', 'routeDetails'),
        'air' => array('/v1/shipments/air', 'number', null, 'routePath'),
        'oceanCarriers' => array('/v1/carriers/ocean', null, null, null),
        'airCarriers' => array('/v1/carriers/air', null, null, null),
    );

    public const DEFAULT_LIMITS = array(
        'maxBodyBytes' => 5242880,
        // A 200: as long as the element waits before it asks again while a result is open (its
        // refresh-interval, 15 minutes), so that a page left open costs one call per interval.
        'cacheTtlMs' => 900000,
        // 404 and 5xx answers, so that a crowd polling a missing number makes one call.
        'shortCacheTtlMs' => 10000,
        // A 202: the service held the lookup up to two minutes and still works on it, and the element
        // asks again after its poll-interval (120 s by default); a call sooner would only be held again.
        'pendingCacheTtlMs' => 120000,
        // Shipment calls held open at once, site-wide: each holds a PHP worker for up to the timeout.
        'maxConcurrentLookups' => 4,
        'carrierCacheTtlMs' => 600000,
        'newNumbersPerClientPerHour' => 50,
        'clientRequests' => array('requests' => 30, 'windowMs' => 60000),
        'upstreamBudget' => array('requests' => 90, 'windowMs' => 20000),
        'maxValueLength' => 256,
    );

    /** Slightly longer than the service's two-minute hold, as the service's own samples use. */
    public const DEFAULT_TIMEOUT_MS = 130000;

    /** The header the trackers send on every request; no page of another site can send it without a preflight. */
    public const MARKER = 'cargo-trackers-request';

    /** @var callable(Context):Response the policies, in the order of Pipeline::ORDER */
    private $pipeline;

    /**
     * Checks the configuration once, so that a missing key or a malformed address fails loudly.
     *
     * @param array<string,mixed> $config apiKey, baseUrl, corsOrigins, publicOrigins, trustedProxyHeader, timeoutMs, limits
     */
    public function __construct(array $config, Counters $counters, Cache $cache, ?Transport $transport = null, ?callable $logger = null)
    {
        $key = $config['apiKey'] ?? null;
        if (!is_string($key) || trim($key) === '') {
            throw new \InvalidArgumentException('The tracking API key is not set.');
        }
        $trusted = $config['trustedProxyHeader'] ?? null;
        $limits = is_array($config['limits'] ?? null) ? $config['limits'] : array();
        $this->pipeline = Pipeline::build(new Setup(
            $key,
            self::resolveBase((string) ($config['baseUrl'] ?? '')),
            self::resolveOrigins('CORS origins', $config['corsOrigins'] ?? array()),
            self::resolveOrigins('public origins', $config['publicOrigins'] ?? array()),
            is_string($trusted) && $trusted !== '' ? strtolower($trusted) : null,
            (int) ($config['timeoutMs'] ?? self::DEFAULT_TIMEOUT_MS),
            array_merge(self::DEFAULT_LIMITS, $limits),
            $counters,
            $cache,
            $transport ?? new NativeTransport(),
            $logger
        ));
    }

    public static function resolveBase(string $baseUrl): string
    {
        $parts = parse_url($baseUrl);
        $scheme = is_array($parts) ? strtolower($parts['scheme'] ?? '') : '';
        if (!is_array($parts) || ($scheme !== 'https' && $scheme !== 'http') || !isset($parts['host'])) {
            throw new \InvalidArgumentException('The tracking service base URL must be an http(s) address.');
        }
        if (isset($parts['query']) || isset($parts['fragment']) || isset($parts['user']) || isset($parts['pass'])) {
            throw new \InvalidArgumentException('The tracking service base URL must be an origin with an optional path, nothing else.');
        }
        return rtrim($baseUrl, '/');
    }

    /**
     * @param mixed $origins
     * @return array<string,bool>
     */
    private static function resolveOrigins(string $what, $origins): array
    {
        $out = array();
        foreach (is_array($origins) ? $origins : array($origins) as $origin) {
            if (!is_string($origin) || preg_match('#^https?://[^/?\#@\s]+$#i', $origin) !== 1) {
                throw new \InvalidArgumentException($what . ' must be bare origins such as https://shop.example');
            }
            $out[$origin] = true;
        }
        return $out;
    }

    /** Answers one request for $route (a key of ROUTES). Never throws: LogRequests answers any failure. */
    public function handle(string $route, Request $request): Response
    {
        return ($this->pipeline)(new Context($route, $request));
    }
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * One GET to the tracking service, never following a redirect, the whole exchange (body
 * included) under $timeoutMs, and the body cut off past $maxBytes. Every fault is a failure
 * result (UpstreamResult::MESSAGES), never an exception. proxy.php uses NativeTransport; the
 * WordPress plugin passes one on WordPress's HTTP API, so that the site's HTTP settings apply.
 */
interface Transport
{
    /** @param array<string,string> $headers */
    public function get(string $url, array $headers, int $timeoutMs, int $maxBytes): UpstreamResult;
}

<?php

namespace CargoTrackers\WordPress;

if (!defined('ABSPATH')) {
    exit;
}

use CargoTrackers\Proxy\Transport;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * The proxy core's calls to the tracking service through WordPress's HTTP API (wp_remote_get), so
 * that what the site owner set for every plugin applies to this one too: WP_HTTP_BLOCK_EXTERNAL
 * and WP_ACCESSIBLE_HOSTS, WP_PROXY_* proxies, and the http_request_args / pre_http_request
 * filters. The core's rules stay: no redirect followed, the timeout, the size cap.
 */
final class WordPressTransport implements Transport
{
    /** @param array<string,string> $headers */
    public function get(string $url, array $headers, int $timeoutMs, int $maxBytes): UpstreamResult
    {
        // Whatever PHP prints meanwhile stays out of the visitor's answer, which must be the service's
        // bytes alone: WordPress 6.1's HTTP library, loaded here on first use, raises PHP 8.2
        // deprecations that WP_DEBUG_DISPLAY prints. They are still logged.
        ob_start();
        try {
            $response = wp_remote_get($url, array(
                'headers' => $headers,
                'timeout' => $timeoutMs / 1000,
                'redirection' => 0,
                // One byte past the cap: WordPress cuts a longer body there, and that byte says it was longer.
                'limit_response_size' => $maxBytes + 1,
            ));
        } finally {
            ob_end_clean();
        }
        if (is_wp_error($response)) {
            return UpstreamResult::failure(self::failure($response));
        }
        $body = (string) wp_remote_retrieve_body($response);
        if (strlen($body) > $maxBytes) {
            return UpstreamResult::failure('upstream_too_large');
        }
        $retryAfter = wp_remote_retrieve_header($response, 'retry-after');
        if (is_array($retryAfter)) {
            $retryAfter = end($retryAfter);
        }
        $retryAfter = is_string($retryAfter) && $retryAfter !== '' ? trim($retryAfter) : null;
        return UpstreamResult::received((int) wp_remote_retrieve_response_code($response), $retryAfter, $body);
    }

    /**
     * The core's failure slug for WordPress's error: by curl's error number when curl made the
     * call (its message starts "cURL error N:"), else by the words of PHP's streams. A request
     * the site's settings blocked (WP_HTTP_BLOCK_EXTERNAL) never reached the service.
     */
    private static function failure(\WP_Error $error): string
    {
        if ($error->get_error_code() === 'http_request_not_executed') {
            return 'upstream_unreachable';
        }
        $message = $error->get_error_message();
        if (preg_match('/cURL error (\d+)/', $message, $match) === 1) {
            $number = (int) $match[1];
            if ($number === 28) {
                return 'upstream_timeout';
            }
            // Could not resolve, could not connect, TLS handshake failed: nothing was said.
            return in_array($number, array(6, 7, 35), true) ? 'upstream_unreachable' : 'upstream_incomplete';
        }
        if (preg_match('/timed out/i', $message) === 1) {
            return 'upstream_timeout';
        }
        if (preg_match('/unable to connect|could not resolve|connection refused|getaddrinfo/i', $message) === 1) {
            return 'upstream_unreachable';
        }
        return 'upstream_incomplete';
    }
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * The Transport of proxy.php, with PHP's own HTTP clients: the curl extension when it is there,
 * PHP's HTTP streams otherwise. (Inside WordPress the plugin passes WordPress's HTTP API instead.)
 */
final class NativeTransport implements Transport
{
    private bool $useCurl;

    public function __construct(?bool $useCurl = null)
    {
        $this->useCurl = $useCurl ?? function_exists('curl_init');
    }

    /** @param array<string,string> $headers */
    public function get(string $url, array $headers, int $timeoutMs, int $maxBytes): UpstreamResult
    {
        $lines = array();
        foreach ($headers as $name => $value) {
            $lines[] = $name . ': ' . $value;
        }
        return $this->useCurl
            ? $this->viaCurl($url, $lines, $timeoutMs, $maxBytes)
            : $this->viaStreams($url, $lines, $timeoutMs, $maxBytes);
    }

    /** @param string[] $lines */
    private function viaCurl(string $url, array $lines, int $timeoutMs, int $maxBytes): UpstreamResult
    {
        $body = '';
        $tooLarge = false;
        $retryAfter = null;
        $handle = curl_init($url);
        curl_setopt_array($handle, array(
            CURLOPT_HTTPGET => true,
            CURLOPT_HTTPHEADER => $lines,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_TIMEOUT_MS => $timeoutMs,
            CURLOPT_CONNECTTIMEOUT_MS => min($timeoutMs, 10000),
            // Accepts what curl can decode; the cap applies to the decoded bytes.
            CURLOPT_ENCODING => '',
            CURLOPT_NOSIGNAL => true,
            CURLOPT_HEADERFUNCTION => function ($curl, string $line) use (&$retryAfter): int {
                if (stripos($line, 'retry-after:') === 0) {
                    $retryAfter = trim(substr($line, 12));
                } elseif (strpos($line, 'HTTP/') === 0) {
                    $retryAfter = null;
                }
                return strlen($line);
            },
            CURLOPT_WRITEFUNCTION => function ($curl, string $chunk) use (&$body, &$tooLarge, $maxBytes): int {
                if (strlen($body) + strlen($chunk) > $maxBytes) {
                    $tooLarge = true;
                    return 0;
                }
                $body .= $chunk;
                return strlen($chunk);
            },
        ));

        $done = curl_exec($handle);
        $errno = curl_errno($handle);
        $status = (int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE);
        curl_close($handle);
        if ($tooLarge) {
            return UpstreamResult::failure('upstream_too_large');
        }
        if ($done === false || $errno !== 0) {
            if ($errno === CURLE_OPERATION_TIMEDOUT) {
                return UpstreamResult::failure('upstream_timeout');
            }
            $unreached = array(CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_SSL_CONNECT_ERROR);
            $reached = $status !== 0 || !in_array($errno, $unreached, true);
            return UpstreamResult::failure($reached ? 'upstream_incomplete' : 'upstream_unreachable');
        }
        return UpstreamResult::received($status, $retryAfter, $body);
    }

    /** @param string[] $lines */
    private function viaStreams(string $url, array $lines, int $timeoutMs, int $maxBytes): UpstreamResult
    {
        $deadline = microtime(true) + $timeoutMs / 1000;
        $context = stream_context_create(array('http' => array(
            'method' => 'GET',
            'header' => implode("\r\n", $lines),
            'follow_location' => 0,
            'max_redirects' => 1,
            'ignore_errors' => true,
            'timeout' => $timeoutMs / 1000,
            // HTTP/1.0: the body comes unchunked and ends with the connection, so each read returns
            // what arrived (PHP's dechunking filter would wait to fill its buffer, past any deadline).
            'protocol_version' => 1.0,
        )));
        $http_response_header = array();
        set_error_handler(function (): bool {
            return true;
        });
        try {
            $stream = fopen($url, 'rb', false, $context);
        } finally {
            restore_error_handler();
        }
        if ($stream === false) {
            return UpstreamResult::failure(microtime(true) >= $deadline ? 'upstream_timeout' : 'upstream_unreachable');
        }
        $status = 0;
        $retryAfter = null;
        $length = null;
        foreach ($http_response_header as $line) {
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $match) === 1) {
                $status = (int) $match[1];
                $retryAfter = null;
                $length = null;
            } elseif (stripos($line, 'retry-after:') === 0) {
                $retryAfter = trim(substr($line, 12));
            } elseif (stripos($line, 'content-length:') === 0) {
                $length = (int) trim(substr($line, 15));
            }
        }
        $body = '';
        while (!feof($stream)) {
            $left = $deadline - microtime(true);
            if ($left <= 0) {
                fclose($stream);
                return UpstreamResult::failure('upstream_timeout');
            }
            stream_set_timeout($stream, (int) floor($left), (int) (fmod($left, 1) * 1000000));
            $chunk = fread($stream, 65536);
            $meta = stream_get_meta_data($stream);
            if ($meta['timed_out']) {
                fclose($stream);
                return UpstreamResult::failure('upstream_timeout');
            }
            if ($chunk === false) {
                fclose($stream);
                return UpstreamResult::failure('upstream_incomplete');
            }
            $body .= $chunk;
            if (strlen($body) > $maxBytes) {
                fclose($stream);
                return UpstreamResult::failure('upstream_too_large');
            }
        }
        fclose($stream);
        if ($length !== null && strlen($body) < $length) {
            return UpstreamResult::failure('upstream_incomplete');
        }
        return UpstreamResult::received($status, $retryAfter, $body);
    }
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/** What one upstream call produced: an answer (status, Retry-After, body) or a failure slug. */
final class UpstreamResult
{
    public const MESSAGES = array(
        'upstream_unreachable' => 'The tracking service could not be reached.',
        'upstream_timeout' => 'The tracking service did not answer in time.',
        'upstream_incomplete' => 'The tracking service closed the connection before its answer was complete.',
        'upstream_redirect' => 'The tracking service answered with a redirect, which the proxy does not follow.',
        'upstream_too_large' => 'The tracking service answer was larger than the proxy accepts.',
        'upstream_key_echo' => 'The tracking service answer contained the API key; it was withheld.',
        'upstream_not_json' => 'The tracking service answered with something other than JSON; it was withheld.',
    );

    public int $status;
    public ?string $retryAfter;
    public string $body;
    /** The failure slug, or null for an answer. */
    public ?string $error;

    private function __construct(int $status, ?string $retryAfter, string $body, ?string $error)
    {
        $this->status = $status;
        $this->retryAfter = $retryAfter;
        $this->body = $body;
        $this->error = $error;
    }

    public static function answer(int $status, ?string $retryAfter, string $body): self
    {
        return new self($status, $retryAfter, $body, null);
    }

    /**
     * What a transport received, as the proxy takes it: a redirect is not followed, and a status
     * that carries no answer (1xx, 204, 205, or none) means the exchange did not complete.
     */
    public static function received(int $status, ?string $retryAfter, string $body): self
    {
        if ($status >= 300 && $status < 400) {
            return self::failure('upstream_redirect');
        }
        if ($status < 200 || $status > 599 || $status === 204 || $status === 205) {
            return self::failure('upstream_incomplete');
        }
        return self::answer($status, $retryAfter, $body);
    }

    public static function failure(string $error): self
    {
        return new self(502, null, '', $error);
    }

    /** One line of metadata, then the body as it came: for the cache and for visitors who waited. */
    public function encode(): string
    {
        $meta = array('s' => $this->status, 'r' => $this->retryAfter, 'e' => $this->error);
        return json_encode($meta) . "\n" . $this->body;
    }

    public static function decode(?string $bytes): ?self
    {
        if ($bytes === null) {
            return null;
        }
        $newline = strpos($bytes, "\n");
        $meta = $newline === false ? null : json_decode(substr($bytes, 0, $newline), true);
        if (!is_array($meta) || !is_int($meta['s'] ?? null)) {
            return null;
        }
        $error = $meta['e'] ?? null;
        if (is_string($error) && isset(self::MESSAGES[$error])) {
            return self::failure($error);
        }
        $retryAfter = $meta['r'] ?? null;
        return self::answer($meta['s'], is_string($retryAfter) ? $retryAfter : null, (string) substr($bytes, $newline + 1));
    }
}

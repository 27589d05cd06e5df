<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * What the proxy answers: a status, headers and the body bytes. Every answer is JSON with nosniff
 * and a CSP that lets nothing run or frame, so no answer can become a page on the site's origin.
 */
final class Response
{
    public const JSON_HEADERS = array(
        'content-type' => 'application/json; charset=utf-8',
        'x-content-type-options' => 'nosniff',
        'content-security-policy' => "default-src 'none'; frame-ancestors 'none'",
    );

    public int $status;
    /** @var array<string,string> lower-case names */
    public array $headers;
    public ?string $body;

    /** @param array<string,string> $headers */
    public function __construct(int $status, array $headers, ?string $body)
    {
        $this->status = $status;
        $this->headers = array_merge($headers, self::JSON_HEADERS);
        $this->body = $body;
    }

    /** The proxy's own refusals and failures, in the service's error body shape. */
    public static function error(int $status, string $error, string $message, array $headers = array()): self
    {
        $body = json_encode(array('message' => $message, 'error' => $error));
        return new self($status, array_merge($headers, array('cache-control' => 'no-store')), (string) $body);
    }

    /** Writes the answer with PHP's header() and echo. */
    public function send(): void
    {
        // Nothing set before (X-Powered-By, another plugin's or WordPress's headers) goes out with it.
        header_remove();
        http_response_code($this->status);
        foreach ($this->headers as $name => $value) {
            header($name . ': ' . $value, true);
        }
        if ($this->body !== null) {
            header('content-length: ' . strlen($this->body), true);
            echo $this->body;
        }
    }
}

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/** A visitor's request as the proxy reads it, whatever served it (WordPress or proxy.php). */
final class Request
{
    public string $method;
    /** The raw query string, without `?`; parsed by the proxy itself, never through $_GET. */
    public string $query;
    /** @var array<string,string> lower-case names */
    public array $headers;
    /** The Host the request was sent to; compared with Origin, used for nothing else. */
    public ?string $host;
    public ?string $clientAddress;

    /** @param array<string,string> $headers */
    public function __construct(string $method, string $query, array $headers, ?string $host, ?string $clientAddress)
    {
        $this->method = strtoupper($method);
        $this->query = $query;
        $this->headers = array_change_key_case($headers, CASE_LOWER);
        $this->host = $host;
        $this->clientAddress = $clientAddress;
    }

    /**
     * From PHP's server variables, where HTTP_* holds each request header. WordPress adds slashes
     * to $_SERVER, so it passes wp_unslash($_SERVER) instead.
     *
     * @param array<string,mixed>|null $variables
     */
    public static function fromGlobals(?array $variables = null): self
    {
        $variables = $variables ?? $_SERVER;
        $headers = array();
        foreach ($variables as $name => $value) {
            if (is_string($value) && strpos((string) $name, 'HTTP_') === 0) {
                $headers[strtolower(str_replace('_', '-', substr((string) $name, 5)))] = $value;
            }
        }
        $server = function (string $name) use ($variables): ?string {
            return isset($variables[$name]) && is_string($variables[$name]) ? $variables[$name] : null;
        };
        return new self(
            $server('REQUEST_METHOD') ?? 'GET',
            $server('QUERY_STRING') ?? '',
            $headers,
            $server('HTTP_HOST'),
            $server('REMOTE_ADDR')
        );
    }

    public function header(string $name): ?string
    {
        return $this->headers[$name] ?? null;
    }
}

<?php

namespace CargoTrackers\Proxy;

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

    /** From PHP's server variables: HTTP_* holds each request header. */
    public static function fromGlobals(): self
    {
        $headers = array();
        foreach ($_SERVER as $name => $value) {
            if (is_string($value) && strpos((string) $name, 'HTTP_') === 0) {
                $headers[strtolower(str_replace('_', '-', substr((string) $name, 5)))] = $value;
            }
        }
        $server = function (string $name): ?string {
            return isset($_SERVER[$name]) && is_string($_SERVER[$name]) ? $_SERVER[$name] : null;
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

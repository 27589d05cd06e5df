<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;

/**
 * cors.ts: answers a preflight (when CORS is on), refuses anything but GET, and gives the request
 * the CORS headers its answer carries. Only listed origins get any: never every site, which would
 * let any page spend the account's credits.
 */
final class Cors implements Policy
{
    /** @var array<string,bool> */
    private array $allowed;

    /** @param array<string,bool> $allowed */
    public function __construct(array $allowed)
    {
        $this->allowed = $allowed;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->corsOrigins);
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $request = $ctx->request;
        $origin = $request->header('origin');
        $vary = array('vary' => 'Origin');
        $corsOn = $this->allowed !== array();
        $allow = $corsOn ? 'GET, OPTIONS' : 'GET';
        if ($request->method === 'OPTIONS' && $corsOn) {
            return new Response(204, array_merge($vary, array('allow' => $allow), $this->preflightHeaders($origin)), null);
        }
        if ($request->method !== 'GET') {
            $message = 'Only ' . $allow . ' is allowed here.';
            return Refuse::answer($ctx, 405, 'method_not_allowed', $message, array_merge($vary, array('allow' => $allow)));
        }
        $ctx->cors = array_merge($vary, $this->corsHeaders($origin));
        return $next();
    }

    /** @return array<string,string> */
    private function corsHeaders(?string $origin): array
    {
        if ($origin === null || !isset($this->allowed[$origin])) {
            return array();
        }
        // The widget reads Retry-After to know when to ask again; it is not exposed by default.
        return array('access-control-allow-origin' => $origin, 'access-control-expose-headers' => 'Retry-After');
    }

    /**
     * A listed origin's preflight; the request marker is among the allowed headers, and one preflight lasts two hours.
     *
     * @return array<string,string>
     */
    private function preflightHeaders(?string $origin): array
    {
        $headers = $this->corsHeaders($origin);
        if ($headers === array()) {
            return array();
        }
        return array_merge($headers, array(
            'access-control-allow-methods' => 'GET',
            'access-control-allow-headers' => 'Accept, Accept-Language, Cargo-Trackers-Request',
            'access-control-max-age' => '7200',
        ));
    }
}

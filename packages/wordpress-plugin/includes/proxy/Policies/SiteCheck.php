<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Response;

/**
 * site-check.ts: before anything that costs, another site's page never gets an upstream call or a
 * counter. In PHP the Origin and Sec-Fetch-Site check comes before the marker's (Node checks the
 * marker first; both refuse with 403 cross_site), and an OPTIONS passes without the marker only
 * when CORS is on, to be answered by Cors.
 */
final class SiteCheck implements Policy
{
    /** @var array<string,bool> */
    private array $corsOrigins;
    /** @var array<string,bool> */
    private array $publicOrigins;

    /**
     * @param array<string,bool> $corsOrigins
     * @param array<string,bool> $publicOrigins
     */
    public function __construct(array $corsOrigins, array $publicOrigins)
    {
        $this->corsOrigins = $corsOrigins;
        $this->publicOrigins = $publicOrigins;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->corsOrigins, $setup->publicOrigins);
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $request = $ctx->request;
        $vary = array('vary' => 'Origin');
        if (!$this->siteAllowed($request->header('origin'), $request->header('sec-fetch-site'), $request->host)) {
            return Refuse::answer($ctx, 403, 'cross_site', 'Requests from other sites are not accepted here.', $vary);
        }
        // A preflight carries none of the request's own headers, so it cannot carry the marker.
        $preflight = $request->method === 'OPTIONS' && $this->corsOrigins !== array();
        if (!$preflight && trim((string) $request->header(Proxy::MARKER)) === '') {
            return Refuse::answer(
                $ctx,
                403,
                'cross_site',
                'This proxy answers only requests that carry the Cargo-Trackers-Request header, as the trackers send it; '
                . 'a server-to-server caller sends Cargo-Trackers-Request: 1.',
                $vary
            );
        }
        return $next();
    }

    /**
     * A browser marks a request another page made: Sec-Fetch-Site cross-site or same-site (also for
     * <img> and no-cors fetches, which carry no Origin), and Origin on CORS requests. Such a request
     * passes only from the proxy's own origin or a listed one.
     */
    private function siteAllowed(?string $origin, ?string $site, ?string $host): bool
    {
        if ($origin !== null) {
            return isset($this->corsOrigins[$origin]) || $this->isOwnOrigin($origin, $host);
        }
        if ($site === null) {
            return true;
        }
        $site = strtolower(trim($site));
        return $site === 'same-origin' || $site === 'none';
    }

    private function isOwnOrigin(string $origin, ?string $host): bool
    {
        if ($this->publicOrigins !== array()) {
            return isset($this->publicOrigins[$origin]);
        }
        if ($host === null || preg_match('#^https?://([^/?\#@\s]+)$#i', $origin, $match) !== 1) {
            return false;
        }
        return strtolower($match[1]) === strtolower(trim($host));
    }
}

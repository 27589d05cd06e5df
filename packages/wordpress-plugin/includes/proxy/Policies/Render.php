<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * render.ts: a call's result as this visitor's answer: its CORS headers, a 304 when its validator
 * matches, and `public` caching for a carrier list's 200 only.
 */
final class Render
{
    private int $carrierMaxAgeS;

    public function __construct(int $carrierCacheTtlMs)
    {
        $this->carrierMaxAgeS = intdiv($carrierCacheTtlMs, 1000);
    }

    public static function from(Setup $setup): self
    {
        return new self((int) $setup->limits['carrierCacheTtlMs']);
    }

    /** @param string $cache how it was answered, for the log and X-Proxy-Cache: hit, shared or miss */
    public function answer(Context $ctx, UpstreamResult $result, string $cache): Response
    {
        $ctx->trace['cache'] = $cache;
        $headers = array_merge($ctx->cors, array('x-proxy-cache' => $cache));
        if ($result->error !== null) {
            $ctx->trace['error'] = $result->error;
            return Response::error(502, $result->error, UpstreamResult::MESSAGES[$result->error], $headers);
        }
        if ($cache !== 'hit') {
            $ctx->trace['upstreamStatus'] = $result->status;
        }
        $headers['cache-control'] = !$ctx->isShipment() && $result->status === 200
            ? 'public, max-age=' . $this->carrierMaxAgeS
            : 'no-store';
        if ($result->retryAfter !== null) {
            $headers['retry-after'] = $result->retryAfter;
        }
        if ($result->status !== 200) {
            return new Response($result->status, $headers, $result->body);
        }
        $etag = '"' . dechex(strlen($result->body)) . '-' . substr(hash('sha256', $result->body), 0, 24) . '"';
        $headers['etag'] = $etag;
        if (self::matchesEtag($ctx->request->header('if-none-match'), $etag)) {
            return new Response(304, $headers, null);
        }
        return new Response(200, $headers, $result->body);
    }

    private static function matchesEtag(?string $ifNoneMatch, string $etag): bool
    {
        if ($ifNoneMatch === null) {
            return false;
        }
        if (trim($ifNoneMatch) === '*') {
            return true;
        }
        foreach (explode(',', $ifNoneMatch) as $tag) {
            if (preg_replace('#^W/#', '', trim($tag)) === $etag) {
                return true;
            }
        }
        return false;
    }
}

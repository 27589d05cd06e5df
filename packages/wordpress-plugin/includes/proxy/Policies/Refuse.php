<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Response;

/** refuse.ts: the proxy's own refusals, named in the log line. */
final class Refuse
{
    /** @param array<string,string> $headers */
    public static function answer(Context $ctx, int $status, string $error, string $message, array $headers): Response
    {
        $ctx->trace['error'] = $error;
        return Response::error($status, $error, $message, $headers);
    }

    /** A wait as Retry-After's whole seconds, at least one. */
    public static function retryAfter(int $waitMs): string
    {
        return (string) max(1, (int) ceil($waitMs / 1000));
    }
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Response;

/** lookup-key.ts's route(): the request names one of the four routes, or ends here with a 404. */
final class Route implements Policy
{
    public static function from(Setup $setup): self
    {
        return new self();
    }

    public function handle(Context $ctx, callable $next): Response
    {
        if (!isset(Proxy::ROUTES[$ctx->asked])) {
            return Refuse::answer($ctx, 404, 'not_found', 'No such tracking route.', array());
        }
        $ctx->route = $ctx->asked;
        return $next();
    }
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\JsonGuard;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * guard.ts: what comes back from the upstream goes to visitors only as JSON, and never holding
 * the key (in the body or in Retry-After).
 */
final class Guard implements CallPolicy
{
    private string $apiKey;

    public function __construct(string $apiKey)
    {
        $this->apiKey = $apiKey;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->apiKey);
    }

    public function call(Context $ctx, callable $next): UpstreamResult
    {
        $result = $next();
        if ($result->error !== null) {
            return $result;
        }
        $verdict = JsonGuard::check($result->body, $this->apiKey);
        if ($verdict === JsonGuard::NOT_JSON) {
            return UpstreamResult::failure('upstream_not_json');
        }
        $echoedInHeader = $result->retryAfter !== null && JsonGuard::carriesKey($result->retryAfter, $this->apiKey);
        if ($verdict === JsonGuard::KEY_ECHO || $echoedInHeader) {
            return UpstreamResult::failure('upstream_key_echo');
        }
        return $result;
    }
}

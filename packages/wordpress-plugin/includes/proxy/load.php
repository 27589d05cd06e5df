<?php

/**
 * The PHP proxy core, one class per file, in the order they depend on each other. The WordPress
 * plugin requires this file; scripts/build-proxy-php.mjs reads this list to build proxy.php, so
 * the two can never hold different copies of the logic.
 */

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

require_once __DIR__ . '/Clock.php';
require_once __DIR__ . '/StoreFailure.php';
require_once __DIR__ . '/Counters.php';
require_once __DIR__ . '/Cache.php';
require_once __DIR__ . '/ApcuCounters.php';
require_once __DIR__ . '/RedisCounters.php';
require_once __DIR__ . '/FileStore.php';
require_once __DIR__ . '/JsonGuard.php';
require_once __DIR__ . '/UpstreamResult.php';
require_once __DIR__ . '/Transport.php';
require_once __DIR__ . '/NativeTransport.php';
require_once __DIR__ . '/Request.php';
require_once __DIR__ . '/ClientAddress.php';
require_once __DIR__ . '/Response.php';
require_once __DIR__ . '/SlidingWindow.php';
require_once __DIR__ . '/Policies/Setup.php';
require_once __DIR__ . '/Policies/Context.php';
require_once __DIR__ . '/Policies/NextCalledTwice.php';
require_once __DIR__ . '/Policies/Policy.php';
require_once __DIR__ . '/Policies/CallPolicy.php';
require_once __DIR__ . '/Policies/Chain.php';
require_once __DIR__ . '/Policies/Refuse.php';
require_once __DIR__ . '/Policies/Render.php';
require_once __DIR__ . '/Policies/LogRequests.php';
require_once __DIR__ . '/Policies/Route.php';
require_once __DIR__ . '/Policies/SiteCheck.php';
require_once __DIR__ . '/Policies/Cors.php';
require_once __DIR__ . '/Policies/LookupKey.php';
require_once __DIR__ . '/Policies/CacheRead.php';
require_once __DIR__ . '/Policies/CarrierGate.php';
require_once __DIR__ . '/Policies/Budget.php';
require_once __DIR__ . '/Policies/VisitorLimits.php';
require_once __DIR__ . '/Policies/Join.php';
require_once __DIR__ . '/Policies/CacheWrite.php';
require_once __DIR__ . '/Policies/Guard.php';
require_once __DIR__ . '/Policies/Forward.php';
require_once __DIR__ . '/Policies/Pipeline.php';
require_once __DIR__ . '/Proxy.php';

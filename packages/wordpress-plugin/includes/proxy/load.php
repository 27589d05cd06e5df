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
require_once __DIR__ . '/Proxy.php';

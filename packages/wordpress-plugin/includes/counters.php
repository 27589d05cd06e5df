<?php

/**
 * Where the plugin keeps its counters (visitor quotas, the upstream budget, the short locks), which
 * stand between a flood and the site owner's bill. The rule is simple on purpose:
 *
 * 1. Redis, spoken to directly through phpredis, when the site's object cache is Redis and its
 *    connection is one server described by the WP_REDIS_* constants (the Redis Object Cache
 *    drop-in's settings): shared by every server of the site. Not when its maxmemory-policy is an
 *    allkeys-* one, which evicts live counters when Redis is full.
 * 2. Else APCu, where every PHP worker of this server shares it.
 * 3. Else files under an exclusive flock.
 *
 * WordPress's own wp_cache_incr is never used for counters: in the most installed Redis drop-in it
 * is a GET then a SET, which loses concurrent increments and drops the key's expiry, and in
 * graceful mode, with Redis down, it counts in the request's memory, so nothing is limited. The
 * three stores above are tested for atomic increments that keep their first expiry, and Redis that
 * does not answer is a refusal of new lookups, never lookups that nobody counts.
 */

if (!defined('ABSPATH')) {
    exit;
}

use CargoTrackers\Proxy\ApcuCounters;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\FileStore;
use CargoTrackers\Proxy\RedisCounters;

/** What names this site's counters and state apart from any other site's on the same server or Redis. */
function cargo_trackers_site_id()
{
    return substr(hash_hmac('sha256', 'proxy state', wp_salt('nonce')), 0, 16);
}

/**
 * The connection of the site's Redis object cache, as the drop-in reads it from wp-config.php, or
 * null when the object cache is not Redis or is reached in a way this plugin does not follow
 * (a cluster, shards, replication, Sentinel: counters then stay on this server).
 *
 * @return array<string,mixed>|null
 */
function cargo_trackers_redis_settings()
{
    if (!wp_using_ext_object_cache() || !RedisCounters::available() || (defined('WP_REDIS_DISABLED') && WP_REDIS_DISABLED)) {
        return null;
    }
    foreach (array('WP_REDIS_SERVERS', 'WP_REDIS_SHARDS', 'WP_REDIS_CLUSTER', 'WP_REDIS_SENTINEL') as $constant) {
        if (defined($constant)) {
            return null;
        }
    }
    $cache = isset($GLOBALS['wp_object_cache']) ? $GLOBALS['wp_object_cache'] : null;
    $redis_drop_in = is_object($cache) && method_exists($cache, 'redis_status');
    $configured = false;
    foreach (array('WP_REDIS_HOST', 'WP_REDIS_PORT', 'WP_REDIS_PATH', 'WP_REDIS_SCHEME') as $constant) {
        $configured = $configured || defined($constant);
    }
    if (!$redis_drop_in && !$configured) {
        return null;
    }
    $setting = function ($name, $default) {
        $constant = 'WP_REDIS_' . $name;
        return defined($constant) ? constant($constant) : $default;
    };
    // The drop-in's own defaults.
    $scheme = strtolower((string) $setting('SCHEME', 'tcp'));
    $settings = array(
        'host' => $scheme === 'unix' ? (string) $setting('PATH', '') : str_replace('tls://', '', (string) $setting('HOST', '127.0.0.1')),
        'port' => $scheme === 'unix' ? -1 : (int) $setting('PORT', 6379),
        'tls' => $scheme === 'tls',
        'timeout' => (float) $setting('TIMEOUT', 1),
        'readTimeout' => (float) $setting('READ_TIMEOUT', 1),
        'database' => (int) $setting('DATABASE', 0),
        'auth' => null,
    );
    $password = $setting('PASSWORD', null);
    if (is_array($password) || (is_string($password) && $password !== '')) {
        $settings['auth'] = defined('WP_REDIS_USERNAME') && is_string($password) ? array(WP_REDIS_USERNAME, $password) : $password;
    }
    return $settings;
}

/**
 * The counters for this request. `counters` => 'files' in the proxy's configuration keeps them in
 * files whatever the server has, as proxy.php's setting of that name does.
 *
 * @param array<string,mixed> $config
 */
function cargo_trackers_counters(array $config, FileStore $files): Counters
{
    if (($config['counters'] ?? 'auto') === 'files') {
        return $files;
    }
    $redis = cargo_trackers_redis_settings();
    if ($redis !== null) {
        // Under the drop-in's prefix too, so that a Redis user limited to its keys may write them.
        $prefix = defined('WP_REDIS_PREFIX') && is_string(WP_REDIS_PREFIX) && WP_REDIS_PREFIX !== '' ? WP_REDIS_PREFIX . ':' : '';
        $counters = new RedisCounters($redis, $prefix . 'cargo-trackers:' . cargo_trackers_site_id() . ':');
        // A Redis that evicts any key when full (allkeys-*) could drop a live counter: this server's stores count instead.
        if ($counters->keepsCounters()) {
            return $counters;
        }
    }
    if (ApcuCounters::shared()) {
        return new ApcuCounters('cargo-trackers:' . cargo_trackers_site_id() . ':');
    }
    return $files;
}

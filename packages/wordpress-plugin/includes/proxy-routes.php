<?php

/**
 * The tracking proxy in WordPress: the REST routes cargo-trackers/v1/ocean, air, carriers/ocean and
 * carriers/air, answered by the PHP proxy core (includes/proxy, the same code proxy.php is built
 * from). A request for one of them is answered on parse_request, before WordPress's REST server
 * starts, so the upstream body goes out byte for byte and WordPress adds none of its REST headers
 * (its CORS headers would let any site read the answers).
 */

if (!defined('ABSPATH')) {
    exit;
}

use CargoTrackers\Proxy\FileStore;
use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Request;
use CargoTrackers\Proxy\Response;
use CargoTrackers\WordPress\WordPressTransport;

require_once __DIR__ . '/proxy/load.php';
require_once __DIR__ . '/WordPressTransport.php';
require_once __DIR__ . '/counters.php';

const CARGO_TRACKERS_REST_NAMESPACE = 'cargo-trackers/v1';
/** REST route => the proxy core's route name. */
const CARGO_TRACKERS_REST_ROUTES = array(
    'ocean' => 'ocean',
    'air' => 'air',
    'carriers/ocean' => 'oceanCarriers',
    'carriers/air' => 'airCarriers',
);

/** The address of one of the plugin's routes; rest_url gives the ?rest_route= form under plain permalinks. */
function cargo_trackers_route_url($route)
{
    return rest_url(CARGO_TRACKERS_REST_NAMESPACE . '/' . $route);
}

/**
 * The key: the CARGO_TRACKERS_API_KEY constant (wp-config.php) wins; else the option the settings
 * page stores. Returns [value, where it came from].
 */
function cargo_trackers_api_key_source()
{
    if (defined('CARGO_TRACKERS_API_KEY') && is_string(CARGO_TRACKERS_API_KEY) && CARGO_TRACKERS_API_KEY !== '') {
        return array(CARGO_TRACKERS_API_KEY, 'constant');
    }
    $stored = get_option('cargo_trackers_api_key', '');
    return array(is_string($stored) ? $stored : '', $stored === '' ? 'none' : 'option');
}

/**
 * The service address the key may be sent to, as [value, where it came from]. The
 * CARGO_TRACKERS_API_BASE_URL constant wins. A key from wp-config.php goes only to an address from
 * wp-config.php: the settings page is open to every administrator (on multisite, each site's), who
 * could otherwise point the owner's key at a server of their own ('needs_constant'). A saved address
 * is used only while it passes cargo_trackers_base_url_refusal(), whatever version saved it
 * ('refused'). In both cases the value is '', so nothing is asked.
 */
function cargo_trackers_base_url_source()
{
    if (defined('CARGO_TRACKERS_API_BASE_URL') && is_string(CARGO_TRACKERS_API_BASE_URL) && CARGO_TRACKERS_API_BASE_URL !== '') {
        return array(CARGO_TRACKERS_API_BASE_URL, 'constant');
    }
    if (cargo_trackers_api_key_source()[1] === 'constant') {
        return array('', 'needs_constant');
    }
    $stored = get_option('cargo_trackers_api_base_url', '');
    $stored = is_string($stored) ? $stored : '';
    if ($stored === '') {
        return array('', 'none');
    }
    return cargo_trackers_base_url_refusal($stored) === null ? array($stored, 'option') : array('', 'refused');
}

/**
 * Why the key must not be sent to an address saved on the settings page, or null when it may:
 * https:// only, so the key never crosses the network in the clear; plain http:// only to this
 * machine (a local test service).
 */
function cargo_trackers_base_url_refusal($url)
{
    try {
        $url = Proxy::resolveBase((string) $url);
    } catch (\InvalidArgumentException $error) {
        return $error->getMessage();
    }
    $parts = wp_parse_url($url);
    $scheme = strtolower((string) ($parts['scheme'] ?? ''));
    if ($scheme === 'https' || ($scheme === 'http' && cargo_trackers_is_loopback_host((string) ($parts['host'] ?? '')))) {
        return null;
    }
    return __(
        'The service address must start with https://, so that the key never crosses the network unencrypted. '
        . 'Plain http:// is accepted only for this machine (localhost, 127.0.0.1, [::1]).',
        'cargo-trackers'
    );
}

function cargo_trackers_is_loopback_host($host)
{
    $host = strtolower(rtrim($host, '.'));
    return $host === 'localhost'
        || substr($host, -strlen('.localhost')) === '.localhost'
        || $host === '[::1]'
        || preg_match('/^127(\.\d{1,3}){3}$/', $host) === 1;
}

/** The limits the settings page stores, over the core's defaults. */
function cargo_trackers_limits()
{
    $stored = get_option('cargo_trackers_limits', array());
    $stored = is_array($stored) ? $stored : array();
    $limits = array();
    if (isset($stored['new_numbers_per_hour'])) {
        $limits['newNumbersPerClientPerHour'] = (int) $stored['new_numbers_per_hour'];
    }
    if (isset($stored['visitor_calls_per_minute'])) {
        $limits['clientRequests'] = array('requests' => (int) $stored['visitor_calls_per_minute'], 'windowMs' => 60000);
    }
    if (isset($stored['budget_per_20s'])) {
        $limits['upstreamBudget'] = array('requests' => (int) $stored['budget_per_20s'], 'windowMs' => 20000);
    }
    // A property of the server (how many PHP workers it has), not of the tracking account: wp-config.php.
    if (defined('CARGO_TRACKERS_MAX_CONCURRENT_LOOKUPS')) {
        $limits['maxConcurrentLookups'] = max(1, (int) CARGO_TRACKERS_MAX_CONCURRENT_LOOKUPS);
    }
    return $limits;
}

/** The proxy core's configuration; filter `cargo_trackers_proxy_config` to change any of it. */
function cargo_trackers_proxy_config()
{
    $own = array();
    foreach (array(home_url('/'), site_url('/')) as $url) {
        $parts = wp_parse_url($url);
        if (isset($parts['scheme'], $parts['host'])) {
            $own[] = $parts['scheme'] . '://' . $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
        }
    }
    $cors = preg_split('/[\s,]+/', (string) get_option('cargo_trackers_cors_origins', ''), -1, PREG_SPLIT_NO_EMPTY);
    $config = array(
        'apiKey' => cargo_trackers_api_key_source()[0],
        'baseUrl' => cargo_trackers_base_url_source()[0],
        'corsOrigins' => $cors,
        // The site's own origins, from its settings rather than the Host header a visitor sends.
        'publicOrigins' => array_values(array_unique($own)),
        'trustedProxyHeader' => defined('CARGO_TRACKERS_TRUSTED_PROXY_HEADER') ? CARGO_TRACKERS_TRUSTED_PROXY_HEADER : null,
        'limits' => cargo_trackers_limits(),
        'stateDir' => defined('CARGO_TRACKERS_STATE_DIR')
            ? CARGO_TRACKERS_STATE_DIR
            : get_temp_dir() . 'cargo-trackers-' . cargo_trackers_site_id(),
        // The most the cached answers may take on disk; the oldest go first beyond it.
        'cacheMaxBytes' => defined('CARGO_TRACKERS_CACHE_MAX_BYTES')
            ? (int) CARGO_TRACKERS_CACHE_MAX_BYTES
            : FileStore::DEFAULT_CACHE_MAX_BYTES,
    );
    return apply_filters('cargo_trackers_proxy_config', $config);
}

/**
 * The proxy for this request, or the 500 that says what is missing. Counters go where
 * cargo_trackers_counters() says (the site's Redis, else APCu, else files); cached answers always go
 * to files, where no amount of them can push a counter out.
 *
 * @return Proxy|Response
 */
function cargo_trackers_proxy()
{
    $config = cargo_trackers_proxy_config();
    $base_from = cargo_trackers_base_url_source()[1];
    if (($config['baseUrl'] ?? '') === '' && $base_from === 'needs_constant') {
        return Response::error(
            500,
            'not_configured',
            'Cargo Trackers has its key from CARGO_TRACKERS_API_KEY in wp-config.php, and sends it only to an address '
            . 'defined there too: define CARGO_TRACKERS_API_BASE_URL in wp-config.php.'
        );
    }
    if (($config['baseUrl'] ?? '') === '' && $base_from === 'refused') {
        return Response::error(
            500,
            'not_configured',
            'Cargo Trackers does not send the key to the saved service address, which is not https://: '
            . 'save an https:// address with the key under Settings, Cargo Trackers.'
        );
    }
    if (($config['apiKey'] ?? '') === '' || ($config['baseUrl'] ?? '') === '') {
        return Response::error(
            500,
            'not_configured',
            'Cargo Trackers has no tracking API key or service address: define CARGO_TRACKERS_API_KEY and '
            . 'CARGO_TRACKERS_API_BASE_URL in wp-config.php, or set them under Settings, Cargo Trackers.'
        );
    }
    try {
        $files = cargo_trackers_file_store($config);
        $counters = cargo_trackers_counters($config, $files);
        return new Proxy($config, $counters, $files, new WordPressTransport());
    } catch (\InvalidArgumentException $error) {
        return Response::error(500, 'not_configured', 'Cargo Trackers is not configured: ' . $error->getMessage());
    }
}

/**
 * The files that hold the cached answers (and the counters without an object cache).
 *
 * @param array<string,mixed> $config cargo_trackers_proxy_config()
 */
function cargo_trackers_file_store($config)
{
    return new FileStore((string) $config['stateDir'], (int) ($config['cacheMaxBytes'] ?? FileStore::DEFAULT_CACHE_MAX_BYTES));
}

/** Answers one of the plugin's routes. */
function cargo_trackers_answer($route, Request $request)
{
    $proxy = cargo_trackers_proxy();
    if ($proxy instanceof Response) {
        return $proxy;
    }
    if (function_exists('set_time_limit')) {
        set_time_limit((int) ceil(Proxy::DEFAULT_TIMEOUT_MS / 1000) + 30);
    }
    return $proxy->handle(CARGO_TRACKERS_REST_ROUTES[$route] ?? '', $request);
}

/**
 * The plugin's route a REST route names, or null when it lies outside the plugin's namespace. It is
 * read as WordPress's REST server reads it, so that every spelling the server would route to one of
 * these routes is answered by cargo_trackers_serve_route: rest_api_loaded() serves
 * untrailingslashit($rest_route) (trailing slashes and backslashes dropped), and the server matches
 * routes with '@^route$@i' (any letter case; $ also before a final newline). Pretty permalinks
 * (/wp-json/…, encoded slashes included) arrive here decoded, in the same query variable.
 *
 * @param mixed $rest_route
 */
function cargo_trackers_requested_route($rest_route)
{
    if (!is_string($rest_route)) {
        return null;
    }
    // The whole namespace, so that a wrong path gets the proxy's JSON 404 too.
    $pattern = '@^/' . preg_quote(CARGO_TRACKERS_REST_NAMESPACE, '@') . '(?:/(.*))?$@i';
    if (preg_match($pattern, untrailingslashit($rest_route), $match) !== 1) {
        return null;
    }
    return strtolower($match[1] ?? '');
}

/** On parse_request, before rest_api_loaded: one of the plugin's routes is answered here and now. */
function cargo_trackers_serve_route($wp)
{
    $rest_route = $wp->query_vars['rest_route'] ?? null;
    if (is_array($rest_route)) {
        // ?rest_route[]=…: no route at all, for the plugin or for WordPress's REST server (which
        // fails on it with a PHP error). Said plainly, before anyone reads it as a string.
        Response::error(400, 'bad_route', 'The query parameter rest_route must be given once, as a plain value.')->send();
        exit;
    }
    $route = cargo_trackers_requested_route($rest_route);
    if ($route === null) {
        return;
    }
    // WordPress has added slashes to $_SERVER: a quote in a number or an ETag must arrive as sent.
    cargo_trackers_answer($route, Request::fromGlobals(wp_unslash($_SERVER)))->send();
    exit;
}
add_action('parse_request', 'cargo_trackers_serve_route', 9);

/**
 * The routes are registered too, so that they are listed in the REST index and answer
 * rest_do_request() inside WordPress (re-encoded there, as the REST server does).
 */
function cargo_trackers_register_routes()
{
    foreach (array_keys(CARGO_TRACKERS_REST_ROUTES) as $route) {
        register_rest_route(CARGO_TRACKERS_REST_NAMESPACE, '/' . $route, array(
            'methods' => 'GET',
            // Public by design: the proxy's own checks (the request marker, the origin, quotas) decide.
            'permission_callback' => '__return_true',
            'callback' => function ($request) use ($route) {
                $headers = array();
                foreach ($request->get_headers() as $name => $values) {
                    $headers[str_replace('_', '-', $name)] = implode(', ', $values);
                }
                $query = http_build_query($request->get_query_params(), '', '&', PHP_QUERY_RFC3986);
                $answer = cargo_trackers_answer($route, cargo_trackers_inner_request($query, $headers));
                $response = new WP_REST_Response(json_decode((string) $answer->body, true), $answer->status);
                foreach ($answer->headers as $name => $value) {
                    $response->header($name, $value);
                }
                return $response;
            },
        ));
    }
}
add_action('rest_api_init', 'cargo_trackers_register_routes');

/**
 * A request made inside WordPress (rest_do_request; over HTTP every spelling of the routes is
 * answered on parse_request). It counts against the visitor whose page load made it, identified
 * as on parse_request: the socket address and, behind a trusted proxy, the header that proxy set,
 * never a header the inner request was given.
 *
 * @param array<string,string> $headers
 */
function cargo_trackers_inner_request($query, array $headers)
{
    $visitor = Request::fromGlobals(wp_unslash($_SERVER));
    $trusted = cargo_trackers_proxy_config()['trustedProxyHeader'] ?? null;
    if (is_string($trusted) && $trusted !== '') {
        $name = strtolower($trusted);
        unset($headers[$name]);
        if ($visitor->header($name) !== null) {
            $headers[$name] = $visitor->header($name);
        }
    }
    return new Request('GET', $query, $headers, $visitor->host, $visitor->clientAddress);
}

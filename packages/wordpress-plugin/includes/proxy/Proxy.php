<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * The tracking proxy in PHP: the widget contract of the tracking service, with the protections of
 * the Node reference proxy (packages/proxy). WordPress's routes and proxy.php both call handle();
 * neither holds any of the logic.
 */
final class Proxy
{
    /** Route name => the upstream path and the parameters it forwards. */
    public const ROUTES = array(
        'ocean' => array('/v1/shipments/ocean', 'referenceNumber', 'carrierCode', 'routeDetails'),
        'air' => array('/v1/shipments/air', 'number', null, 'routePath'),
        'oceanCarriers' => array('/v1/carriers/ocean', null, null, null),
        'airCarriers' => array('/v1/carriers/air', null, null, null),
    );

    public const DEFAULT_LIMITS = array(
        'maxBodyBytes' => 5242880,
        'cacheTtlMs' => 60000,
        // 404 and 5xx answers, so that a crowd polling a missing number makes one call.
        'shortCacheTtlMs' => 10000,
        // A 202: the service held the lookup up to two minutes and still works on it, and the element
        // asks again after its poll-interval (120 s by default); a call sooner would only be held again.
        'pendingCacheTtlMs' => 120000,
        // Shipment calls held open at once, site-wide: each holds a PHP worker for up to the timeout.
        'maxConcurrentLookups' => 4,
        'carrierCacheTtlMs' => 600000,
        'newNumbersPerClientPerHour' => 50,
        'clientRequests' => array('requests' => 30, 'windowMs' => 60000),
        'upstreamBudget' => array('requests' => 90, 'windowMs' => 20000),
        'maxValueLength' => 256,
    );

    /** Slightly longer than the service's two-minute hold, as the service's own samples use. */
    public const DEFAULT_TIMEOUT_MS = 130000;

    /** The header the trackers send on every request; no page of another site can send it without a preflight. */
    public const MARKER = 'cargo-trackers-request';

    private const HOUR_MS = 3600000;
    private const SLICES = 10;
    private const CARRIER_RETRY_MS = 30000;
    private const COUNTERS_RETRY_MS = 60000;
    /** How long the answer of a call stays readable for the visitors who waited on it. */
    private const RESULT_TTL_MS = 5000;
    private const WAIT_POLL_US = 50000;
    /** How long a visitor waits, in its worker, for another's call: a held call may take minutes. */
    private const WAIT_SHARED_NS = 3000000000;
    /** What the visitor is told when no lookup slot is free, or after its wait: lookups take seconds to minutes. */
    private const ASK_AGAIN_MS = 10000;
    /** callOnce's outcomes that are no upstream answer. */
    private const BUSY = 'proxy_busy';
    private const PENDING = 'lookup_pending';

    private string $apiKey;
    private string $base;
    /** @var array<string,bool> */
    private array $corsOrigins;
    /** @var array<string,bool> */
    private array $publicOrigins;
    private ?string $trustedHeader;
    private int $timeoutMs;
    /** @var array<string,mixed> */
    private array $limits;
    private Counters $counters;
    private Cache $cache;
    private Transport $transport;
    /** @var callable|null */
    private $logger;

    /**
     * Checks the configuration once, so that a missing key or a malformed address fails loudly.
     *
     * @param array<string,mixed> $config apiKey, baseUrl, corsOrigins, publicOrigins, trustedProxyHeader, timeoutMs, limits
     */
    public function __construct(array $config, Counters $counters, Cache $cache, ?Transport $transport = null, ?callable $logger = null)
    {
        $key = $config['apiKey'] ?? null;
        if (!is_string($key) || trim($key) === '') {
            throw new \InvalidArgumentException('The tracking API key is not set.');
        }
        $this->apiKey = $key;
        $this->base = self::resolveBase((string) ($config['baseUrl'] ?? ''));
        $this->corsOrigins = self::resolveOrigins('CORS origins', $config['corsOrigins'] ?? array());
        $this->publicOrigins = self::resolveOrigins('public origins', $config['publicOrigins'] ?? array());
        $trusted = $config['trustedProxyHeader'] ?? null;
        $this->trustedHeader = is_string($trusted) && $trusted !== '' ? strtolower($trusted) : null;
        $this->timeoutMs = (int) ($config['timeoutMs'] ?? self::DEFAULT_TIMEOUT_MS);
        $this->limits = array_merge(self::DEFAULT_LIMITS, is_array($config['limits'] ?? null) ? $config['limits'] : array());
        $this->counters = $counters;
        $this->cache = $cache;
        $this->transport = $transport ?? new NativeTransport();
        $this->logger = $logger;
    }

    public static function resolveBase(string $baseUrl): string
    {
        $parts = parse_url($baseUrl);
        $scheme = is_array($parts) ? strtolower($parts['scheme'] ?? '') : '';
        if (!is_array($parts) || ($scheme !== 'https' && $scheme !== 'http') || !isset($parts['host'])) {
            throw new \InvalidArgumentException('The tracking service base URL must be an http(s) address.');
        }
        if (isset($parts['query']) || isset($parts['fragment']) || isset($parts['user']) || isset($parts['pass'])) {
            throw new \InvalidArgumentException('The tracking service base URL must be an origin with an optional path, nothing else.');
        }
        return rtrim($baseUrl, '/');
    }

    /**
     * @param mixed $origins
     * @return array<string,bool>
     */
    private static function resolveOrigins(string $what, $origins): array
    {
        $out = array();
        foreach (is_array($origins) ? $origins : array($origins) as $origin) {
            if (!is_string($origin) || preg_match('#^https?://[^/?\#@\s]+$#i', $origin) !== 1) {
                throw new \InvalidArgumentException($what . ' must be bare origins such as https://shop.example');
            }
            $out[$origin] = true;
        }
        return $out;
    }

    /** Answers one request for $route (a key of ROUTES). Never throws. */
    public function handle(string $route, Request $request): Response
    {
        $started = microtime(true);
        $trace = array('route' => $route, 'cache' => 'none');
        $level = 'info';
        try {
            $response = $this->route($route, $request, $trace);
        } catch (StoreFailure $failure) {
            $response = $this->countersUnavailable($trace, array('vary' => 'Origin'));
        } catch (\Throwable $error) {
            $level = 'error';
            $response = $this->refuse($trace, 500, 'proxy_error', 'The proxy failed unexpectedly.', array());
        }
        if ($response->status === 502) {
            $level = 'warn';
        }
        $this->log($request, $trace, $response, $level, $started);
        return $response;
    }

    /** @param array<string,mixed> $trace */
    private function route(string $route, Request $request, array &$trace): Response
    {
        if (!isset(self::ROUTES[$route])) {
            return $this->refuse($trace, 404, 'not_found', 'No such tracking route.', array());
        }
        $origin = $request->header('origin');
        $vary = array('vary' => 'Origin');
        // Before anything that costs: another site's page never gets an upstream call or a counter.
        if (!$this->siteAllowed($request, $origin)) {
            return $this->refuse($trace, 403, 'cross_site', 'Requests from other sites are not accepted here.', $vary);
        }
        $allow = $this->corsOrigins === array() ? 'GET' : 'GET, OPTIONS';
        if ($request->method === 'OPTIONS' && $this->corsOrigins !== array()) {
            return new Response(204, array_merge($vary, array('allow' => $allow), $this->preflightHeaders($origin)), null);
        }
        if (trim((string) $request->header(self::MARKER)) === '') {
            return $this->refuse(
                $trace,
                403,
                'cross_site',
                'This proxy answers only requests that carry the Cargo-Trackers-Request header, as the trackers send it; '
                . 'a server-to-server caller sends Cargo-Trackers-Request: 1.',
                $vary
            );
        }
        if ($request->method !== 'GET') {
            $message = 'Only ' . $allow . ' is allowed here.';
            return $this->refuse($trace, 405, 'method_not_allowed', $message, array_merge($vary, array('allow' => $allow)));
        }
        return $this->forward($route, $request, $trace, array_merge($vary, $this->corsHeaders($origin)));
    }

    /**
     * A browser marks a request another page made: Sec-Fetch-Site cross-site or same-site (also for
     * <img> and no-cors fetches, which carry no Origin), and Origin on CORS requests. Such a request
     * passes only from the proxy's own origin or a listed one.
     */
    private function siteAllowed(Request $request, ?string $origin): bool
    {
        if ($origin !== null) {
            return isset($this->corsOrigins[$origin]) || $this->isOwnOrigin($origin, $request->host);
        }
        $site = $request->header('sec-fetch-site');
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

    /** @return array<string,string> */
    private function corsHeaders(?string $origin): array
    {
        if ($origin === null || !isset($this->corsOrigins[$origin])) {
            return array();
        }
        // The widget reads Retry-After to know when to ask again; it is not exposed by default.
        return array('access-control-allow-origin' => $origin, 'access-control-expose-headers' => 'Retry-After');
    }

    /** @return array<string,string> */
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

    /**
     * @param array<string,mixed> $trace
     * @param array<string,string> $cors
     */
    private function forward(string $route, Request $request, array &$trace, array $cors): Response
    {
        list($upstreamPath, $numberParam) = self::ROUTES[$route];
        $lookup = $this->readLookup($route, $request->query, $trace, $cors);
        if ($lookup instanceof Response) {
            return $lookup;
        }
        $query = self::encodeQuery($lookup);
        if ($numberParam !== null) {
            $trace['numberHash'] = hash('fnv1a64', $lookup[$numberParam]);
        }
        // Everything that changes the upstream answer, and nothing else: no visitor header.
        $cacheKey = 'answer:' . $route . '?' . $query;
        $lookupId = substr(hash('sha256', $cacheKey), 0, 32);
        $isShipment = $numberParam !== null;

        $hit = $this->cached($cacheKey);
        if ($hit !== null) {
            $trace['cache'] = 'hit';
            return $this->respond($request, $route, $hit, $trace, array_merge($cors, array('x-proxy-cache' => 'hit')));
        }

        $lockKey = 'flight:' . $lookupId;
        $holding = false;
        if (!$isShipment) {
            // One carrier-list call per TTL per list, whoever asks; after a failed one, the next waits.
            // The call's lock is taken first, so a visitor arriving meanwhile waits for its list.
            if (!$this->counters->addIfAbsent($lockKey, $this->timeoutMs + 5000)) {
                $shared = $this->awaitShared($cacheKey, $lookupId);
                if ($shared !== null) {
                    $trace['cache'] = 'shared';
                    return $this->respond($request, $route, $shared, $trace, array_merge($cors, array('x-proxy-cache' => 'shared')));
                }
                return $this->carriersPending($trace, $cors);
            }
            $holding = true;
            list($fresh) = $this->counters->counts(array('carriers-fresh:' . $route));
            if ($fresh > 0 || !$this->counters->addIfAbsent('carriers-try:' . $route, self::CARRIER_RETRY_MS)) {
                $this->counters->delete($lockKey);
                return $this->carriersPending($trace, $cors);
            }
        }

        // The budget comes first: a visitor's counters are created only for calls the budget allows,
        // so a flood from many addresses cannot fill the store with counters.
        $takenAt = Clock::nowMs();
        $budget = $this->limits['upstreamBudget'];
        $wait = $this->takeSliding('budget', $budget, $takenAt);
        if ($wait !== null) {
            if ($holding) {
                $this->counters->delete($lockKey);
            }
            $message = 'The tracking budget for this moment is used up; try again shortly.';
            return $this->refuse($trace, 429, 'upstream_budget', $message, array_merge(
                $cors,
                array('retry-after' => self::retryAfter($wait))
            ));
        }
        if ($isShipment) {
            $refusal = $this->admitClient($request, $lookupId, $takenAt, $trace, $cors);
            if ($refusal !== null) {
                $this->giveBack('budget', $budget, $takenAt);
                return $refusal;
            }
        }
        $result = $this->callOnce($route, $lookup, $cacheKey, $lookupId, $takenAt, $trace, $holding);
        if ($result === self::BUSY || $result === self::PENDING) {
            // No call went out for this visitor. A refusal costs it nothing but the quota unit of a
            // number it will ask for again; a wait keeps its rate unit, which bounds the worker time
            // one address can hold by waiting.
            $this->giveBack('budget', $budget, $takenAt);
            if ($result === self::BUSY) {
                $this->giveBack('rate:' . $this->clientId($request), $this->limits['clientRequests'], $takenAt);
            }
            return $result === self::BUSY
                ? $this->refuse($trace, 429, self::BUSY, 'Too many lookups are in progress; try again shortly.', array_merge(
                    $cors,
                    array('retry-after' => self::retryAfter(self::ASK_AGAIN_MS))
                ))
                // The shape of the service's own 202, which the element answers by asking again later.
                : $this->refuse($trace, 202, self::PENDING, 'The lookup is in progress; ask again shortly.', array_merge(
                    $cors,
                    array('retry-after' => self::retryAfter(self::ASK_AGAIN_MS))
                ));
        }
        $headers = array_merge($cors, array('x-proxy-cache' => $trace['cache']));
        return $this->respond($request, $route, $result, $trace, $headers);
    }

    /**
     * The visitor's request rate and quota of new numbers. Each distinct lookup a client makes for
     * the first time in the clock hour uses a unit of its quota; repeats are free.
     *
     * @param array<string,mixed> $trace
     * @param array<string,string> $cors
     */
    private function admitClient(Request $request, string $lookupId, int $now, array &$trace, array $cors): ?Response
    {
        $client = $this->clientId($request);
        $rate = $this->limits['clientRequests'];
        $wait = $this->takeSliding('rate:' . $client, $rate, $now);
        if ($wait !== null) {
            return $this->refuse($trace, 429, 'client_rate', 'Too many lookups from this address; try again shortly.', array_merge(
                $cors,
                array('retry-after' => self::retryAfter($wait))
            ));
        }
        $perHour = $this->limits['newNumbersPerClientPerHour'];
        if ($perHour === null || $perHour === INF) {
            return null;
        }
        $hour = intdiv($now, self::HOUR_MS);
        $untilNextHour = ($hour + 1) * self::HOUR_MS - $now;
        $seenKey = 'seen:' . $hour . ':' . $client . ':' . $lookupId;
        list($seen) = $this->counters->counts(array($seenKey));
        if ($seen > 0) {
            return null;
        }
        $countKey = 'quota:' . $hour . ':' . $client;
        if ($this->counters->increment($countKey, 1, $untilNextHour) > $perHour) {
            $this->counters->increment($countKey, -1, $untilNextHour);
            $this->giveBack('rate:' . $client, $rate, $now);
            return $this->refuse($trace, 429, 'client_quota', 'Too many different numbers from this address; try again later.', array_merge(
                $cors,
                array('retry-after' => self::retryAfter($untilNextHour))
            ));
        }
        // Two concurrent first lookups of one number both charged a unit; the one that did not mark it gives its back.
        if (!$this->counters->addIfAbsent($seenKey, $untilNextHour)) {
            $this->counters->increment($countKey, -1, $untilNextHour);
        }
        return null;
    }

    /**
     * One upstream call for concurrent identical lookups: the first takes a short lock and calls,
     * the others wait a few seconds for its answer and give their budget unit back. The lock lives
     * in the counters, so it holds across every PHP worker that shares them. A shipment call also
     * takes one of the site's lookup slots, or none is made (BUSY); a visitor whose wait ends before
     * the answer comes gets PENDING, so that a call the service holds for minutes holds one worker,
     * not one per visitor.
     *
     * @param array<string,string> $lookup
     * @param array<string,mixed> $trace
     * @return UpstreamResult|string an answer, or BUSY or PENDING
     */
    private function callOnce(
        string $route,
        array $lookup,
        string $cacheKey,
        string $lookupId,
        int $takenAt,
        array &$trace,
        bool $holding
    ) {
        $lockKey = 'flight:' . $lookupId;
        $resultKey = 'result:' . $lookupId;
        $holdMs = $this->timeoutMs + 5000;
        $waitUntil = hrtime(true) + self::WAIT_SHARED_NS;
        while (true) {
            if ($holding || $this->counters->addIfAbsent($lockKey, $holdMs)) {
                $holding = false;
                try {
                    // Another worker may have finished this lookup while this one was counting.
                    $since = $this->cached($cacheKey);
                    if ($since !== null) {
                        $this->giveBack('budget', $this->limits['upstreamBudget'], $takenAt);
                        $trace['cache'] = 'shared';
                        return $since;
                    }
                    $slot = self::ROUTES[$route][1] === null ? '' : $this->takeLookupSlot();
                    if ($slot === null) {
                        return self::BUSY;
                    }
                    try {
                        $trace['cache'] = 'miss';
                        $result = $this->fetchChecked($route, $lookup);
                        $this->keep($route, $cacheKey, $resultKey, $result);
                        return $result;
                    } finally {
                        $this->releaseLookupSlot($slot);
                    }
                } finally {
                    $this->counters->delete($lockKey);
                }
            }
            $shared = UpstreamResult::decode($this->cacheGet($resultKey)) ?? $this->cached($cacheKey);
            if ($shared !== null) {
                $this->giveBack('budget', $this->limits['upstreamBudget'], $takenAt);
                $trace['cache'] = 'shared';
                return $shared;
            }
            if (hrtime(true) >= $waitUntil) {
                return self::PENDING;
            }
            usleep(self::WAIT_POLL_US);
        }
    }

    /**
     * One of the site's maxConcurrentLookups slots, as the key to give it back under ('' when there
     * is no cap), or null when all are taken. A call is counted in the window of its start; windows
     * last one longest call, so a call is counted by the window it started in and the next, and the
     * count of a worker that died mid-call expires with its window instead of holding a slot for ever.
     */
    private function takeLookupSlot(): ?string
    {
        $max = $this->limits['maxConcurrentLookups'];
        if ($max === null) {
            return '';
        }
        $now = Clock::nowMs();
        $windowMs = $this->timeoutMs + 5000;
        $window = intdiv($now, $windowMs);
        $key = 'held:' . $window;
        $ttlMs = ($window + 2) * $windowMs - $now;
        list($earlier) = $this->counters->counts(array('held:' . ($window - 1)));
        if ($earlier + $this->counters->increment($key, 1, $ttlMs) <= (int) $max) {
            return $key;
        }
        $this->counters->increment($key, -1, $ttlMs);
        return null;
    }

    private function releaseLookupSlot(string $key): void
    {
        if ($key === '') {
            return;
        }
        $windowMs = $this->timeoutMs + 5000;
        $ttlMs = ((int) substr($key, strlen('held:')) + 2) * $windowMs - Clock::nowMs();
        try {
            $this->counters->increment($key, -1, max(1, $ttlMs));
        } catch (StoreFailure $failure) {
            // The slot's window expires instead; the answer is not lost for it.
        }
    }

    /**
     * The answer of the call another worker is making for this lookup (its lock was just found
     * taken), if it comes within the visitor's short wait; null otherwise.
     */
    private function awaitShared(string $cacheKey, string $lookupId): ?UpstreamResult
    {
        $waitUntil = hrtime(true) + self::WAIT_SHARED_NS;
        while (true) {
            list($calling) = $this->counters->counts(array('flight:' . $lookupId));
            $shared = UpstreamResult::decode($this->cacheGet('result:' . $lookupId)) ?? $this->cached($cacheKey);
            if ($shared !== null) {
                return $shared;
            }
            if ($calling === 0 || hrtime(true) >= $waitUntil) {
                return null;
            }
            usleep(self::WAIT_POLL_US);
        }
    }

    /**
     * @param array<string,mixed> $trace
     * @param array<string,string> $cors
     */
    private function carriersPending(array &$trace, array $cors): Response
    {
        return $this->refuse($trace, 429, 'carriers_pending', 'The carrier list is being fetched; try again shortly.', array_merge(
            $cors,
            array('retry-after' => self::retryAfter(self::CARRIER_RETRY_MS))
        ));
    }

    /** @param array<string,string> $lookup */
    private function fetchChecked(string $route, array $lookup): UpstreamResult
    {
        list($upstreamPath, $numberParam) = self::ROUTES[$route];
        $query = self::encodeQuery($lookup);
        $url = $this->base . $upstreamPath . ($query === '' ? '' : '?' . $query);
        $headers = array('accept' => 'application/json');
        if ($numberParam !== null) {
            $headers['authorization'] = 'Bearer ' . $this->apiKey;
        }
        $result = $this->transport->get($url, $headers, $this->timeoutMs, (int) $this->limits['maxBodyBytes']);
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

    /** Caches what is worth keeping, and leaves every result for the visitors waiting on it. */
    private function keep(string $route, string $cacheKey, string $resultKey, UpstreamResult $result): void
    {
        $isShipment = self::ROUTES[$route][1] !== null;
        $ttl = 0;
        if ($result->error === null && $result->status === 200) {
            $ttl = (int) $this->limits[$isShipment ? 'cacheTtlMs' : 'carrierCacheTtlMs'];
        } elseif ($isShipment && $result->error === null && $result->status === 202) {
            // The service still works on it: one held call per poll interval serves every visitor polling.
            $ttl = (int) $this->limits['pendingCacheTtlMs'];
        } elseif ($isShipment && $result->error === null && self::briefly($result->status)) {
            // Not billed, and a retry seconds later finds the same; one call serves the crowd meanwhile.
            $ttl = (int) $this->limits['shortCacheTtlMs'];
        }
        try {
            $encoded = $result->encode();
            $this->cache->set($resultKey, $encoded, self::RESULT_TTL_MS);
            if ($ttl > 0) {
                $this->cache->set($cacheKey, $encoded, $ttl);
            }
            if (!$isShipment && $result->error === null && $result->status === 200) {
                $this->counters->addIfAbsent('carriers-fresh:' . $route, (int) $this->limits['carrierCacheTtlMs']);
            }
        } catch (StoreFailure $failure) {
            // A cache that cannot be written costs a later call, never this answer.
        }
    }

    /** 404 and 5xx: kept for seconds only. */
    private static function briefly(int $status): bool
    {
        return $status === 404 || $status >= 500;
    }

    private function cached(string $cacheKey): ?UpstreamResult
    {
        return UpstreamResult::decode($this->cacheGet($cacheKey));
    }

    private function cacheGet(string $key): ?string
    {
        try {
            return $this->cache->get($key);
        } catch (StoreFailure $failure) {
            return null;
        }
    }

    /**
     * @param array<string,mixed> $trace
     * @param array<string,string> $headers
     */
    private function respond(Request $request, string $route, UpstreamResult $result, array &$trace, array $headers): Response
    {
        if ($result->error !== null) {
            $trace['error'] = $result->error;
            return Response::error(502, $result->error, UpstreamResult::MESSAGES[$result->error], $headers);
        }
        if ($trace['cache'] !== 'hit') {
            $trace['upstreamStatus'] = $result->status;
        }
        $carriers = self::ROUTES[$route][1] === null;
        $headers['cache-control'] = $carriers && $result->status === 200
            ? 'public, max-age=' . intdiv((int) $this->limits['carrierCacheTtlMs'], 1000)
            : 'no-store';
        if ($result->retryAfter !== null) {
            $headers['retry-after'] = $result->retryAfter;
        }
        if ($result->status !== 200) {
            return new Response($result->status, $headers, $result->body);
        }
        $etag = '"' . dechex(strlen($result->body)) . '-' . substr(hash('sha256', $result->body), 0, 24) . '"';
        $headers['etag'] = $etag;
        if (self::matchesEtag($request->header('if-none-match'), $etag)) {
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

    /**
     * The forwarded parameters, decoded once as the widget encoded them (URLSearchParams: `+` is a
     * space, `%2B` a plus), or the 400 that says what is wrong with the query.
     *
     * @param array<string,mixed> $trace
     * @param array<string,string> $cors
     * @return array<string,string>|Response
     */
    private function readLookup(string $route, string $query, array &$trace, array $cors)
    {
        $values = array();
        $duplicated = array();
        foreach (explode('&', $query) as $part) {
            if ($part === '') {
                continue;
            }
            $pair = explode('=', $part, 2);
            $name = urldecode($pair[0]);
            if (array_key_exists($name, $values)) {
                $duplicated[$name] = true;
            } else {
                $values[$name] = urldecode($pair[1] ?? '');
            }
        }
        list(, $numberParam, $carrierParam, $flagParam) = self::ROUTES[$route];
        $lookup = array();
        foreach (array($numberParam, $carrierParam, $flagParam) as $name) {
            if ($name === null) {
                continue;
            }
            foreach (array_keys($values) as $given) {
                // number[]=…, number[0]=…: PHP's notation for a list, which no parameter here takes.
                if (strpos((string) $given, $name . '[') === 0) {
                    $message = 'The query parameter ' . $name . ' must be given once, as a plain value, not as a list.';
                    return $this->refuse($trace, 400, 'bad_parameter', $message, $cors);
                }
            }
            if (isset($duplicated[$name])) {
                $message = 'The query parameter ' . $name . ' appears more than once.';
                return $this->refuse($trace, 400, 'duplicate_parameter', $message, $cors);
            }
            if (!array_key_exists($name, $values)) {
                continue;
            }
            $max = (int) $this->limits['maxValueLength'];
            if (self::length($values[$name]) > $max) {
                $message = 'The query parameter ' . $name . ' is longer than ' . $max . ' characters.';
                return $this->refuse($trace, 400, 'value_too_long', $message, $cors);
            }
            // An empty carrierCode is forwarded empty: it is not the same as an absent one.
            $lookup[$name] = $values[$name];
        }
        if ($numberParam !== null && ($lookup[$numberParam] ?? '') === '') {
            return $this->refuse($trace, 400, 'missing_number', 'The query parameter ' . $numberParam . ' is required.', $cors);
        }
        return $lookup;
    }

    /** Characters, as the widget counts them; bytes for a value that is not UTF-8. */
    private static function length(string $value): int
    {
        $count = preg_match_all('/./su', $value);
        return $count === false ? strlen($value) : $count;
    }

    /**
     * encodeURIComponent's encoding, which leaves nothing open to interpretation: `+` always
     * arrives as `%2B`, a space as `%20`. Parameters keep the route's order.
     *
     * @param array<string,string> $lookup
     */
    private static function encodeQuery(array $lookup): string
    {
        $pairs = array();
        foreach ($lookup as $name => $value) {
            $pairs[] = self::encodeComponent($name) . '=' . self::encodeComponent($value);
        }
        return implode('&', $pairs);
    }

    private static function encodeComponent(string $value): string
    {
        return strtr(rawurlencode($value), array('%21' => '!', '%27' => "'", '%28' => '(', '%29' => ')', '%2A' => '*'));
    }

    /**
     * Takes one unit from a sliding window counted in ten slices over at least the window, so that
     * no window ever sees more than `requests` (a fixed window lets twice that through at its
     * boundary). Returns null when taken, else the milliseconds until a unit frees up.
     *
     * @param array{requests:int|null,windowMs:int}|null $limit
     */
    private function takeSliding(string $name, ?array $limit, int $now): ?int
    {
        if ($limit === null || $limit['requests'] === null) {
            return null;
        }
        $sliceMs = max(1, (int) ceil($limit['windowMs'] / self::SLICES));
        $current = intdiv($now, $sliceMs);
        $slices = (int) ceil($limit['windowMs'] / $sliceMs);
        $ttlMs = ($slices + 2) * $sliceMs;
        $keys = array();
        for ($i = 0; $i < $slices; $i++) {
            $keys[] = $name . ':' . ($current - $slices + $i);
        }
        $counts = $this->counters->counts($keys);
        $total = array_sum($counts) + $this->counters->increment($name . ':' . $current, 1, $ttlMs);
        if ($total <= $limit['requests']) {
            return null;
        }
        // Refused calls give their unit back, or a flood would keep the window full for ever.
        $this->counters->increment($name . ':' . $current, -1, $ttlMs);
        $total -= 1;
        for ($i = 0; $i < $slices; $i++) {
            $total -= $counts[$i];
            if ($total < $limit['requests']) {
                return ($current + $i + 1) * $sliceMs - $now;
            }
        }
        return ($current + $slices + 1) * $sliceMs - $now;
    }

    /** @param array{requests:int|null,windowMs:int}|null $limit */
    private function giveBack(string $name, ?array $limit, int $takenAt): void
    {
        if ($limit === null || $limit['requests'] === null) {
            return;
        }
        $sliceMs = max(1, (int) ceil($limit['windowMs'] / self::SLICES));
        $slices = (int) ceil($limit['windowMs'] / $sliceMs);
        $this->counters->increment($name . ':' . intdiv($takenAt, $sliceMs), -1, ($slices + 2) * $sliceMs);
    }

    /** The name a client's counters are kept under (see ClientAddress): never its address. */
    private function clientId(Request $request): string
    {
        return ClientAddress::digest(ClientAddress::network($request, $this->trustedHeader), $this->apiKey);
    }

    private static function retryAfter(int $waitMs): string
    {
        return (string) max(1, (int) ceil($waitMs / 1000));
    }

    /**
     * @param array<string,mixed> $trace
     * @param array<string,string> $headers
     */
    private function refuse(array &$trace, int $status, string $error, string $message, array $headers): Response
    {
        $trace['error'] = $error;
        return Response::error($status, $error, $message, $headers);
    }

    /**
     * @param array<string,mixed> $trace
     * @param array<string,string> $headers
     */
    private function countersUnavailable(array &$trace, array $headers): Response
    {
        return $this->refuse($trace, 429, 'quota_unavailable', 'The proxy cannot count lookups right now; try again later.', array_merge(
            $headers,
            array('retry-after' => self::retryAfter(self::COUNTERS_RETRY_MS))
        ));
    }

    /**
     * One entry per request: never the key, the number (only its fingerprint) or a header value.
     *
     * @param array<string,mixed> $trace
     */
    private function log(Request $request, array $trace, Response $response, string $level, float $started): void
    {
        if ($this->logger === null) {
            return;
        }
        $entry = array(
            'time' => gmdate('Y-m-d\TH:i:s', (int) $started) . sprintf('.%03dZ', (int) (fmod($started, 1) * 1000)),
            'level' => $level,
            'method' => $request->method,
            'route' => $trace['route'],
            'status' => $response->status,
            'durationMs' => (int) round((microtime(true) - $started) * 1000),
            'cache' => $trace['cache'],
        );
        foreach (array('upstreamStatus', 'error', 'numberHash') as $name) {
            if (isset($trace[$name])) {
                $entry[$name] = $trace[$name];
            }
        }
        try {
            ($this->logger)($entry);
        } catch (\Throwable $error) {
            // A broken logger must not turn an answer into a failure.
        }
    }
}

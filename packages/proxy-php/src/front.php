<?php

namespace CargoTrackers\ProxyPhp;

use CargoTrackers\Proxy\ApcuCounters;
use CargoTrackers\Proxy\FileStore;
use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Request;
use CargoTrackers\Proxy\Response;
use CargoTrackers\Proxy\StoreFailure;
use CargoTrackers\Proxy\NativeTransport;

/**
 * proxy.php's front controller: reads the configuration (environment variables, or a config file
 * outside the web root), picks the stores the host has, and answers one request.
 */
final class Front
{
    /** PATH_INFO (proxy.php/ocean) or ?route= => the core's route names. */
    private const ROUTES = array(
        'ocean' => 'ocean',
        'air' => 'air',
        'carriers/ocean' => 'oceanCarriers',
        'carriers/air' => 'airCarriers',
    );

    public static function run(): void
    {
        $request = Request::fromGlobals();
        if (isset($_GET['route']) && !is_string($_GET['route'])) {
            Response::error(400, 'bad_route', 'The query parameter route must be given once, as a plain value.')->send();
            return;
        }
        try {
            $config = self::config();
            $stateDir = (string) ($config['stateDir'] ?? '');
            if ($stateDir === '') {
                $stateDir = sys_get_temp_dir() . '/cargo-trackers-proxy-' . substr(hash('sha256', __FILE__), 0, 12);
            }
            $files = new FileStore($stateDir, (int) ($config['cacheMaxBytes'] ?? FileStore::DEFAULT_CACHE_MAX_BYTES));
            $counters = ApcuCounters::shared() && ($config['counters'] ?? 'auto') !== 'files'
                ? new ApcuCounters('cargo-trackers:' . substr(hash('sha256', __FILE__), 0, 12) . ':')
                : $files;
            // 'streams' forces PHP's HTTP streams where the curl extension is installed (the tests use it).
            $transport = new NativeTransport(($config['transport'] ?? 'auto') === 'streams' ? false : null);
            $proxy = new Proxy($config, $counters, $files, $transport, array(self::class, 'log'));
        } catch (\InvalidArgumentException $error) {
            // The message names the setting, never its value.
            $response = Response::error(500, 'not_configured', 'proxy.php is not configured: ' . $error->getMessage());
            $response->send();
            return;
        }
        if (function_exists('set_time_limit')) {
            set_time_limit((int) ceil(($config['timeoutMs'] ?? Proxy::DEFAULT_TIMEOUT_MS) / 1000) + 30);
        }
        $proxy->handle(self::route(), $request)->send();
        self::sweep($files);
    }

    /**
     * After the answer, any request sweeps the state folder when the last sweep is a minute old, so
     * expired answers and counters do not outlive the traffic that wrote them by more than that.
     */
    private static function sweep(FileStore $files): void
    {
        if (function_exists('fastcgi_finish_request')) {
            // php-fpm: the visitor has the whole answer before the sweep starts.
            fastcgi_finish_request();
        }
        try {
            $files->sweepIfDue();
        } catch (StoreFailure $failure) {
            // A folder that cannot be swept now is swept by a later request.
        }
    }

    private static function route(): string
    {
        $path = isset($_SERVER['PATH_INFO']) && is_string($_SERVER['PATH_INFO']) ? trim($_SERVER['PATH_INFO'], '/') : '';
        if ($path === '' && isset($_GET['route']) && is_string($_GET['route'])) {
            $path = trim($_GET['route'], '/');
        }
        return self::ROUTES[$path] ?? '';
    }

    /** The config file's name in the folders proxy.php looks in. */
    private const CONFIG_NAME = 'cargo-trackers-proxy.config.php';

    /**
     * The config file returns an array; environment variables that are set win over it. It is the
     * file TRACKING_PROXY_CONFIG names, else cargo-trackers-proxy.config.php in the folder above the
     * web root (/home/me/ for /home/me/public_html) or in the folder above proxy.php's. One inside
     * the web root is refused, not read: it holds the key, and a URL could reach it there.
     *
     * Any visitor sees the not_configured answer, so it names these places as the owner finds them
     * (by the web root and proxy.php) and never the server's folders; the log line has those.
     *
     * @return array<string,mixed>
     */
    private static function config(): array
    {
        $named = self::env('TRACKING_PROXY_CONFIG');
        $tried = $named !== null ? array($named => 'the file TRACKING_PROXY_CONFIG names') : self::configCandidates();
        $webRoot = self::webRoot();
        $found = null;
        foreach ($tried as $candidate => $place) {
            if (!is_file($candidate)) {
                continue;
            }
            if ($webRoot !== null && self::isInside($candidate, $webRoot)) {
                $instead = 'Move it one folder above the web root, as ' . self::CONFIG_NAME
                    . ', or set TRACKING_PROXY_CONFIG to a file outside the web root.';
                throw self::notConfigured(
                    'the config file found as ' . $place . ' is inside the web root, where a URL could reach it;'
                    . ' it was not read. ' . $instead,
                    'the config file ' . $candidate . ' is inside the web root (' . $webRoot . '), where a URL could reach it;'
                    . ' it was not read. Move it to ' . dirname($webRoot) . '/' . self::CONFIG_NAME
                    . ' or set TRACKING_PROXY_CONFIG to a file outside the web root.'
                );
            }
            $found ??= $candidate;
        }
        if ($named !== null && $found === null) {
            throw self::notConfigured(
                'TRACKING_PROXY_CONFIG names a file that is not there (or that PHP may not read).',
                'TRACKING_PROXY_CONFIG names ' . $named . ', which is not a file.'
            );
        }
        $config = $found !== null ? require $found : array();
        if (!is_array($config)) {
            throw self::notConfigured(
                'the config file found as ' . $tried[$found] . ' must return an array.',
                $found . ' must return an array.'
            );
        }
        $where = $found !== null
            ? array('in the config file found as ' . $tried[$found], 'in ' . $found)
            : array(
                'in a config file; looked for ' . implode(', then ', $tried) . "; the server's error log names the full paths",
                'in a config file; looked for ' . implode(', ', array_keys($tried)),
            );
        $env = array(
            'apiKey' => self::env('TRACKING_API_KEY'),
            'baseUrl' => self::env('TRACKING_API_BASE_URL'),
            'timeoutMs' => self::env('TRACKING_API_TIMEOUT_MS'),
            'corsOrigins' => self::env('CORS_ORIGINS'),
            'stateDir' => self::env('TRACKING_STATE_DIR'),
            'cacheMaxBytes' => self::env('TRACKING_CACHE_MAX_BYTES'),
            'trustedProxyHeader' => self::env('TRUSTED_PROXY_HEADER'),
        );
        foreach ($env as $name => $value) {
            if ($value !== null) {
                $config[$name] = $value;
            }
        }
        foreach (array('apiKey' => 'TRACKING_API_KEY', 'baseUrl' => 'TRACKING_API_BASE_URL') as $key => $variable) {
            if (($config[$key] ?? '') === '') {
                throw self::notConfigured(
                    'set ' . $variable . ' (or ' . $key . ' ' . $where[0] . ').',
                    'set ' . $variable . ' (or ' . $key . ' ' . $where[1] . ').'
                );
            }
        }
        if (is_string($config['corsOrigins'] ?? null)) {
            $config['corsOrigins'] = preg_split('/[\s,]+/', trim($config['corsOrigins']), -1, PREG_SPLIT_NO_EMPTY);
        }
        if (isset($config['timeoutMs'])) {
            $config['timeoutMs'] = (int) $config['timeoutMs'];
        }
        $maxLookups = self::env('TRACKING_MAX_CONCURRENT_LOOKUPS');
        if ($maxLookups !== null) {
            if (preg_match('/^[1-9][0-9]*$/', $maxLookups) !== 1) {
                throw new \InvalidArgumentException('TRACKING_MAX_CONCURRENT_LOOKUPS must be a whole number of lookups, 1 or more.');
            }
            $limits = is_array($config['limits'] ?? null) ? $config['limits'] : array();
            $config['limits'] = array_merge($limits, array('maxConcurrentLookups' => (int) $maxLookups));
        }
        if (isset($config['cacheMaxBytes'])) {
            if (preg_match('/^[1-9][0-9]*$/', (string) $config['cacheMaxBytes']) !== 1) {
                throw new \InvalidArgumentException('TRACKING_CACHE_MAX_BYTES (cacheMaxBytes) must be a whole number of bytes.');
            }
            $config['cacheMaxBytes'] = (int) $config['cacheMaxBytes'];
        }
        return $config;
    }

    /**
     * Where proxy.php looks for its config file without TRACKING_PROXY_CONFIG, in order: above the
     * web root first, the one place outside it on a shared host whatever folder proxy.php is in.
     *
     * @return array<string,string> Each path => that place as the owner finds it.
     */
    private static function configCandidates(): array
    {
        $candidates = array();
        $webRoot = self::webRoot();
        if ($webRoot !== null) {
            $candidates[dirname($webRoot) . '/' . self::CONFIG_NAME] = self::CONFIG_NAME . ' one folder above the web root';
        }
        $candidates[dirname(__DIR__) . '/' . self::CONFIG_NAME] ??= '../' . self::CONFIG_NAME . " from proxy.php's folder";
        return $candidates;
    }

    /**
     * The exception for a configuration proxy.php cannot run with: its message for the visitor, and
     * the same with the server's paths as a log line on PHP's error output, where only the owner reads it.
     */
    private static function notConfigured(string $message, string $withPaths): \InvalidArgumentException
    {
        self::log(array('level' => 'error', 'status' => 500, 'error' => 'not_configured', 'message' => $withPaths));
        return new \InvalidArgumentException($message);
    }

    /** The web root the server serves proxy.php from (its real path), where it says. */
    private static function webRoot(): ?string
    {
        $root = $_SERVER['DOCUMENT_ROOT'] ?? '';
        $real = is_string($root) && $root !== '' ? realpath($root) : false;
        // A web root of / (or none) says nothing about where a file is safe.
        return $real !== false && rtrim($real, '/\\') !== '' ? rtrim($real, '/\\') : null;
    }

    /** Whether $file (which exists) is $folder or anywhere below it, links followed. */
    private static function isInside(string $file, string $folder): bool
    {
        $real = realpath($file);
        if ($real === false) {
            return false;
        }
        return $real === $folder || strncmp($real, $folder . DIRECTORY_SEPARATOR, strlen($folder) + 1) === 0;
    }

    private static function env(string $name): ?string
    {
        $value = getenv($name);
        return is_string($value) && $value !== '' ? $value : null;
    }

    /** @param array<string,mixed> $entry One JSON line per request on the server's error output; never the key. */
    public static function log(array $entry): void
    {

        file_put_contents('php://stderr', json_encode($entry) . "\n");
    }
}

Front::run();

<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * Counters in Redis through phpredis, shared by every PHP worker on every server that uses that
 * Redis. Each method is one Redis command or one script, so it is atomic, and a counter gets its
 * expiry on its first write and keeps it. Any failure (Redis down, slow past the read timeout, a
 * refused command) is a StoreFailure, which the proxy answers with a refusal: a Redis that goes
 * away never turns into lookups that nobody counts.
 */
final class RedisCounters implements Counters
{
    /**
     * INCRBY, then the expiry when the key has none: what PEXPIRE … NX does (the Node proxy's
     * RedisStore), written so that it also runs on Redis before 7.0, which many hosts still run.
     */
    private const INCREMENT = "local n = redis.call('INCRBY', KEYS[1], ARGV[1])\n"
        . "if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end\n"
        . 'return n';

    /**
     * incrementWithin: reads the others (KEYS[2…]) and the counter (KEYS[1]), and adds ARGV[1] with
     * the expiry ARGV[3] when the total stays within ARGV[2]; replies whether it added, the
     * others' values, then the counter's. The same step as the Node proxy's RedisStore.
     */
    private const INCREMENT_WITHIN = "local counts, total = {}, 0\n"
        . "for i = 2, #KEYS do\n"
        . "  local n = tonumber(redis.call('GET', KEYS[i])) or 0\n"
        . "  counts[#counts + 1] = n\n"
        . "  total = total + n\n"
        . "end\n"
        . "local own = tonumber(redis.call('GET', KEYS[1])) or 0\n"
        . "local added = 0\n"
        . "if total + own + tonumber(ARGV[1]) <= tonumber(ARGV[2]) then\n"
        . "  own = redis.call('INCRBY', KEYS[1], ARGV[1])\n"
        . "  if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end\n"
        . "  added = 1\n"
        . "end\n"
        . "counts[#counts + 1] = own\n"
        . "table.insert(counts, 1, added)\n"
        . 'return counts';

    /** How long a server's maxmemory-policy, once read, is trusted by the workers that share APCu. */
    private const POLICY_TTL_S = 60;

    /** @var array<string,bool> per server: whether its maxmemory-policy may evict live counters */
    private static array $evicts = array();

    /** @var array<string,mixed> */
    private array $settings;
    private string $prefix;
    private ?\Redis $redis = null;

    /**
     * @param array<string,mixed> $settings host (or a unix socket path, with port -1), port, tls,
     *     timeout and readTimeout (seconds), auth (a password, or [user, password]), database.
     */
    public function __construct(array $settings, string $prefix)
    {
        $this->settings = $settings + array(
            'host' => '127.0.0.1',
            'port' => 6379,
            'tls' => false,
            'timeout' => 1.0,
            'readTimeout' => 1.0,
            'auth' => null,
            'database' => 0,
        );
        $this->prefix = $prefix;
    }

    public static function available(): bool
    {
        return class_exists('Redis');
    }

    /**
     * Whether this Redis keeps a counter until it expires. Not under an allkeys-* maxmemory-policy:
     * a full Redis then evicts any key, a live counter too, and a visitor's quota, the budget or a
     * call's lock would start again from nothing. The policy is read once per process and server
     * (and shared for a minute through APCu where the workers share it). A Redis that cannot be
     * asked counts as keeping them: its counters then fail loudly, as they always have.
     */
    public function keepsCounters(): bool
    {
        $server = $this->settings['host'] . ':' . $this->settings['port'] . '/' . (int) $this->settings['database'];
        if (!isset(self::$evicts[$server])) {
            $shared = 'cargo-trackers:redis-evicts:' . $server;
            $known = ApcuCounters::available() ? apcu_fetch($shared) : false;
            if ($known !== 'evicts' && $known !== 'keeps') {
                try {
                    $info = $this->connection()->info('memory');
                } catch (\RedisException $error) {
                    $this->redis = null;
                    return true;
                }
                $policy = is_array($info) && is_string($info['maxmemory_policy'] ?? null) ? $info['maxmemory_policy'] : '';
                $known = strpos($policy, 'allkeys-') === 0 ? 'evicts' : 'keeps';
                if (ApcuCounters::available()) {
                    apcu_store($shared, $known, self::POLICY_TTL_S);
                }
            }
            self::$evicts[$server] = $known === 'evicts';
        }
        return !self::$evicts[$server];
    }

    public function increment(string $key, int $by, int $ttlMs): int
    {
        $value = $this->call(function (\Redis $redis) use ($key, $by, $ttlMs) {
            return $redis->eval(self::INCREMENT, array($this->prefix . $key, $by, max(1, $ttlMs)), 1);
        });
        if (!is_int($value)) {
            throw new StoreFailure('Redis could not count ' . $key);
        }
        return $value;
    }

    public function incrementWithin(string $key, int $by, int $ttlMs, array $others, int $limit): array
    {
        $names = array_map(function (string $name): string {
            return $this->prefix . $name;
        }, array_merge(array($key), $others));
        $reply = $this->call(function (\Redis $redis) use ($names, $by, $limit, $ttlMs) {
            return $redis->eval(self::INCREMENT_WITHIN, array_merge($names, array($by, $limit, max(1, $ttlMs))), count($names));
        });
        if (!is_array($reply) || count($reply) !== count($names) + 1) {
            throw new StoreFailure('Redis could not count ' . $key);
        }
        $values = array_map('intval', array_values($reply));
        $added = array_shift($values) === 1;
        return array($added, $values);
    }

    public function counts(array $keys): array
    {
        if ($keys === array()) {
            return array();
        }
        $names = array_map(function (string $key): string {
            return $this->prefix . $key;
        }, $keys);
        $values = $this->call(function (\Redis $redis) use ($names) {
            return $redis->mget($names);
        });
        if (!is_array($values)) {
            throw new StoreFailure('Redis could not read the counters');
        }
        return array_map(function ($value): int {
            return is_string($value) ? (int) $value : 0;
        }, array_values($values));
    }

    public function addIfAbsent(string $key, int $ttlMs): bool
    {
        return $this->call(function (\Redis $redis) use ($key, $ttlMs) {
            return $redis->set($this->prefix . $key, '1', array('nx', 'px' => max(1, $ttlMs)));
        }) === true;
    }

    public function delete(string $key): void
    {
        $this->call(function (\Redis $redis) use ($key) {
            return $redis->del($this->prefix . $key);
        });
    }

    /**
     * Runs one command on the connection (made on first use), turning every way it can fail into
     * a StoreFailure. phpredis reports a failed command as false, and a lost server as an exception.
     *
     * @return mixed
     */
    private function call(callable $command)
    {
        try {
            $result = $command($this->connection());
        } catch (\RedisException $error) {
            $this->redis = null;
            throw new StoreFailure('Redis is not answering: ' . $error->getMessage());
        }
        if ($result === false && $this->redis !== null && $this->redis->getLastError() !== null) {
            $message = (string) $this->redis->getLastError();
            $this->redis->clearLastError();
            throw new StoreFailure('Redis refused a counter command: ' . $message);
        }
        return $result;
    }

    private function connection(): \Redis
    {
        if ($this->redis !== null) {
            return $this->redis;
        }
        $settings = $this->settings;
        $redis = new \Redis();
        $host = (string) $settings['host'];
        $port = (int) $settings['port'];
        if ($settings['tls'] === true) {
            $host = 'tls://' . $host;
        }
        if (!$redis->connect($host, $port, (float) $settings['timeout'], null, 0, (float) $settings['readTimeout'])) {
            throw new \RedisException('cannot connect to ' . $host);
        }
        if ($settings['auth'] !== null && !$redis->auth($settings['auth'])) {
            throw new \RedisException('authentication failed');
        }
        if ((int) $settings['database'] !== 0 && !$redis->select((int) $settings['database'])) {
            throw new \RedisException('cannot select database ' . (int) $settings['database']);
        }
        $this->redis = $redis;
        return $redis;
    }
}

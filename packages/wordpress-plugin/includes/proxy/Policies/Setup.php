<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Cache;
use CargoTrackers\Proxy\Counters;
use CargoTrackers\Proxy\Transport;

/**
 * Everything the policies are built from, already checked by Proxy's constructor (the PHP side of
 * pipeline.ts's PipelineConfig).
 */
final class Setup
{
    public string $apiKey;
    /** The service's origin and path prefix, without a trailing slash. */
    public string $base;
    /** @var array<string,bool> */
    public array $corsOrigins;
    /** @var array<string,bool> */
    public array $publicOrigins;
    public ?string $trustedHeader;
    public int $timeoutMs;
    /** @var array<string,mixed> Proxy::DEFAULT_LIMITS with the operator's settings over them */
    public array $limits;
    public Counters $counters;
    public Cache $cache;
    public Transport $transport;
    /** @var callable|null */
    public $logger;

    /**
     * @param array<string,bool> $corsOrigins
     * @param array<string,bool> $publicOrigins
     * @param array<string,mixed> $limits
     */
    public function __construct(
        string $apiKey,
        string $base,
        array $corsOrigins,
        array $publicOrigins,
        ?string $trustedHeader,
        int $timeoutMs,
        array $limits,
        Counters $counters,
        Cache $cache,
        Transport $transport,
        ?callable $logger
    ) {
        $this->apiKey = $apiKey;
        $this->base = $base;
        $this->corsOrigins = $corsOrigins;
        $this->publicOrigins = $publicOrigins;
        $this->trustedHeader = $trustedHeader;
        $this->timeoutMs = $timeoutMs;
        $this->limits = $limits;
        $this->counters = $counters;
        $this->cache = $cache;
        $this->transport = $transport;
        $this->logger = $logger;
    }

    /** How long a call's lock and lookup slot are held at most: one longest call, and a margin. */
    public function holdMs(): int
    {
        return $this->timeoutMs + 5000;
    }
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Transport;
use CargoTrackers\Proxy\UpstreamResult;

/**
 * forward.ts, the end of the call stage: the one upstream call, built from the canonical lookup
 * alone. The key goes only to the shipment endpoints; no visitor header reaches the service.
 */
final class Forward
{
    private Transport $transport;
    private string $base;
    private string $apiKey;
    private int $timeoutMs;
    private int $maxBodyBytes;

    public function __construct(Transport $transport, string $base, string $apiKey, int $timeoutMs, int $maxBodyBytes)
    {
        $this->transport = $transport;
        $this->base = $base;
        $this->apiKey = $apiKey;
        $this->timeoutMs = $timeoutMs;
        $this->maxBodyBytes = $maxBodyBytes;
    }

    public static function from(Setup $setup): self
    {
        return new self($setup->transport, $setup->base, $setup->apiKey, $setup->timeoutMs, (int) $setup->limits['maxBodyBytes']);
    }

    public function call(Context $ctx): UpstreamResult
    {
        list($upstreamPath, $numberParam) = Proxy::ROUTES[$ctx->routeName()];
        $query = LookupKey::encodeQuery($ctx->lookup());
        $url = $this->base . $upstreamPath . ($query === '' ? '' : '?' . $query);
        $headers = array('accept' => 'application/json');
        if ($numberParam !== null) {
            $headers['authorization'] = 'Bearer ' . $this->apiKey;
        }
        $ctx->upstreamCalled = true;
        return $this->transport->get($url, $headers, $this->timeoutMs, $this->maxBodyBytes);
    }
}

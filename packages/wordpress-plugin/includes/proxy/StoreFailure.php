<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/** A store that cannot count: the proxy refuses the lookup (429 quota_unavailable) rather than let it through uncounted. */
final class StoreFailure extends \RuntimeException
{
}

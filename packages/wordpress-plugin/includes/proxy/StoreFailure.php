<?php

namespace CargoTrackers\Proxy;

/** A store that cannot count: the proxy refuses the lookup (429 quota_unavailable) rather than let it through uncounted. */
final class StoreFailure extends \RuntimeException
{
}

<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Request;

/**
 * One visitor's request on its way through the policies; each fills in what it learned for those
 * after it (policy.ts's RequestContext; in PHP the call stage reads the same context).
 */
final class Context
{
    public Request $request;
    /** The route name the request asked for, known or not. */
    public string $asked;
    /** @var array<string,mixed> Everything the log line needs that only the policies learn. */
    public array $trace;
    /** A key of Proxy::ROUTES; set by Route. */
    public ?string $route = null;
    /** @var array<string,string> Vary and the CORS headers for this visitor's origin; set by Cors. */
    public array $cors = array();
    /** @var array<string,string>|null The forwarded parameters, in the route's order; set by LookupKey. */
    public ?array $lookup = null;
    /** Everything that changes the upstream answer, and nothing else; set by LookupKey. */
    public string $cacheKey = '';
    /** A short fixed-length name for the lookup in counter and lock keys; set by LookupKey. */
    public string $lookupId = '';
    /** When the call was counted, for everything given back later; set by Budget. */
    public int $takenAt = 0;
    /** The carrier gate holds this lookup's flight lock, and lets go of it itself. */
    public bool $holdsFlight = false;
    /** Forward sent the upstream call: only then does it keep its budget unit. */
    public bool $upstreamCalled = false;

    public function __construct(string $asked, Request $request)
    {
        $this->asked = $asked;
        $this->request = $request;
        $this->trace = array('route' => $asked, 'cache' => 'none');
    }

    /** A shipment lookup (with a number and the key), not an open carrier list. */
    public function isShipment(): bool
    {
        return Proxy::ROUTES[$this->routeName()][1] !== null;
    }

    /**
     * The route, which Route sets before every policy that reads it; a pipeline built in another
     * order fails here, by name, rather than on an undefined index later.
     */
    public function routeName(): string
    {
        if ($this->route === null) {
            throw new \LogicException('No route on the request: the route policy runs before this one.');
        }
        return $this->route;
    }

    /**
     * The lookup, which LookupKey sets before every policy that reads it.
     *
     * @return array<string,string>
     */
    public function lookup(): array
    {
        if ($this->lookup === null) {
            throw new \LogicException('No lookup on the request: the lookup-key policy runs before this one.');
        }
        return $this->lookup;
    }
}

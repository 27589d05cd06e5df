<?php

namespace CargoTrackers\Proxy\Policies;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

use CargoTrackers\Proxy\Proxy;
use CargoTrackers\Proxy\Response;

/**
 * lookup-key.ts's lookupKey(): reads the query into the lookup and its canonical key, or ends the
 * request with the 400 that says what is wrong with it. (Node also remembers queries it read, in a
 * LookupMemo; a PHP worker answers one request, so there is nothing to remember them for.)
 */
final class LookupKey implements Policy
{
    private int $maxValueLength;

    public function __construct(int $maxValueLength)
    {
        $this->maxValueLength = $maxValueLength;
    }

    public static function from(Setup $setup): self
    {
        return new self((int) $setup->limits['maxValueLength']);
    }

    public function handle(Context $ctx, callable $next): Response
    {
        $route = $ctx->routeName();
        $lookup = $this->read($ctx, $route);
        if ($lookup instanceof Response) {
            return $lookup;
        }
        $numberParam = Proxy::ROUTES[$route][1];
        if ($numberParam !== null) {
            $ctx->trace['numberHash'] = hash('fnv1a64', $lookup[$numberParam]);
        }
        $ctx->lookup = $lookup;
        // Everything that changes the upstream answer, and nothing else: no visitor header.
        $ctx->cacheKey = 'answer:' . $route . '?' . self::encodeQuery($lookup);
        $ctx->lookupId = substr(hash('sha256', $ctx->cacheKey), 0, 32);
        return $next();
    }

    /**
     * encodeURIComponent's encoding, which leaves nothing open to interpretation: `+` always
     * arrives as `%2B`, a space as `%20`. Parameters keep the route's order.
     *
     * @param array<string,string> $lookup
     */
    public static function encodeQuery(array $lookup): string
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
     * The forwarded parameters, decoded once as the widget encoded them (URLSearchParams: `+` is a
     * space, `%2B` a plus), or the 400 that says what is wrong with the query.
     *
     * @return array<string,string>|Response
     */
    private function read(Context $ctx, string $route)
    {
        $values = array();
        $duplicated = array();
        foreach (explode('&', $ctx->request->query) as $part) {
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
        list(, $numberParam, $carrierParam, $flagParam) = Proxy::ROUTES[$route];
        $lookup = array();
        foreach (array($numberParam, $carrierParam, $flagParam) as $name) {
            if ($name === null) {
                continue;
            }
            foreach (array_keys($values) as $given) {
                // number[]=…, number[0]=…: PHP's notation for a list, which no parameter here takes.
                if (strpos((string) $given, $name . '[') === 0) {
                    $message = 'The query parameter ' . $name . ' must be given once, as a plain value, not as a list.';
                    return Refuse::answer($ctx, 400, 'bad_parameter', $message, $ctx->cors);
                }
            }
            if (isset($duplicated[$name])) {
                $message = 'The query parameter ' . $name . ' appears more than once.';
                return Refuse::answer($ctx, 400, 'duplicate_parameter', $message, $ctx->cors);
            }
            if (!array_key_exists($name, $values)) {
                continue;
            }
            if (self::length($values[$name]) > $this->maxValueLength) {
                $message = 'The query parameter ' . $name . ' is longer than ' . $this->maxValueLength . ' characters.';
                return Refuse::answer($ctx, 400, 'value_too_long', $message, $ctx->cors);
            }
            // An empty carrierCode is forwarded empty: it is not the same as an absent one.
            $lookup[$name] = $values[$name];
        }
        if ($numberParam !== null && ($lookup[$numberParam] ?? '') === '') {
            $message = 'The query parameter ' . $numberParam . ' is required.';
            return Refuse::answer($ctx, 400, 'missing_number', $message, $ctx->cors);
        }
        return $lookup;
    }

    /** Characters, as the widget counts them; bytes for a value that is not UTF-8. */
    private static function length(string $value): int
    {
        $count = preg_match_all('/./su', $value);
        return $count === false ? strlen($value) : $count;
    }
}

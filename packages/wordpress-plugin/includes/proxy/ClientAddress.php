<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * Who a visitor is, for their quotas: the rule of the Node proxy (packages/proxy/src/primitives/client-address.ts),
 * which reads addresses as ipaddr.js does. Both are checked against one table of cases,
 * test/packages/proxy/client-address-cases.json, so that a visitor counts the same in either proxy.
 */
final class ClientAddress
{
    /** The network of a request with no usable address: all such visitors share one quota. */
    public const UNKNOWN = 'unknown';

    /** What JavaScript's trim() removes from a header value, which Node reads as Latin-1. */
    private const SPACE = " \t\n\r\x0B\x0C\xA0";
    private const IPV4_PART = '(0?\d+|0x[a-f0-9]+)';
    private const ZONE = '%[0-9a-z]{1,}';
    private const IPV6_PART = '(?:[0-9a-f]+::?)+';

    /**
     * The network a request's quotas are counted under. Behind a trusted proxy the address comes
     * from the header it sets (for a list such as X-Forwarded-For, the last entry, the one your own
     * proxy appended; earlier entries are whatever the client claimed). Otherwise, and when that
     * header holds no address (garbage, a name), it comes from the socket (REMOTE_ADDR), which a
     * visitor cannot forge.
     */
    public static function network(Request $request, ?string $trustedHeader): string
    {
        if ($trustedHeader !== null) {
            $value = $request->header(strtolower($trustedHeader));
            if ($value !== null) {
                $entries = explode(',', $value);
                $forwarded = self::parse((string) end($entries));
                if ($forwarded !== null) {
                    return self::networkKey($forwarded);
                }
            }
        }
        $socket = $request->clientAddress === null ? null : self::parse($request->clientAddress);
        return $socket === null ? self::UNKNOWN : self::networkKey($socket);
    }

    /**
     * The name a network's counters are kept under: an HMAC-SHA-256 of it, keyed with the API key,
     * so that the store never holds a visitor's address. The same as the Node proxy's.
     */
    public static function digest(string $network, string $secret): string
    {
        return substr(hash_hmac('sha256', $network, "cargo-trackers client address v1\n" . $secret), 0, 32);
    }

    /**
     * An address as platforms write it: `203.0.113.7`, `203.0.113.7:5678`, `2001:db8::1`,
     * `[2001:db8::1]:443`, `fe80::1%eth0`, `::ffff:203.0.113.7` (read as the IPv4 address it maps).
     * Its bytes (4 or 16), or null for anything else, including IPv4's legacy spellings (`0x7f.1`,
     * `127.1`), which no platform writes and which would let one address pass as several.
     */
    public static function parse(string $text): ?string
    {
        $host = trim($text, self::SPACE);
        $bracketed = preg_match('/^\[([^\]]+)\](?::\d{1,5})?$/D', $host, $match) === 1;
        if ($bracketed) {
            $host = $match[1];
        } elseif (preg_match('/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/D', $host, $match) === 1) {
            $host = $match[1];
        }
        $v4 = self::fourPartDecimal($host);
        if ($v4 !== null) {
            return $v4;
        }
        if (!$bracketed && strpos($host, '.') !== false && strpos($host, ':') === false) {
            return null;
        }
        $parts = strpos($host, ':') === false ? null : self::ipv6Parts($host);
        if ($parts === null) {
            return null;
        }
        $bytes = pack('n*', ...$parts);
        // IPv4-mapped (::ffff:0:0/96): the IPv4 client it stands for.
        return substr($bytes, 0, 12) === str_repeat("\0", 10) . "\xff\xff" ? substr($bytes, 12) : $bytes;
    }

    /** IPv4 as one address, IPv6 by its /64: an IPv6 client usually holds a whole /64. */
    private static function networkKey(string $bytes): string
    {
        if (strlen($bytes) === 4) {
            return implode('.', array_map('ord', str_split($bytes)));
        }
        $groups = array_values(unpack('n8', substr($bytes, 0, 8) . str_repeat("\0", 8)));
        return self::rfc5952($groups) . '/64';
    }

    /** Dotted decimal without leading zeros, each part at most 255 (ipaddr.js isValidFourPartDecimal). */
    private static function fourPartDecimal(string $host): ?string
    {
        if (preg_match('/^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/D', $host) !== 1) {
            return null;
        }
        $bytes = '';
        foreach (explode('.', $host) as $part) {
            if (strlen($part) > 3 || (int) $part > 255) {
                return null;
            }
            $bytes .= chr((int) $part);
        }
        return $bytes;
    }

    /**
     * The eight groups of an IPv6 address, or null: ipaddr.js's IPv6 parser, case for case (a
     * zone, `::` once, an embedded IPv4 address, the deprecated `::1.2.3.4` read as `::ffff:1.2.3.4`).
     *
     * @return list<int>|null
     */
    private static function ipv6Parts(string $host): ?array
    {
        $v4 = self::IPV4_PART . '\.' . self::IPV4_PART . '\.' . self::IPV4_PART . '\.' . self::IPV4_PART;
        if (preg_match('/^(?:::)(' . $v4 . '(' . self::ZONE . ')?)$/Di', $host, $match) === 1) {
            return self::ipv6Parts('::ffff:' . $match[1]);
        }
        if (preg_match('/^(::)?(' . self::IPV6_PART . ')?([0-9a-f]+)?(::)?(' . self::ZONE . ')?$/Di', $host) === 1) {
            return self::expand($host, 8);
        }
        $transitional = '/^((?:' . self::IPV6_PART . ')|(?:::)(?:' . self::IPV6_PART . ')?)' . $v4 . '(' . self::ZONE . ')?$/Di';
        if (preg_match($transitional, $host, $match) !== 1) {
            return null;
        }
        $head = $match[1];
        if (substr($head, -2) !== '::') {
            $head = substr($head, 0, -1);
        }
        $parts = self::expand($head . ($match[6] ?? ''), 6);
        if ($parts === null) {
            return null;
        }
        $octets = array();
        foreach (array($match[2], $match[3], $match[4], $match[5]) as $octet) {
            // JavaScript's parseInt without a radix: 0x is hexadecimal, anything else decimal.
            $value = stripos($octet, '0x') === 0 ? hexdec(substr($octet, 2)) : (float) $octet;
            if ($value > 255) {
                return null;
            }
            $octets[] = (int) $value;
        }
        $parts[] = $octets[0] << 8 | $octets[1];
        $parts[] = $octets[2] << 8 | $octets[3];
        return $parts;
    }

    /**
     * `::` expanded to the zero groups it stands for, the zone dropped; null unless that gives
     * exactly $count groups of at most four hex digits each.
     *
     * @return list<int>|null
     */
    private static function expand(string $address, int $count): ?array
    {
        if (substr_count($address, '::') > 1) {
            return null;
        }
        $zone = strpos($address, '%');
        if ($zone !== false && preg_match('/' . self::ZONE . '/i', $address) === 1) {
            $address = substr($address, 0, $zone);
        }
        $colons = substr_count($address, ':');
        if (substr($address, 0, 2) === '::') {
            $colons--;
        }
        if (substr($address, -2) === '::') {
            $colons--;
        }
        if ($colons >= $count) {
            return null;
        }
        $pos = strpos($address, '::');
        if ($pos !== false) {
            $address = substr($address, 0, $pos) . ':' . str_repeat('0:', $count - $colons) . substr($address, $pos + 2);
        }
        if (substr($address, 0, 1) === ':') {
            $address = substr($address, 1);
        }
        if (substr($address, -1) === ':') {
            $address = substr($address, 0, -1);
        }
        $groups = explode(':', $address);
        if (count($groups) !== $count) {
            return null;
        }
        $parts = array();
        foreach ($groups as $group) {
            // The patterns above let only hex digits through; an empty or long group is no address.
            if ($group === '' || strlen($group) > 4) {
                return null;
            }
            $parts[] = (int) hexdec($group);
        }
        return $parts;
    }

    /**
     * Eight groups written the standard way (RFC 5952): lower case, no leading zeros, the longest
     * run of two or more zero groups (the first of equals) as `::`.
     *
     * @param list<int> $groups
     */
    private static function rfc5952(array $groups): string
    {
        $best = -1;
        $bestLength = 1;
        for ($i = 0; $i < 8; $i++) {
            $length = 0;
            while ($i + $length < 8 && $groups[$i + $length] === 0) {
                $length++;
            }
            if ($length > $bestLength) {
                $best = $i;
                $bestLength = $length;
            }
            $i += $length;
        }
        $hex = array_map('dechex', $groups);
        if ($best < 0) {
            return implode(':', $hex);
        }
        return implode(':', array_slice($hex, 0, $best)) . '::' . implode(':', array_slice($hex, $best + $bestLength));
    }
}

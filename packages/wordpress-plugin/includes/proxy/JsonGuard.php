<?php

namespace CargoTrackers\Proxy;

if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {
    exit;
}

/**
 * Whether an upstream body may go out: it must be UTF-8 JSON and must not carry the key in any
 * form a service that repeats its request back might use: raw, JSON-escaped ("\u0074rk_…"),
 * URL-encoded ("%74rk_…"), or base64 (standard or URL-safe, padded or not, wherever it starts).
 * The body is only read, never rewritten.
 */
final class JsonGuard
{
    public const OK = 'ok';
    public const NOT_JSON = 'not_json';
    public const KEY_ECHO = 'key_echo';

    /** Deeper documents are refused rather than risk the parser's limits. */
    private const MAX_DEPTH = 10000;

    public static function check(string $body, string $apiKey): string
    {
        try {
            $document = json_decode($body, true, self::MAX_DEPTH, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        } catch (\JsonException $error) {
            return self::NOT_JSON;
        }
        $needles = self::needles($apiKey);
        if (self::textCarries($body, $needles)) {
            return self::KEY_ECHO;
        }
        // Without an escape in the text, the decoded strings are slices of the text, already searched.
        if (strpos($body, '\\') === false) {
            return self::OK;
        }
        return self::containsKey($document, $needles) ? self::KEY_ECHO : self::OK;
    }

    /** Whether one text (a header's value) carries the key in any of the forms check() looks for. */
    public static function carriesKey(string $text, string $apiKey): bool
    {
        return self::textCarries($text, self::needles($apiKey));
    }

    /**
     * The key and what stands for it in base64. Base64 writes three bytes as four characters, so
     * how the key is written depends on where it starts among the encoded bytes ("Bearer trk_…",
     * "user:trk_…"): for each of the three starts, the whole groups of the key are written the
     * same whatever comes before or after them, and that run is searched for. Padding only ever
     * ends an encoding, outside the run, so padded and unpadded forms are both found.
     *
     * @return list<string>
     */
    private static function needles(string $apiKey): array
    {
        $needles = array($apiKey);
        for ($skip = 0; $skip < 3; $skip++) {
            $groups = intdiv(strlen($apiKey) - $skip, 3);
            if ($groups < 1) {
                continue;
            }
            $standard = base64_encode(substr($apiKey, $skip, 3 * $groups));
            $needles[] = $standard;
            $needles[] = strtr($standard, '+/', '-_');
        }
        return array_values(array_unique($needles));
    }

    /** @param list<string> $needles */
    private static function textCarries(string $text, array $needles): bool
    {
        $texts = array($text);
        // Percent-encoded, in either case, in part or in whole: decoded once, then searched alike.
        if (strpos($text, '%') !== false) {
            $texts[] = rawurldecode($text);
        }
        foreach ($texts as $candidate) {
            foreach ($needles as $needle) {
                if (strpos($candidate, $needle) !== false) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @param mixed $value
     * @param list<string> $needles
     */
    private static function containsKey($value, array $needles): bool
    {
        // An explicit stack: a deeply nested hostile document must not overflow the call stack.
        $stack = array($value);
        while ($stack !== array()) {
            $item = array_pop($stack);
            if (is_string($item)) {
                if (self::textCarries($item, $needles)) {
                    return true;
                }
            } elseif (is_array($item)) {
                foreach ($item as $name => $member) {
                    if (is_string($name) && self::textCarries($name, $needles)) {
                        return true;
                    }
                    $stack[] = $member;
                }
            }
        }
        return false;
    }
}

<?php

namespace CargoTrackers\Proxy;

/**
 * Whether an upstream body may go out: it must be UTF-8 JSON and must not carry the key, raw or
 * JSON-escaped ("\u0074rk_…"). The body is only read, never rewritten.
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
        if (strpos($body, $apiKey) !== false) {
            return self::KEY_ECHO;
        }
        // Without an escape in the text, the decoded strings are slices of the text, already searched.
        if (strpos($body, '\\') === false) {
            return self::OK;
        }
        return self::containsKey($document, $apiKey) ? self::KEY_ECHO : self::OK;
    }

    /** @param mixed $value */
    private static function containsKey($value, string $apiKey): bool
    {
        // An explicit stack: a deeply nested hostile document must not overflow the call stack.
        $stack = array($value);
        while ($stack !== array()) {
            $item = array_pop($stack);
            if (is_string($item)) {
                if (strpos($item, $apiKey) !== false) {
                    return true;
                }
            } elseif (is_array($item)) {
                foreach ($item as $name => $member) {
                    if (is_string($name) && strpos($name, $apiKey) !== false) {
                        return true;
                    }
                    $stack[] = $member;
                }
            }
        }
        return false;
    }
}

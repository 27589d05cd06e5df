<?php

// The settings logic of the WordPress plugin (includes/settings.php, includes/proxy-routes.php)
// under PHPUnit without a WordPress: the few WordPress functions it calls, written here over an
// in-memory options table. What WordPress itself does with them (the Settings API, options.php,
// the nonces) is exercised in a real WordPress by key-destination.test.ts.
// Run: phpunit -c test/packages/wordpress-plugin/phpunit/phpunit.xml (npm run test:php runs it).

define('ABSPATH', __DIR__ . '/');

/** The options table, the settings errors raised, and the hooks added, reset by each test. */
final class FakeWordPress
{
    /** @var array<string,mixed> */
    public static array $options = array();
    /** @var array<int,array{setting:string,code:string,message:string}> */
    public static array $errors = array();

    public static function reset(): void
    {
        self::$options = array();
        self::$errors = array();
        $_POST = array();
    }
}

function add_action($hook, $callback, $priority = 10, $args = 1)
{
}

function add_filter($hook, $callback, $priority = 10, $args = 1)
{
}

function apply_filters($hook, $value, ...$args)
{
    return $value;
}

function plugin_basename($file)
{
    return basename(dirname($file)) . '/' . basename($file);
}

function __($text, $domain = 'default')
{
    return $text;
}

function esc_html__($text, $domain = 'default')
{
    return $text;
}

function get_option($name, $default = false)
{
    return array_key_exists($name, FakeWordPress::$options) ? FakeWordPress::$options[$name] : $default;
}

function update_option($name, $value, $autoload = null)
{
    FakeWordPress::$options[$name] = $value;
    return true;
}

function delete_option($name)
{
    unset(FakeWordPress::$options[$name]);
    return true;
}

function add_settings_error($setting, $code, $message, $type = 'error')
{
    FakeWordPress::$errors[] = array('setting' => $setting, 'code' => $code, 'message' => $message);
}

function wp_parse_url($url, $component = -1)
{
    return parse_url($url, $component);
}

function wp_unslash($value)
{
    return is_string($value) ? stripslashes($value) : $value;
}

require __DIR__ . '/../../../../packages/wordpress-plugin/includes/proxy-routes.php';
require __DIR__ . '/../../../../packages/wordpress-plugin/includes/settings.php';

<?php
// Renders the plugin's shortcodes with plain PHP against a small stand-in for the WordPress
// functions it calls (escaping copied in behaviour, not code: esc_attr encodes & < > " '),
// with hostile attribute values, and checks the markup and that the module is enqueued once.
// Run: php test/packages/wordpress-plugin/shortcodes.test.php

define('ABSPATH', __DIR__);

$shortcodes = array();
$filters = array();
$enqueued = array();

function add_shortcode($name, $callback) { global $shortcodes; $shortcodes[$name] = $callback; }
function add_filter($name, $callback, $priority = 10, $args = 1) { global $filters; $filters[$name][] = $callback; }
function apply_filters($name, $value, ...$rest) { global $filters; foreach ($filters[$name] ?? array() as $f) { $value = $f($value, ...$rest); } return $value; }
function shortcode_atts($pairs, $atts, $shortcode = '') {
    $atts = (array) $atts;
    $out = array();
    foreach ($pairs as $name => $default) { $out[$name] = array_key_exists($name, $atts) ? $atts[$name] : $default; }
    return $out;
}
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8', false); }
function esc_url($url) { return htmlspecialchars((string) $url, ENT_QUOTES, 'UTF-8'); }
function wp_enqueue_script_module($id, $src, $deps = array(), $version = false) { global $enqueued; $enqueued[$id] = ($enqueued[$id] ?? 0) + 1; }

require __DIR__ . '/../../../packages/wordpress-plugin/cargo-trackers.php';

$failures = 0;
$checks = 0;
function check($ok, $what) {
    global $failures, $checks;
    $checks++;
    if ($ok) { echo "  ok  $what\n"; } else { $failures++; echo "  FAIL $what\n"; }
}
function render($shortcode, $atts) { global $shortcodes; return $shortcodes[$shortcode]($atts); }

echo "[ocean_tracker] and [air_tracker]\n";
check(isset($shortcodes['ocean_tracker']) && isset($shortcodes['air_tracker']), 'both shortcodes are registered');

$ocean = render('ocean_tracker', array('reference_number' => 'MSCU1234565', 'proxy_url' => '/api/tracking/ocean', 'theme' => 'dark'));
check($ocean === '<ocean-tracker reference-number="MSCU1234565" proxy-url="/api/tracking/ocean" theme="dark"></ocean-tracker>', "plain values pass through: $ocean");

$hostile = '"><script>alert(1)</script><x a=\'';
$html = render('ocean_tracker', array('reference_number' => $hostile, 'carrier_code' => 'A&B', 'proxy_url' => "/p\" onload=\"alert(2)"));
check(strpos($html, '<script') === false, 'no tag can be opened from an attribute value');
check(strpos($html, 'onload="') === false, 'no attribute can be added by closing the quote');
check(strpos($html, 'reference-number="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a=&apos;"') !== false
    || strpos($html, 'reference-number="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a=&#039;"') !== false, "the value survives, encoded: $html");
check(strpos($html, 'carrier-code="A&amp;B"') !== false, 'ampersands are encoded');
check(substr_count($html, '"') % 2 === 0 && preg_match('/^<ocean-tracker( [a-z-]+="[^"<>]*")*><\/ocean-tracker>$/', $html) === 1, 'the markup is one well-formed element');

$air = render('air_tracker', array('awb_number' => '020-12345675', 'onclick' => 'alert(3)', 'reference_number' => 'X'));
check(strpos($air, 'onclick') === false && strpos($air, 'reference-number') === false, "unknown shortcode attributes are dropped: $air");
check(strpos($air, 'awb-number="020-12345675"') !== false && strpos($air, 'proxy-url="/api/tracking/air"') !== false, 'air defaults to its proxy path');

$options = render('ocean_tracker', array('density' => 'compact', 'sync_url' => '1', 'url_param' => 'box', 'poll_interval' => '30', 'lang' => 'de'));
check(strpos($options, 'density="compact"') !== false && strpos($options, 'sync-url="1"') !== false && strpos($options, 'url-param="box"') !== false, "every attribute of the element has its shortcode attribute: $options");
check(strpos($options, 'poll-interval="30"') !== false && strpos($options, 'lang="de"') !== false, 'numbers and the language pass through');

add_filter('cargo_trackers_proxy_url', function ($url, $tag) { return '/wp-json/tracking/' . $tag; });
check(strpos(render('air_tracker', array()), 'proxy-url="/wp-json/tracking/air-tracker"') !== false, 'the proxy path can be set site-wide by a filter');

check(($enqueued['cargo-trackers'] ?? 0) >= 1, 'the module script is enqueued');
check(count($enqueued) === 1, 'under one handle, so WordPress prints it once however many shortcodes a page has');
$tag = cargo_trackers_module_tag('<script src="x"></script>', 'cargo-trackers', 'https://cdn.example/c.js?a=1&b="2"');
check($tag === '<script type="module" src="https://cdn.example/c.js?a=1&amp;b=&quot;2&quot;"></script>' . "\n", "the fallback tag is a module with an escaped URL: $tag");
check(cargo_trackers_module_tag('<script src="other"></script>', 'other', 'other') === '<script src="other"></script>', 'other scripts are left alone');

echo "\n$checks checks, $failures failed\n";
exit($failures === 0 ? 0 : 1);

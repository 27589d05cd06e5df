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
function rest_url($path = '') { return 'http://site.example/?rest_route=/' . $path; }
function apply_filters($name, $value, ...$rest) { global $filters; foreach ($filters[$name] ?? array() as $f) { $value = $f($value, ...$rest); } return $value; }
function shortcode_atts($pairs, $atts, $shortcode = '') {
    $atts = (array) $atts;
    $out = array();
    foreach ($pairs as $name => $default) { $out[$name] = array_key_exists($name, $atts) ? $atts[$name] : $default; }
    return $out;
}
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML5, 'UTF-8', false); }
// esc_url as WordPress documents it: characters a URL cannot hold are dropped, a scheme outside
// $protocols makes it '' (a path has none), & and ' are encoded for display. The real one runs
// in test/wordpress/ against Debian's and Playground's WordPress.
function esc_url($url, $protocols = null) {
    $url = preg_replace('|[^a-z0-9-~+_.?#=!&;,/:%@$\|*\'()\[\]\x80-\xff]|i', '', str_replace(' ', '%20', ltrim((string) $url)));
    if ($url === '') { return ''; }
    if (preg_match('/^([a-z][a-z0-9+.-]*):/i', $url, $m) && !in_array(strtolower($m[1]), $protocols ?? array('http', 'https'), true)) { return ''; }
    return str_replace(array('&', "'"), array('&#038;', '&#039;'), $url);
}
// What the plugin calls at load and for its script's address; the stand-ins record what they need to.
$actions = array();
function add_action($name, $callback, $priority = 10, $args = 1) { global $actions; $actions[$name][] = $callback; }
function register_activation_hook($file, $callback) { global $actions; $actions['activate'][] = $callback; }
function register_deactivation_hook($file, $callback) { global $actions; $actions['deactivate'][] = $callback; }
function plugins_url($path, $plugin) { return 'https://site.example/wp-content/plugins/' . basename(dirname($plugin)) . '/' . $path; }
function plugin_basename($file) { return basename(dirname($file)) . '/' . basename($file); }
function __($text, $domain = 'default') { return $text; }
$versions = array();
function wp_enqueue_script_module($id, $src, $deps = array(), $version = false) { global $enqueued, $versions; $enqueued[$id] = ($enqueued[$id] ?? 0) + 1; $versions[$id] = $version; }

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
check(strpos($air, 'awb-number="020-12345675"') !== false && strpos($air, 'proxy-url="http://site.example/?rest_route=/cargo-trackers/v1/air"') !== false, "air defaults to the plugin's own route: $air");
check(strpos($air, 'carriers-url="http://site.example/?rest_route=/cargo-trackers/v1/carriers/air"') !== false, "and to its own airline list: $air");
$named = render('ocean_tracker', array('proxy_url' => '/api/tracking/ocean'));
check(strpos($named, 'proxy-url="/api/tracking/ocean"') !== false && strpos($named, 'carriers-url') === false, "a named proxy is kept, its carrier list left to the element: $named");

$options = render('ocean_tracker', array('density' => 'compact', 'sync_url' => '1', 'url_param' => 'box', 'poll_interval' => '30', 'lang' => 'de'));
check(strpos($options, 'density="compact"') !== false && strpos($options, 'sync-url="1"') !== false && strpos($options, 'url-param="box"') !== false, "every attribute of the element has its shortcode attribute: $options");
check(strpos($options, 'poll-interval="30"') !== false && strpos($options, 'lang="de"') !== false, 'numbers and the language pass through');

add_filter('cargo_trackers_proxy_url', function ($url, $tag) { return '/wp-json/tracking/' . $tag; });
check(strpos(render('air_tracker', array()), 'proxy-url="/wp-json/tracking/air-tracker"') !== false, 'the proxy path can be set site-wide by a filter');

check(($enqueued['cargo-trackers'] ?? 0) >= 1, 'the module script is enqueued');
check(count($enqueued) === 1, 'under one handle, so WordPress prints it once however many shortcodes a page has');
check(array_key_exists('cargo-trackers', $versions) && $versions['cargo-trackers'] === null, 'without a version, so no ?ver= query makes the URL differ from a snippet\'s');

echo "\nURL attributes\n";
foreach (array('proxy_url' => 'proxy-url', 'carriers_url' => 'carriers-url', 'tile_url' => 'tile-url') as $key => $attribute) {
    foreach (array('javascript:alert(4)', 'JavaScript:alert(4)', 'mailto:ops@example.com', 'data:text/html,<b>x</b>', 'about:blank', ' javascript:alert(4)') as $bad) {
        $html = render('ocean_tracker', array($key => $bad));
        check(strpos($html, " $attribute=\"about:invalid\"") !== false && stripos($html, 'javascript') === false && strpos($html, 'mailto') === false && strpos($html, 'data:') === false,
            "$key=\"$bad\" is refused and printed as about:invalid, which the element reports: $html");
    }
}
$html = render('ocean_tracker', array('proxy_url' => 'https://proxy.example/api/tracking/ocean?site=a&b=1', 'carriers_url' => '/api/carriers/ocean'));
check(strpos($html, 'proxy-url="https://proxy.example/api/tracking/ocean?site=a&#038;b=1"') !== false, "an https URL is kept, its & encoded: $html");
check(strpos($html, 'carriers-url="/api/carriers/ocean"') !== false, 'a path is kept');
$html = render('ocean_tracker', array('tile_url' => 'https://{s}.tiles.example/{z}/{x}/{-y}.png?key=a&b'));
check(strpos($html, 'tile-url="https://{s}.tiles.example/{z}/{x}/{-y}.png?key=a&#038;b"') !== false, "a tile template keeps its placeholders: $html");
$html = render('ocean_tracker', array('tile_url' => 'https://t.example/{z}"><script>alert(1)</script>'));
check(strpos($html, '<script') === false && preg_match('/^<ocean-tracker( [a-z-]+="[^"<>]*")*><\/ocean-tracker>$/', $html) === 1, "a tile template cannot close the attribute: $html");

echo "\nThe blocks\n";
check(in_array('cargo_trackers_register_blocks', $actions['init'] ?? array(), true), 'the blocks are registered on init');
$block = cargo_trackers_render('ocean-tracker', cargo_trackers_block_atts(array('reference_number' => $hostile, 'poll_interval' => 30, 'sync_url' => true, 'theme' => 'dark')));
$shortcode = render('ocean_tracker', array('reference_number' => $hostile, 'poll_interval' => '30', 'sync_url' => '1', 'theme' => 'dark'));
check($block === $shortcode, "a block prints what the same shortcode prints, escaped by the same function: $block");
$off = cargo_trackers_block_atts(array('sync_url' => false, 'map' => 'none', 'lang' => array('x'), 'carrier_code' => ''));
check($off === array('map' => 'none', 'carrier_code' => ''), 'an off toggle is absent, a value that is no text, number or toggle is dropped: ' . json_encode($off));
$fields = require __DIR__ . '/../../../packages/wordpress-plugin/blocks/fields.generated.php';
foreach (array('ocean-tracker', 'air-tracker') as $tag) {
    $json = json_decode(file_get_contents(__DIR__ . "/../../../packages/wordpress-plugin/blocks/$tag/block.json"), true);
    check($json['name'] === "cargo-trackers/$tag" && array_keys($json['attributes']) === array_keys(cargo_trackers_attributes($tag)), "$tag: the block's attributes are the shortcode's");
    check(array_column($fields[$tag], 'name') === array_keys($json['attributes']), "$tag: a sidebar field per block attribute");
}

echo "\nThe script's address\n";
check(cargo_trackers_script_url() === 'https://site.example/wp-content/plugins/wordpress-plugin/assets/' . CARGO_TRACKERS_VERSION . '/cargo-trackers.js', 'by default, the copy in the plugin\'s folder, its version in the path: ' . cargo_trackers_script_url());
add_filter('cargo_trackers_use_cdn', function () { return true; });
check(cargo_trackers_script_url() === CARGO_TRACKERS_CDN, 'cargo_trackers_use_cdn opts in to jsDelivr');
add_filter('cargo_trackers_script_url', function ($url) { return $url . '#filtered'; });
check(cargo_trackers_script_url() === CARGO_TRACKERS_CDN . '#filtered', 'cargo_trackers_script_url has the last word');

echo "\nThe module tag before WordPress 6.5\n";
$wp61 = "<script type='text/javascript' src='https://cdn.example/c.js' id='cargo-trackers-js'></script>\n";
$tag = cargo_trackers_module_tag($wp61, 'cargo-trackers', 'https://cdn.example/c.js');
check($tag === "<script type=\"module\" src='https://cdn.example/c.js' id='cargo-trackers-js'></script>\n", "WordPress's tag becomes a module, keeping its id: $tag");
$other_filter = '<script src="https://cdn.example/c.js" id="cargo-trackers-js" data-cfasync="false" nonce="abc"></script>' . "\n";
$tag = cargo_trackers_module_tag($other_filter, 'cargo-trackers', 'https://cdn.example/c.js');
check($tag === '<script type="module" src="https://cdn.example/c.js" id="cargo-trackers-js" data-cfasync="false" nonce="abc"></script>' . "\n", "what other filters added stays: $tag");
$with_inline = "<script id='cargo-trackers-js-before'>var a = 1;</script>\n" . $wp61;
$tag = cargo_trackers_module_tag($with_inline, 'cargo-trackers', 'https://cdn.example/c.js');
check(strpos($tag, "<script id='cargo-trackers-js-before'>") === 0 && substr_count($tag, 'type="module"') === 1, "an inline script added before it stays classic: $tag");
check(cargo_trackers_module_tag('<script src="other"></script>', 'other', 'other') === '<script src="other"></script>', 'other scripts are left alone');

echo "\nreadme.txt agrees with the plugin header\n";
$plugin = file_get_contents(__DIR__ . '/../../../packages/wordpress-plugin/cargo-trackers.php');
$readme = file_get_contents(__DIR__ . '/../../../packages/wordpress-plugin/readme.txt');
function header_field($text, $name) { return preg_match('/^[ *]*' . preg_quote($name, '/') . ':[ \t]*(.+)$/mi', $text, $m) ? trim($m[1]) : null; }
check(preg_match('/^=== Cargo Trackers ===$/m', $readme) === 1, 'readme.txt opens with the plugin name');
$same = array(
    'Version' => 'Stable tag',
    'Requires at least' => 'Requires at least',
    'Tested up to' => 'Tested up to',
    'Requires PHP' => 'Requires PHP',
    'License' => 'License',
    'License URI' => 'License URI',
);
foreach ($same as $in_plugin => $in_readme) {
    $a = header_field($plugin, $in_plugin);
    $b = header_field($readme, $in_readme);
    check($a !== null && $a === $b, "plugin $in_plugin ($a) = readme $in_readme ($b)");
}
check(header_field($readme, 'Tested up to') !== null, 'readme.txt says which WordPress it is tested up to');
foreach (array('Author', 'Text Domain') as $field) {
    check(header_field($plugin, $field) !== null, "the plugin header names its $field");
}
check(header_field($plugin, 'Text Domain') === 'cargo-trackers', 'the text domain is the plugin\'s folder name');
foreach (array(array($plugin, 'the plugin header'), array($readme, 'readme.txt')) as list($text, $where)) {
    check(strpos($text, 'Open Database License') !== false && strpos($text, 'OpenStreetMap') !== false, "$where names the map data's licence (ODbL)");
}
check(strpos($readme, '== External services ==') !== false, 'readme.txt describes the external services');
foreach (array('Description', 'Installation', 'Frequently Asked Questions', 'Changelog') as $section) {
    check(strpos($readme, "== $section ==") !== false, "readme.txt has the $section section");
}
$short = preg_match('/\n\n([^=\n][^\n]*)\n\n== Description ==/', $readme, $m) ? $m[1] : '';
check($short !== '' && strlen($short) <= 150, "a short description of at most 150 characters: $short");
check(strpos($readme, CARGO_TRACKERS_CDN) !== false, 'readme.txt names the script address the plugin uses');
check(CARGO_TRACKERS_VERSION === header_field($plugin, 'Version') && strpos(CARGO_TRACKERS_CDN, '@' . CARGO_TRACKERS_VERSION . '/') !== false, 'the CDN address names the plugin\'s version');

$passed = $checks - $failures;
echo "\nshortcodes: $passed passed, $failures failed\n";
exit($failures === 0 ? 0 : 1);

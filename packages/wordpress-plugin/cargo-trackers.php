<?php

/**
 * Plugin Name: Cargo Trackers
 * Plugin URI: https://github.com/cargo-trackers/cargo-trackers
 * Description: Ocean container and air waybill tracking on any page, with two blocks and two shortcodes.
 * Version: 0.1.0
 * Requires at least: 6.1
 * Tested up to: 6.5
 * Requires PHP: 7.4
 * Author: The cargo-trackers contributors
 * Author URI: https://github.com/cargo-trackers/cargo-trackers
 * License: MIT
 * License URI: https://opensource.org/licenses/MIT
 * Text Domain: cargo-trackers
 * Domain Path: /languages
 *
 * The code is under the MIT licence (LICENSE). The route map's land outline shipped in the
 * script is derived from OpenStreetMap data, © OpenStreetMap contributors, available under the
 * Open Database License 1.0 (ODbL, https://opendatacommons.org/licenses/odbl/1-0/): NOTICE.txt.
 *
 * The shortcodes print <ocean-tracker> / <air-tracker> with escaped attributes; the script-tag
 * bundle (one ES module, which fetches each element's code when its tag appears) is enqueued
 * once per page, only on pages that use a shortcode. The plugin is the proxy that holds the API
 * key (includes/proxy-routes.php); a site that hosts another sets proxy_url or the filter below.
 */

if (!defined('ABSPATH')) {
    exit;
}

// The proxy (REST routes cargo-trackers/v1/…) and its settings page; the key stays on the server.
require_once __DIR__ . '/includes/proxy-routes.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/configurator.php';
require_once __DIR__ . '/includes/cache-sweep.php';

// The proxy's state folder is swept by WP-Cron while the plugin is active (includes/cache-sweep.php).
register_activation_hook(__FILE__, 'cargo_trackers_schedule_sweep');
register_deactivation_hook(__FILE__, 'cargo_trackers_unschedule_sweep');
// Until a key is set, the admin screens say where to set it (includes/settings.php).
register_activation_hook(__FILE__, 'cargo_trackers_flag_setup');

/** Translations: WordPress.org's language packs first, else the plugin's languages/ folder. */
function cargo_trackers_load_textdomain() {
    load_plugin_textdomain('cargo-trackers', false, dirname(plugin_basename(__FILE__)) . '/languages');
}
add_action('init', 'cargo_trackers_load_textdomain');

const CARGO_TRACKERS_VERSION = '0.1.0';
/** The same bundle on jsDelivr, used only when a site opts in with the `cargo_trackers_use_cdn` filter. */
const CARGO_TRACKERS_CDN = 'https://cdn.jsdelivr.net/npm/cargo-trackers@0.1.0/dist/cdn/cargo-trackers.js';

/**
 * Where the bundle comes from: the copy in the plugin's assets/<version>/ folder (its chunks
 * beside it), so a page asks no third party. `add_filter('cargo_trackers_use_cdn', '__return_true')`
 * loads it from jsDelivr instead; `cargo_trackers_script_url` replaces the address outright.
 * The version is in the path, as in the CDN's address: the entry keeps its name across releases
 * while its chunks' names change, so a cached old entry must not answer for a new release. Not as
 * a query: the chunks import the entry by its bare relative address, and another address would
 * be a second copy of the module.
 */
function cargo_trackers_script_url() {
    $url = apply_filters('cargo_trackers_use_cdn', false)
        ? CARGO_TRACKERS_CDN
        : plugins_url('assets/' . CARGO_TRACKERS_VERSION . '/cargo-trackers.js', __FILE__);
    return apply_filters('cargo_trackers_script_url', $url);
}

/**
 * Shortcode attribute => element attribute, for each tag. Anything else is dropped. The list is
 * generated from the elements' API declaration (attributes.generated.php), so it cannot miss one.
 */
function cargo_trackers_attributes($tag) {
    static $attributes = null;
    if ($attributes === null) {
        $attributes = require __DIR__ . '/attributes.generated.php';
    }
    return $attributes[$tag];
}

/** The element attributes that hold a URL: escaped with esc_url, and limited to these schemes. */
const CARGO_TRACKERS_URL_ATTRIBUTES = array('proxy_url', 'carriers_url', 'tile_url');
const CARGO_TRACKERS_URL_SCHEMES = array('https', 'http');
/**
 * What a refused URL is printed as: a URL that is no address (as sanitizers elsewhere print it),
 * so the element shows its configuration notice naming the attribute, and asks nothing.
 */
const CARGO_TRACKERS_REFUSED_URL = 'about:invalid';

function cargo_trackers_enqueue() {
    $url = cargo_trackers_script_url();
    // WordPress 6.5+ prints module scripts itself, once, as <script type="module">.
    // Version null: no ?ver= query. The URL names its version itself, and a Custom HTML snippet
    // with the same URL on the same page then names the same module, which the browser runs once.
    if (function_exists('wp_enqueue_script_module')) {
        wp_enqueue_script_module('cargo-trackers', $url, array(), null);
        return;
    }
    // Older WordPress: a classic handle, made a module by the filter below.
    wp_enqueue_script('cargo-trackers', $url, array(), null, true);
}

/**
 * Before 6.5, and for the configurator's admin page (includes/configurator.php): turns WordPress's
 * own tag for the handle into a module script. Only the type
 * changes, so WordPress's id and whatever other script_loader_tag filters added stay.
 */
function cargo_trackers_module_tag($tag, $handle, $src) {
    if ($handle !== 'cargo-trackers' && $handle !== 'cargo-trackers-configure') {
        return $tag;
    }
    $opening = '/<script\b(?=[^>]*\bsrc=)[^>]*>/i';
    return preg_replace_callback($opening, function ($match) {
        $without_type = preg_replace('/\s+type\s*=\s*(["\'])[^"\']*\1/i', '', $match[0]);
        return preg_replace('/^<script\b/i', '<script type="module"', $without_type);
    }, $tag, 1);
}
add_filter('script_loader_tag', 'cargo_trackers_module_tag', 10, 3);

/**
 * esc_url with http(s) only (and paths); a refused URL becomes CARGO_TRACKERS_REFUSED_URL.
 * Placeholders of a tile template ({z}, {x}, {y}, {s}, {r}, {-y}) are kept: esc_url would
 * strip the braces.
 */
function cargo_trackers_esc_url($value) {
    $placeholders = array();
    $guarded = preg_replace_callback('/\{(-?[a-z])\}/i', function ($match) use (&$placeholders) {
        $token = 'cargotrackersplaceholder' . count($placeholders) . 'x';
        $placeholders[$token] = $match[0];
        return $token;
    }, (string) $value);
    $escaped = esc_url($guarded, CARGO_TRACKERS_URL_SCHEMES);
    if ($escaped === '') {
        return CARGO_TRACKERS_REFUSED_URL;
    }
    return strtr($escaped, $placeholders);
}

function cargo_trackers_render($tag, $atts) {
    $allowed = cargo_trackers_attributes($tag);
    $defaults = array_fill_keys(array_keys($allowed), null);
    $product = $tag === 'ocean-tracker' ? 'ocean' : 'air';
    // The plugin's own routes unless the site names another proxy (the attribute or the filter).
    $own = cargo_trackers_route_url($product);
    $defaults['proxy_url'] = apply_filters('cargo_trackers_proxy_url', $own, $tag);
    if ($defaults['proxy_url'] === $own && empty(((array) $atts)['proxy_url'])) {
        // Its carrier list too: the element's carriers/<product> beside the proxy path misses ?rest_route=.
        $defaults['carriers_url'] = cargo_trackers_route_url('carriers/' . $product);
    }
    $atts = shortcode_atts($defaults, $atts, str_replace('-', '_', $tag));

    $html = '<' . $tag;
    foreach ($allowed as $key => $attribute) {
        if ($atts[$key] === null || $atts[$key] === '') {
            continue;
        }
        $value = in_array($key, CARGO_TRACKERS_URL_ATTRIBUTES, true)
            ? cargo_trackers_esc_url($atts[$key])
            : esc_attr($atts[$key]);
        $html .= ' ' . $attribute . '="' . $value . '"';
    }
    $html .= '></' . $tag . '>';

    cargo_trackers_enqueue();
    return $html;
}

function cargo_trackers_ocean_shortcode($atts) {
    return cargo_trackers_render('ocean-tracker', $atts);
}

function cargo_trackers_air_shortcode($atts) {
    return cargo_trackers_render('air-tracker', $atts);
}

add_shortcode('ocean_tracker', 'cargo_trackers_ocean_shortcode');
add_shortcode('air_tracker', 'cargo_trackers_air_shortcode');

require __DIR__ . '/blocks/blocks.php';

<?php
/**
 * Plugin Name: Cargo Trackers
 * Description: Ocean container and air waybill tracking on any page: [ocean_tracker] and [air_tracker] shortcodes.
 * Version: 0.1.0
 * Requires at least: 6.0
 * Requires PHP: 7.4
 * License: MIT
 *
 * The shortcodes print <ocean-tracker> / <air-tracker> with escaped attributes; the script-tag
 * bundle (one ES module, which fetches each element's code when its tag appears) is enqueued
 * once per page, only on pages that use a shortcode. The proxy that holds the API key is
 * yours to host (see the reference proxy); set its path with proxy_url or the filter below.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** Where the bundle comes from; filter `cargo_trackers_script_url` to self-host it. */
const CARGO_TRACKERS_VERSION = '0.1.0';
const CARGO_TRACKERS_CDN = 'https://cdn.jsdelivr.net/npm/cargo-trackers@0.1.0/dist/cdn/cargo-trackers.js';

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

function cargo_trackers_enqueue() {
    $url = apply_filters('cargo_trackers_script_url', CARGO_TRACKERS_CDN);
    // WordPress 6.5+ prints module scripts itself, once, as <script type="module">.
    if (function_exists('wp_enqueue_script_module')) {
        wp_enqueue_script_module('cargo-trackers', $url, array(), CARGO_TRACKERS_VERSION);
        return;
    }
    // Older WordPress: a classic handle, turned into a module tag by the filter below.
    wp_enqueue_script('cargo-trackers', $url, array(), CARGO_TRACKERS_VERSION, true);
}

function cargo_trackers_module_tag($tag, $handle, $src) {
    if ($handle !== 'cargo-trackers') {
        return $tag;
    }
    return '<script type="module" src="' . esc_url($src) . '"></script>' . "\n";
}
add_filter('script_loader_tag', 'cargo_trackers_module_tag', 10, 3);

function cargo_trackers_render($tag, $atts) {
    $allowed = cargo_trackers_attributes($tag);
    $defaults = array_fill_keys(array_keys($allowed), null);
    $defaults['proxy_url'] = apply_filters('cargo_trackers_proxy_url', '/api/tracking/' . ($tag === 'ocean-tracker' ? 'ocean' : 'air'), $tag);
    $atts = shortcode_atts($defaults, $atts, str_replace('-', '_', $tag));

    $html = '<' . $tag;
    foreach ($allowed as $key => $attribute) {
        if ($atts[$key] === null || $atts[$key] === '') {
            continue;
        }
        $html .= ' ' . $attribute . '="' . esc_attr($atts[$key]) . '"';
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

<?php

/**
 * The blocks, one per element: cargo-trackers/ocean-tracker and cargo-trackers/air-tracker.
 * Two blocks rather than one with a product choice: the elements take different attributes
 * (a reference number and carrier, an air waybill), each block is found in the inserter by its
 * own name, and each maps to one shortcode and one tag. Their block.json files and sidebar
 * fields are generated from the elements' API declaration (npm run build:api).
 *
 * A block renders on the server through cargo_trackers_render, the shortcodes' function, so both
 * print the same escaped markup and enqueue the same script. The editor script is plain
 * JavaScript on WordPress's globals: nothing to build.
 */

if (!defined('ABSPATH')) {
    exit;
}

/**
 * Block attributes as shortcode attributes: text as it is, a number as its digits, a toggle
 * that is on as "1" (the element reads a boolean attribute's presence); an off toggle is absent.
 */
function cargo_trackers_block_atts($attributes) {
    $atts = array();
    foreach ((array) $attributes as $key => $value) {
        if (is_bool($value)) {
            if ($value) {
                $atts[$key] = '1';
            }
        } elseif (is_int($value) || is_float($value)) {
            $atts[$key] = (string) $value;
        } elseif (is_string($value)) {
            $atts[$key] = $value;
        }
    }
    return $atts;
}

function cargo_trackers_register_blocks() {
    wp_register_script(
        'cargo-trackers-block-editor',
        plugins_url('editor.js', __FILE__),
        array('wp-blocks', 'wp-block-editor', 'wp-components', 'wp-element', 'wp-i18n', 'wp-api-fetch', 'wp-url'),
        CARGO_TRACKERS_VERSION,
        true
    );
    // The sidebar's own words (wp.i18n in editor.js); its fields' labels come translated from PHP.
    wp_set_script_translations('cargo-trackers-block-editor', 'cargo-trackers', dirname(__DIR__) . '/languages');
    // The editor previews the element with the script the page gets, and labels each field.
    $editor = array(
        'scriptUrl' => cargo_trackers_script_url(),
        'fields' => require __DIR__ . '/fields.generated.php',
    );
    wp_add_inline_script(
        'cargo-trackers-block-editor',
        'window.cargoTrackersBlocks = ' . wp_json_encode($editor) . ';',
        'before'
    );
    foreach (array('ocean-tracker', 'air-tracker') as $tag) {
        register_block_type(__DIR__ . '/' . $tag, array(
            'render_callback' => function ($attributes) use ($tag) {
                return cargo_trackers_render($tag, cargo_trackers_block_atts($attributes));
            },
        ));
    }
}
add_action('init', 'cargo_trackers_register_blocks');

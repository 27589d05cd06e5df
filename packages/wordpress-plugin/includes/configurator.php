<?php

/**
 * Settings → Cargo Trackers → Build a tracker (options-general.php?page=cargo-trackers&tab=build):
 * the configurator of the demo site inside the plugin, for owners who would rather not read
 * attribute tables. The form is built in the browser from the same generated controls
 * (controls.generated.js, from the elements' API declaration) and the same module as the demo's
 * /configure page; the zip carries them in assets/<version>/configure/ (npm run build:wordpress).
 * The preview asks this site's own routes, so it shows what visitors will see. What the owner
 * copies is a shortcode, the block's markup, and CSS for colours and sizes. For administrators
 * only: the page is the settings page's own tab (manage_options).
 */

if (!defined('ABSPATH')) {
    exit;
}

const CARGO_TRACKERS_CONFIGURATOR_TAB = 'build';

/** The address of the configurator tab. */
function cargo_trackers_configurator_url()
{
    return admin_url('options-general.php?page=' . CARGO_TRACKERS_SETTINGS_PAGE . '&tab=' . CARGO_TRACKERS_CONFIGURATOR_TAB);
}

/** Whether this request is for the configurator tab (only chooses what to show; the page checks the capability). */
function cargo_trackers_on_configurator()
{
    return isset($_GET['tab']) && $_GET['tab'] === CARGO_TRACKERS_CONFIGURATOR_TAB;
}

/** The configurator's files in the plugin: from the zip, beside the bundle of the same version. */
function cargo_trackers_configurator_asset($name)
{
    return 'assets/' . CARGO_TRACKERS_VERSION . '/configure/' . $name;
}

function cargo_trackers_configurator_available()
{
    return is_readable(plugin_dir_path(__DIR__) . cargo_trackers_configurator_asset('configure.js'));
}

/** The tabs above both pages: Settings and Build a tracker. */
function cargo_trackers_settings_tabs($current)
{
    $tabs = array(
        '' => array(admin_url('options-general.php?page=' . CARGO_TRACKERS_SETTINGS_PAGE), __('Settings', 'cargo-trackers')),
        CARGO_TRACKERS_CONFIGURATOR_TAB => array(cargo_trackers_configurator_url(), __('Build a tracker', 'cargo-trackers')),
    );
    echo '<nav class="nav-tab-wrapper" aria-label="' . esc_attr__('Cargo Trackers pages', 'cargo-trackers') . '">';
    foreach ($tabs as $tab => $link) {
        $active = $tab === $current;
        echo '<a href="' . esc_url($link[0]) . '" class="nav-tab' . ($active ? ' nav-tab-active' : '') . '"'
            . ($active ? ' aria-current="page"' : '') . '>' . esc_html($link[1]) . '</a>';
    }
    echo '</nav>';
}

/**
 * The bundle (for the preview), the configurator's module and its styles, on its tab only. Both
 * scripts are classic handles made modules by cargo_trackers_module_tag: WordPress prints module
 * scripts (wp_enqueue_script_module) on the front end only before 6.7.
 */
function cargo_trackers_configurator_enqueue($hook)
{
    if ($hook !== 'settings_page_' . CARGO_TRACKERS_SETTINGS_PAGE || !cargo_trackers_on_configurator()) {
        return;
    }
    if (!current_user_can('manage_options') || !cargo_trackers_configurator_available()) {
        return;
    }
    wp_enqueue_script('cargo-trackers', cargo_trackers_script_url(), array(), null, true);
    // Version null: the version is in the path, and the module's imports of its siblings carry none.
    wp_enqueue_script(
        'cargo-trackers-configure',
        plugins_url(cargo_trackers_configurator_asset('configure.js'), __DIR__),
        array(),
        null,
        true
    );
    wp_enqueue_style(
        'cargo-trackers-configure',
        plugins_url('admin/configurator.css', __DIR__),
        array(),
        CARGO_TRACKERS_VERSION
    );
}
add_action('admin_enqueue_scripts', 'cargo_trackers_configurator_enqueue');

/** The preview's routes, as a shortcode on this site gets them (cargo_trackers_render). */
function cargo_trackers_configurator_routes()
{
    $data = array();
    foreach (array('ocean-tracker' => 'ocean', 'air-tracker' => 'air') as $tag => $product) {
        $own = cargo_trackers_route_url($product);
        $proxy = apply_filters('cargo_trackers_proxy_url', $own, $tag);
        $data['data-preview-proxy-' . $product] = cargo_trackers_esc_url($proxy);
        if ($proxy === $own) {
            $data['data-preview-carriers-' . $product] = cargo_trackers_esc_url(cargo_trackers_route_url('carriers/' . $product));
        }
    }
    return $data;
}

function cargo_trackers_configurator_page()
{
    if (!current_user_can('manage_options')) {
        return;
    }
    echo '<div class="wrap cargo-trackers-configurator"><h1>' . esc_html__('Cargo Trackers', 'cargo-trackers') . '</h1>';
    cargo_trackers_settings_tabs(CARGO_TRACKERS_CONFIGURATOR_TAB);
    if (!cargo_trackers_configurator_available()) {
        echo '<div class="notice notice-warning inline"><p>' . esc_html__(
            'The configurator\'s files are missing: they ship in the plugin\'s zip (npm run build:wordpress).',
            'cargo-trackers'
        ) . '</p></div></div>';
        return;
    }
    list($key) = cargo_trackers_api_key_source();
    list($base) = cargo_trackers_base_url_source();
    if ($key === '' || $base === '') {
        echo '<div class="notice notice-warning inline"><p>' . esc_html__(
            'Set the API key and the service address on the Settings tab first: the preview asks the service through this site.',
            'cargo-trackers'
        ) . '</p></div>';
    }
    echo '<p>' . esc_html__(
        'Pick the options; the tracker beside them shows the result as your visitors will see it. Then copy the shortcode into a '
        . 'Shortcode block (or the block\'s markup into the Code editor) on any page or post.',
        'cargo-trackers'
    ) . '</p>';

    $form = array(
        'id' => 'options',
        'class' => 'options',
        'aria-labelledby' => 'options-title',
        'novalidate' => 'novalidate',
        'data-host' => 'wordpress',
        'data-snippets' => 'shortcode block css',
    ) + cargo_trackers_configurator_routes();
    echo '<div class="layout"><form';
    foreach ($form as $name => $value) {
        echo ' ' . esc_attr($name) . '="' . esc_attr($value) . '"';
    }
    echo '><h2 id="options-title">' . esc_html__('Options', 'cargo-trackers') . '</h2>';
    echo '<fieldset><legend>' . esc_html__('Tracker', 'cargo-trackers') . '</legend>';
    $products = array(
        'ocean' => __('Ocean: containers, bills of lading, bookings', 'cargo-trackers'),
        'air' => __('Air: air waybills', 'cargo-trackers'),
        'both' => __('Both', 'cargo-trackers'),
    );
    foreach ($products as $value => $label) {
        echo '<label class="choice"><input type="radio" name="product" value="' . esc_attr($value) . '"'
            . ($value === 'ocean' ? ' checked' : '') . '> ' . esc_html($label) . '</label>';
    }
    echo '</fieldset>';
    echo '<fieldset id="shared-options"><legend>' . esc_html__('Options', 'cargo-trackers') . '</legend></fieldset>';
    echo '<div id="own-options"></div>';
    echo '<fieldset id="colours"><legend>' . esc_html__('Colours', 'cargo-trackers') . '</legend><p class="hint">' . esc_html__(
        'Each colour is checked against the ones it is drawn on or with (WCAG 2.2 AA).',
        'cargo-trackers'
    ) . '</p></fieldset>';
    echo '<fieldset id="sizes"><legend>' . esc_html__('Fonts and sizes', 'cargo-trackers') . '</legend></fieldset>';
    echo '</form>';

    echo '<section class="output" aria-labelledby="preview-title"><h2 id="preview-title">' . esc_html__('Preview', 'cargo-trackers')
        . '</h2><p class="hint">' . esc_html__(
            'The preview asks the tracking service through this site, with your key: '
            . 'a number you set is looked up when you leave its field.',
            'cargo-trackers'
        ) . '</p>';
    echo '<p id="contrast-summary" class="contrast" role="status"></p>';
    echo '<p id="preview-missing" class="notice notice-warning inline" hidden>' . esc_html__(
        'The trackers\' script did not load, so the preview is empty; the snippets still work.',
        'cargo-trackers'
    ) . '</p>';
    echo '<div id="preview"></div></section></div>';

    echo '<section aria-labelledby="snippets-title"><h2 id="snippets-title">' . esc_html__('Copy', 'cargo-trackers') . '</h2><p>'
        . esc_html__(
            'Shortcode: paste it into a Shortcode block. Block: paste the markup into the Code editor, or insert the Ocean tracker or '
            . 'Air tracker block and fill the same fields in its sidebar. Colours and sizes: add the CSS to Appearance → Customize → '
            . 'Additional CSS (or Styles → Additional CSS in a block theme).',
            'cargo-trackers'
        ) . ' <span id="version" class="hint"></span></p>';
    echo '<div id="snippets"></div><p id="copy-status" class="screen-reader-text" role="status" aria-live="polite"></p></section>';
    echo '</div>';
}

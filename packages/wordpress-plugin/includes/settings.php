<?php

/**
 * Settings, Cargo Trackers (options-general.php?page=cargo-trackers), for owners who cannot edit
 * wp-config.php: the key (write-only, shown by its last four characters), the service address,
 * the limits, other sites allowed to embed the trackers, and a "Test connection" button that tries
 * what is typed before it is saved. For administrators only (manage_options); the Settings API's
 * nonce covers both buttons. Also the Settings link on the Plugins screen and the notice that
 * leads there after activation until a key is set.
 */

if (!defined('ABSPATH')) {
    exit;
}

use CargoTrackers\Proxy\JsonGuard;
use CargoTrackers\Proxy\Proxy;
use CargoTrackers\WordPress\WordPressTransport;

const CARGO_TRACKERS_SETTINGS_PAGE = 'cargo-trackers';
/** A number no carrier issues: the service answers 404 (not billed) for a good key, 401 for a bad one. */
const CARGO_TRACKERS_TEST_NUMBER = 'CARGOTRACKERS-CONNECTION-TEST-0';

function cargo_trackers_settings_menu()
{
    add_options_page(
        __('Cargo Trackers', 'cargo-trackers'),
        __('Cargo Trackers', 'cargo-trackers'),
        'manage_options',
        CARGO_TRACKERS_SETTINGS_PAGE,
        'cargo_trackers_settings_page'
    );
}
add_action('admin_menu', 'cargo_trackers_settings_menu');

function cargo_trackers_register_settings()
{
    // Created once with autoload off, so the key is not loaded into every page's memory.
    add_option('cargo_trackers_api_key', '', '', 'no');
    register_setting('cargo_trackers', 'cargo_trackers_api_key', array(
        'type' => 'string',
        'show_in_rest' => false,
        'sanitize_callback' => 'cargo_trackers_sanitize_key',
    ));
    register_setting('cargo_trackers', 'cargo_trackers_api_base_url', array(
        'type' => 'string',
        'show_in_rest' => false,
        'sanitize_callback' => 'cargo_trackers_sanitize_base_url',
    ));
    register_setting('cargo_trackers', 'cargo_trackers_limits', array(
        'type' => 'array',
        'show_in_rest' => false,
        'sanitize_callback' => 'cargo_trackers_sanitize_limits',
    ));
    register_setting('cargo_trackers', 'cargo_trackers_cors_origins', array(
        'type' => 'string',
        'show_in_rest' => false,
        'sanitize_callback' => 'cargo_trackers_sanitize_origins',
    ));
}
add_action('admin_init', 'cargo_trackers_register_settings');

/** Write-only: an empty field keeps the stored key; "remove" clears it. */
function cargo_trackers_sanitize_key($value)
{
    $previous = (string) get_option('cargo_trackers_api_key', '');
    // options.php checked the nonce and the capability before this runs.
    if (!empty($_POST['cargo_trackers_api_key_remove'])) {
        return '';
    }
    $value = trim((string) $value);
    if ($value === '') {
        return $previous;
    }
    if (preg_match('/^trk_\S+$/', $value) !== 1) {
        add_settings_error('cargo_trackers_api_key', 'cargo_trackers_bad_key', __(
            'The key was not saved: a tracking API key starts with trk_ and is one continuous string. Copy it whole from the dashboard.',
            'cargo-trackers'
        ));
        return $previous;
    }
    return $value;
}

/**
 * The address the key is sent to. While the key comes from wp-config.php, the address does too, and
 * nothing posted here changes the stored one. A new address must pass
 * cargo_trackers_base_url_refusal() and, from the settings form, come with the key typed again:
 * whoever points the key elsewhere must know it. Clearing the address sends the key nowhere, so
 * it needs no key.
 */
function cargo_trackers_sanitize_base_url($value)
{
    $previous = get_option('cargo_trackers_api_base_url', '');
    $previous = is_string($previous) ? $previous : '';
    if (cargo_trackers_api_key_source()[1] === 'constant') {
        return $previous;
    }
    $value = trim((string) $value);
    if ($value === '') {
        return '';
    }
    $refusal = cargo_trackers_base_url_refusal($value);
    if ($refusal !== null) {
        add_settings_error('cargo_trackers_api_base_url', 'cargo_trackers_bad_base', sprintf(
            /* translators: %s: why the address was refused */
            __('The service address was not saved. %s', 'cargo-trackers'),
            $refusal
        ));
        return $previous;
    }
    $value = Proxy::resolveBase($value);
    // options.php checked the nonce and the capability before this runs.
    if ($value !== $previous && isset($_POST['option_page']) && !cargo_trackers_key_typed()) {
        add_settings_error('cargo_trackers_api_base_url', 'cargo_trackers_base_needs_key', __(
            'The service address was not changed: the key is sent to that address, so it changes only with '
            . 'the API key typed in the same form. The previous address is kept.',
            'cargo-trackers'
        ));
        return $previous;
    }
    return $value;
}

/**
 * Whether the form that is being saved carries the stored key in its key field (the key option is
 * registered, so saved, before the address).
 */
function cargo_trackers_key_typed()
{
    if (!isset($_POST['cargo_trackers_api_key']) || !is_string($_POST['cargo_trackers_api_key'])) {
        return false;
    }
    $typed = trim(wp_unslash($_POST['cargo_trackers_api_key']));
    $stored = (string) get_option('cargo_trackers_api_key', '');
    return $typed !== '' && $stored !== '' && hash_equals($stored, $typed);
}

function cargo_trackers_sanitize_limits($value)
{
    $value = is_array($value) ? $value : array();
    $out = array();
    $bounds = array('new_numbers_per_hour' => 100000, 'visitor_calls_per_minute' => 100000, 'budget_per_20s' => 100);
    foreach ($bounds as $name => $max) {
        if (isset($value[$name]) && $value[$name] !== '') {
            $out[$name] = max(1, min($max, (int) $value[$name]));
        }
    }
    return $out;
}

function cargo_trackers_sanitize_origins($value)
{
    $kept = array();
    foreach (preg_split('/[\s,]+/', (string) $value, -1, PREG_SPLIT_NO_EMPTY) as $origin) {
        if (preg_match('#^https?://[^/?\#@\s]+$#i', $origin) === 1) {
            $kept[] = $origin;
        } else {
            add_settings_error('cargo_trackers_cors_origins', 'cargo_trackers_bad_origin', sprintf(
                /* translators: %s: what the administrator typed */
                __('%s was left out: list origins such as https://shop.example, without a path.', 'cargo-trackers'),
                $origin
            ));
        }
    }
    return implode(' ', $kept);
}

/** The last four characters, as the service's dashboard lists a key. */
function cargo_trackers_key_hint($key)
{
    return strlen($key) > 8 ? '…' . substr($key, -4) : '…';
}

function cargo_trackers_settings_page()
{
    if (!current_user_can('manage_options')) {
        return;
    }
    if (cargo_trackers_on_configurator()) {
        cargo_trackers_configurator_page();
        return;
    }
    list($key, $key_from) = cargo_trackers_api_key_source();
    $base_from = cargo_trackers_base_url_source()[1];
    $limits = get_option('cargo_trackers_limits', array());
    $limits = is_array($limits) ? $limits : array();
    $defaults = Proxy::DEFAULT_LIMITS;
    // No settings_errors() here: WordPress prints them (and "Settings saved.") above every page under
    // Settings (wp-admin/options-head.php), and a second call printed each one twice.
    echo '<div class="wrap"><h1>' . esc_html__('Cargo Trackers', 'cargo-trackers') . '</h1>';
    cargo_trackers_settings_tabs('');
    $tested = cargo_trackers_take_test_result();
    cargo_trackers_show_test_result($tested);
    echo '<p>' . esc_html__(
        'The trackers on your pages ask this site, and the site adds your key and asks the tracking service.',
        'cargo-trackers'
    ) . ' <code>' . esc_html(cargo_trackers_route_url('ocean')) . '</code></p>';
    echo '<p>' . esc_html__('Which options to use, and what they look like:', 'cargo-trackers') . ' <a href="'
        . esc_url(cargo_trackers_configurator_url()) . '">' . esc_html__('Build a tracker', 'cargo-trackers') . '</a> '
        . esc_html__('lets you pick them, see the tracker live, and copy a shortcode.', 'cargo-trackers') . '</p>';
    echo '<form method="post" action="options.php">';
    settings_fields('cargo_trackers');
    echo '<table class="form-table" role="presentation">';

    echo '<tr><th scope="row"><label for="cargo_trackers_api_key">' . esc_html__('API key', 'cargo-trackers') . '</label></th><td>';
    if ($key_from === 'constant') {
        echo '<p>' . esc_html(sprintf(
            /* translators: %s: the key's last four characters */
            __('The key %s comes from CARGO_TRACKERS_API_KEY in wp-config.php, which wins over this page.', 'cargo-trackers'),
            cargo_trackers_key_hint($key)
        )) . '</p>';
    } else {
        echo '<input type="password" id="cargo_trackers_api_key" name="cargo_trackers_api_key" value="" class="regular-text" '
            . 'autocomplete="off" spellcheck="false">';
        echo '<p class="description">' . esc_html($key === ''
            ? __('No key is stored. Paste the key (trk_…) from the service\'s dashboard.', 'cargo-trackers')
            : sprintf(
                /* translators: %s: the key's last four characters */
                __('A key ending in %s is stored. Leave the field empty to keep it.', 'cargo-trackers'),
                cargo_trackers_key_hint($key)
            )) . '</p>';
        if ($key !== '') {
            echo '<label><input type="checkbox" name="cargo_trackers_api_key_remove" value="1"> '
                . esc_html__('Remove the stored key', 'cargo-trackers') . '</label>';
        }
        echo '<p class="description">' . esc_html__(
            'Stored in the database, the key is in every backup and readable by any code running on the site. '
            . 'Defining CARGO_TRACKERS_API_KEY in wp-config.php keeps it out of the database.',
            'cargo-trackers'
        ) . '</p>';
    }
    echo '</td></tr>';

    echo '<tr><th scope="row"><label for="cargo_trackers_api_base_url">' . esc_html__('Service address', 'cargo-trackers')
        . '</label></th><td>';
    if ($base_from === 'constant' || $base_from === 'needs_constant') {
        // The address in use (the constant's, or a filter's), not one this page could change.
        $in_use = (string) (cargo_trackers_proxy_config()['baseUrl'] ?? '');
        echo '<input type="url" id="cargo_trackers_api_base_url" value="' . esc_attr($in_use) . '" class="regular-text" disabled>';
        echo '<p class="description">' . esc_html($base_from === 'constant'
            ? __('From CARGO_TRACKERS_API_BASE_URL in wp-config.php, which wins over this page.', 'cargo-trackers')
            : __(
                'The key comes from wp-config.php, so the address it is sent to must come from there too: '
                . 'define CARGO_TRACKERS_API_BASE_URL in wp-config.php. An address saved on this page is not used.',
                'cargo-trackers'
            )) . '</p>';
    } else {
        $stored = get_option('cargo_trackers_api_base_url', '');
        // After a test of an address not saved yet, the field keeps it, ready to be saved.
        $shown = $tested !== null && ($tested['typed'] ?? '') !== '' ? $tested['typed'] : (is_string($stored) ? $stored : '');
        echo '<input type="url" id="cargo_trackers_api_base_url" name="cargo_trackers_api_base_url" value="'
            . esc_attr($shown) . '" class="regular-text" placeholder="https://api.example.com">';
        echo '<p class="description">' . esc_html__(
            'The tracking service\'s base address, starting with https://; the plugin adds /v1/…. '
            . 'The key is sent there, so changing it needs the API key typed again.',
            'cargo-trackers'
        ) . '</p>';
        if ($base_from === 'refused') {
            echo '<p class="description"><strong>' . esc_html(sprintf(
                /* translators: %s: why the address is refused */
                __('This address is not used, and the key is not sent to it. %s', 'cargo-trackers'),
                (string) cargo_trackers_base_url_refusal($stored)
            )) . '</strong></p>';
        }
    }
    echo '</td></tr>';

    $fields = array(
        'new_numbers_per_hour' => array(
            __('New numbers per visitor and hour', 'cargo-trackers'),
            $defaults['newNumbersPerClientPerHour'],
        ),
        'visitor_calls_per_minute' => array(
            __('Service calls per visitor and minute', 'cargo-trackers'),
            $defaults['clientRequests']['requests'],
        ),
        'budget_per_20s' => array(
            __('Service calls per 20 seconds, whole site (the service allows 100)', 'cargo-trackers'),
            $defaults['upstreamBudget']['requests'],
        ),
    );
    foreach ($fields as $name => $field) {
        $id = 'cargo_trackers_limits_' . $name;
        echo '<tr><th scope="row"><label for="' . esc_attr($id) . '">' . esc_html($field[0]) . '</label></th><td>'
            . '<input type="number" min="1" id="' . esc_attr($id) . '" name="cargo_trackers_limits[' . esc_attr($name) . ']" value="'
            . esc_attr(isset($limits[$name]) ? (string) $limits[$name] : '') . '" placeholder="' . esc_attr((string) $field[1]) . '">'
            . '</td></tr>';
    }

    echo '<tr><th scope="row"><label for="cargo_trackers_cors_origins">' . esc_html__('Other sites', 'cargo-trackers')
        . '</label></th><td><input type="text" id="cargo_trackers_cors_origins" name="cargo_trackers_cors_origins" value="'
        . esc_attr((string) get_option('cargo_trackers_cors_origins', '')) . '" class="regular-text" placeholder="https://shop.example">'
        . '<p class="description">' . esc_html__(
            'Origins of other sites whose pages may use this site\'s tracking routes (for example a shop on another domain).',
            'cargo-trackers'
        ) . '</p></td></tr>';
    echo '</table>';
    echo '<p class="submit">';
    submit_button(null, 'primary', 'submit', false);
    echo ' ';
    // In the same form: it tests the key and the address as typed, before they are saved.
    submit_button(__('Test connection', 'cargo-trackers'), 'secondary', 'cargo_trackers_test', false);
    echo '</p><p class="description">' . esc_html__(
        'Test connection tries the key and the service address in this form, as typed, without saving them (an empty key '
        . 'field tries the stored key). It looks up a number that cannot exist: a good key gets 404, which is not billed; '
        . 'a bad key gets 401.',
        'cargo-trackers'
    ) . '</p>';
    echo '</form></div>';
}

/**
 * The settings form's Test connection button: one lookup that costs no credit, with the key and the
 * address as typed, then back to the page. It runs when options.php loads, before options.php saves
 * anything, with the settings form's own nonce.
 */
function cargo_trackers_test_connection()
{
    global $pagenow;
    if ($pagenow !== 'options.php' || !isset($_POST['cargo_trackers_test'], $_POST['option_page'])) {
        return;
    }
    if ($_POST['option_page'] !== 'cargo_trackers') {
        return;
    }
    if (!current_user_can('manage_options')) {
        wp_die(esc_html__('You are not allowed to test the connection.', 'cargo-trackers'), 403);
    }
    check_admin_referer('cargo_trackers-options');
    $typed_key = isset($_POST['cargo_trackers_api_key']) && is_string($_POST['cargo_trackers_api_key'])
        ? trim(wp_unslash($_POST['cargo_trackers_api_key']))
        : '';
    $typed_base = isset($_POST['cargo_trackers_api_base_url']) && is_string($_POST['cargo_trackers_api_base_url'])
        ? trim(wp_unslash($_POST['cargo_trackers_api_base_url']))
        : null;
    set_transient('cargo_trackers_test_' . get_current_user_id(), cargo_trackers_probe($typed_key, $typed_base), 300);
    wp_safe_redirect(admin_url('options-general.php?page=' . CARGO_TRACKERS_SETTINGS_PAGE . '&cargo-trackers-tested=1'));
    exit;
}
add_action('admin_init', 'cargo_trackers_test_connection', 20);

/**
 * Test connection's lookup. Without typed values, the configuration the routes use, so the test
 * proves what visitors' lookups will meet. A key typed in the form is tried instead of the stored
 * one, and an address typed there instead of the stored one, under the rules that save them: an
 * address must pass cargo_trackers_base_url_refusal(), and the stored key is sent to a new address
 * only when typed again. A key from wp-config.php goes only to the address from wp-config.php.
 *
 * @param string $typed_key the key field as posted ('' when empty)
 * @param string|null $typed_base the address field as posted (null when the form has none)
 * @return array{verdict:string,status:int|null,detail:string,address:string,typed:string}
 *     address is the service's, as asked; typed is the address tried when it is not the stored one
 */
function cargo_trackers_probe($typed_key = '', $typed_base = null)
{
    $config = cargo_trackers_proxy_config();
    $key = (string) ($config['apiKey'] ?? '');
    $base = (string) ($config['baseUrl'] ?? '');
    $typed = '';
    if (cargo_trackers_api_key_source()[1] !== 'constant') {
        $stored_base = get_option('cargo_trackers_api_base_url', '');
        $stored_base = is_string($stored_base) ? $stored_base : '';
        if ($typed_key !== '') {
            $key = $typed_key;
        }
        $base_editable = cargo_trackers_base_url_source()[1] !== 'constant';
        if ($base_editable && $typed_base !== null && $typed_base !== '' && $typed_base !== $stored_base) {
            $refusal = cargo_trackers_base_url_refusal($typed_base);
            if ($refusal !== null) {
                return array('verdict' => 'not_configured', 'status' => null, 'detail' => $refusal, 'address' => '',
                    'typed' => $typed_base);
            }
            $typed = Proxy::resolveBase($typed_base);
            if ($typed !== $stored_base && $typed_key === '') {
                return array('verdict' => 'not_configured', 'status' => null, 'detail' => __(
                    'To test a new service address, type the API key too: the key is sent to that address.',
                    'cargo-trackers'
                ), 'address' => '', 'typed' => $typed);
            }
            $base = $typed;
        }
    }
    if ($key === '' || $base === '') {
        $why = array(
            'needs_constant' => __('The key comes from wp-config.php: define CARGO_TRACKERS_API_BASE_URL there too.', 'cargo-trackers'),
            'refused' => __('The saved service address is not https://, so the key is not sent to it.', 'cargo-trackers'),
        );
        $from = cargo_trackers_base_url_source()[1];
        return array('verdict' => 'not_configured', 'status' => null, 'detail' => $why[$from] ?? '', 'address' => '', 'typed' => $typed);
    }
    try {
        $base = Proxy::resolveBase($base);
    } catch (\InvalidArgumentException $error) {
        return array('verdict' => 'not_configured', 'status' => null, 'detail' => $error->getMessage(), 'address' => '', 'typed' => $typed);
    }
    $result = (new WordPressTransport())->get(
        $base . '/v1/shipments/ocean?referenceNumber=' . rawurlencode(CARGO_TRACKERS_TEST_NUMBER),
        array('accept' => 'application/json', 'authorization' => 'Bearer ' . $key),
        30000,
        65536
    );
    if ($result->error !== null) {
        return array(
            'verdict' => 'failure',
            'status' => null,
            'detail' => cargo_trackers_failure_text($result->error, $base),
            'address' => $base,
            'typed' => $typed,
        );
    }
    // What the service said, unless it repeated the key; never more than a line.
    $detail = '';
    if (JsonGuard::check($result->body, $key) === JsonGuard::OK) {
        $document = json_decode($result->body, true);
        $message = is_array($document) && isset($document['message']) && is_string($document['message']) ? $document['message'] : '';
        $detail = substr($message, 0, 200);
    }
    $verdicts = array(401 => 'bad_key', 404 => 'good_key');
    return array(
        'verdict' => $verdicts[$result->status] ?? 'other',
        'status' => $result->status,
        'detail' => $detail,
        'address' => $base,
        'typed' => $typed,
    );
}

/** What went wrong asking $address, in the owner's words, with the core's code for a support request. */
function cargo_trackers_failure_text($error, $address)
{
    $texts = array(
        /* translators: %s: the service address */
        'upstream_unreachable' => __(
            'Nothing answered at %s. Check the address: a typing mistake, a server that is down or a firewall.',
            'cargo-trackers'
        ),
        /* translators: %s: the service address */
        'upstream_timeout' => __('%s did not answer in time.', 'cargo-trackers'),
        /* translators: %s: the service address */
        'upstream_redirect' => __('%s answered with a redirect, which is not followed: check the address.', 'cargo-trackers'),
    );
    /* translators: %s: the service address */
    $text = $texts[$error] ?? __('The answer from %s was not usable.', 'cargo-trackers');
    return sprintf($text, $address) . ' (' . $error . ')';
}

/** This user's Test connection result, once, on the page it redirected to; else null. */
function cargo_trackers_take_test_result()
{
    // Only chooses whether to show this user's own result.
    if (!isset($_GET['cargo-trackers-tested'])) {
        return null;
    }
    $result = get_transient('cargo_trackers_test_' . get_current_user_id());
    delete_transient('cargo_trackers_test_' . get_current_user_id());
    return is_array($result) ? $result : null;
}

function cargo_trackers_show_test_result($result)
{
    if ($result === null) {
        return;
    }
    $texts = array(
        'good_key' => array(
            'success',
            __('The key works: the service answered 404 for a number that cannot exist (not billed).', 'cargo-trackers'),
        ),
        'bad_key' => array(
            'error',
            __('The service refused the key (401). Check it, or create a new one in the dashboard.', 'cargo-trackers'),
        ),
        'not_configured' => array('error', __('Set the key and the service address first.', 'cargo-trackers')),
        'failure' => array('error', __('The service could not be asked.', 'cargo-trackers')),
        'other' => array('warning', __('The service answered something else:', 'cargo-trackers')),
    );
    list($type, $text) = $texts[$result['verdict']] ?? $texts['other'];
    $got = $result['status'] !== null ? sprintf(' HTTP %d.', $result['status']) : '';
    $detail = $result['detail'] !== '' ? ' ' . $result['detail'] : '';
    // A failure's text names the address itself.
    $asked = ($result['address'] ?? '') !== '' && $result['verdict'] !== 'failure' ? ' ' . sprintf(
        /* translators: %s: the service address the test asked */
        __('Asked: %s', 'cargo-trackers'),
        $result['address']
    ) : '';
    echo '<div class="notice notice-' . esc_attr($type) . '" id="cargo-trackers-test-result"><p>'
        . esc_html($text . $got . $detail . $asked) . '</p></div>';
}

/** The plugin's row on the Plugins screen leads to its settings. */
function cargo_trackers_plugin_action_links($links)
{
    $settings = '<a href="' . esc_url(admin_url('options-general.php?page=' . CARGO_TRACKERS_SETTINGS_PAGE)) . '">'
        . esc_html__('Settings', 'cargo-trackers') . '</a>';
    array_unshift($links, $settings);
    return $links;
}
add_filter('plugin_action_links_' . plugin_basename(dirname(__DIR__) . '/cargo-trackers.php'), 'cargo_trackers_plugin_action_links');

/** Set on activation: the setup notice shows until a key is set. */
const CARGO_TRACKERS_SETUP_NOTICE = 'cargo_trackers_setup_notice';

function cargo_trackers_flag_setup()
{
    update_option(CARGO_TRACKERS_SETUP_NOTICE, '1', false);
}

/**
 * After activation, on every admin screen an administrator opens, a notice leads to the settings
 * until a key is set (saved or defined in wp-config.php); then it goes for good.
 */
function cargo_trackers_setup_notice()
{
    if (get_option(CARGO_TRACKERS_SETUP_NOTICE) !== '1' || !current_user_can('manage_options')) {
        return;
    }
    if (cargo_trackers_api_key_source()[0] !== '') {
        delete_option(CARGO_TRACKERS_SETUP_NOTICE);
        return;
    }
    echo '<div class="notice notice-info" id="cargo-trackers-setup-notice"><p>' . esc_html__(
        'Cargo Trackers is active. Enter your tracking API key and the service address so that the trackers can look up shipments.',
        'cargo-trackers'
    ) . ' <a href="' . esc_url(admin_url('options-general.php?page=' . CARGO_TRACKERS_SETTINGS_PAGE)) . '">'
        . esc_html__('Set up Cargo Trackers', 'cargo-trackers') . '</a></p></div>';
}
add_action('admin_notices', 'cargo_trackers_setup_notice');

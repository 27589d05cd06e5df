<?php

/**
 * WP-Cron sweeps the proxy's state folder every five minutes: expired answers and counters go, and
 * the answers are brought under their size cap (CARGO_TRACKERS_CACHE_MAX_BYTES), so the folder does
 * not keep what a burst of traffic wrote once the traffic has stopped. The event is scheduled when
 * the plugin is activated and cleared when it is deactivated; an answer written after a sweep
 * interval also sweeps, for sites where WP-Cron does not run.
 */

if (!defined('ABSPATH')) {
    exit;
}

use CargoTrackers\Proxy\StoreFailure;

const CARGO_TRACKERS_SWEEP_HOOK = 'cargo_trackers_sweep';
const CARGO_TRACKERS_SWEEP_SCHEDULE = 'cargo_trackers_five_minutes';

function cargo_trackers_cron_schedules($schedules)
{
    $schedules[CARGO_TRACKERS_SWEEP_SCHEDULE] = array(
        'interval' => 5 * MINUTE_IN_SECONDS,
        'display' => __('Every five minutes (Cargo Trackers)', 'cargo-trackers'),
    );
    return $schedules;
}
add_filter('cron_schedules', 'cargo_trackers_cron_schedules');

/** On activation; also on an administrator's visit, for a site that updated the plugin without reactivating it. */
function cargo_trackers_schedule_sweep()
{
    if (wp_next_scheduled(CARGO_TRACKERS_SWEEP_HOOK) === false) {
        wp_schedule_event(time() + 5 * MINUTE_IN_SECONDS, CARGO_TRACKERS_SWEEP_SCHEDULE, CARGO_TRACKERS_SWEEP_HOOK);
    }
}
add_action('admin_init', 'cargo_trackers_schedule_sweep');

function cargo_trackers_unschedule_sweep()
{
    wp_clear_scheduled_hook(CARGO_TRACKERS_SWEEP_HOOK);
}

function cargo_trackers_sweep()
{
    try {
        cargo_trackers_file_store(cargo_trackers_proxy_config())->sweep();
    } catch (StoreFailure $failure) {
        // A folder that cannot be swept now is swept by the next event.
    } catch (\InvalidArgumentException $error) {
        // A cap the filter set wrong: the proxy's own answers say so.
    }
}
add_action(CARGO_TRACKERS_SWEEP_HOOK, 'cargo_trackers_sweep');

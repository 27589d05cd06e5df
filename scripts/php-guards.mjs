// The direct-access guards of the WordPress plugin's PHP files, written once: the files carry them,
// scripts/build-proxy-php.mjs removes the proxy core's from proxy.php, and
// test/packages/wordpress-plugin/direct-access.test.ts checks every file has one.
//
// A plugin file does nothing unless WordPress loaded it (ABSPATH). The proxy core
// (includes/proxy/) also runs outside WordPress: from the command line (its tests load it) and as
// proxy.php, the standalone proxy, whose build drops the line. A web request straight to a core
// file is never the CLI, so it stops there too.

/** The guard of a plugin file, first after its opening comments. */
export const PLUGIN_GUARD = "if (!defined('ABSPATH')) {\n    exit;\n}\n";

/** The guard of a proxy core file (includes/proxy/*.php), first after its namespace declaration. */
export const CORE_GUARD = "if (!defined('ABSPATH') && PHP_SAPI !== 'cli') {\n    exit;\n}\n";

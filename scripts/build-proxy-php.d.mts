/** Where the built proxy.php is committed. */
export const OUTPUT: string;
/** proxy.php's text, built from the plugin's PHP proxy core and the front controller. */
export function buildProxyPhp(): string;

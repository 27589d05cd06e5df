/** The guard of a plugin file, first after its opening comments. */
export const PLUGIN_GUARD: string;
/** The guard of a proxy core file (includes/proxy/*.php), first after its namespace declaration. */
export const CORE_GUARD: string;

/** Builds the plugin's zip from a built script-tag bundle; returns the zip's path. */
export function buildWordPressZip(options?: { bundleDir?: string; outDir?: string }): string;

export const ENTRY: string;
/** The cargo-trackers package's version, which names the zip. */
export function selfHostVersion(): string;
/** `cargo-trackers-<version>`: the zip's name and the folder inside it. */
export function selfHostName(version?: string): string;
/** The zip's files (entry, chunks, README.md, LICENSE), each under `cargo-trackers-<version>/`. */
export function selfHostFiles(bundleDir: string, version?: string): Array<{ name: string; data: Buffer }>;
/** The self-host zip's bytes, from a built bundle. */
export function selfHostZip(bundleDir: string, version?: string): Buffer;

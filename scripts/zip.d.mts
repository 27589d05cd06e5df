/** The bytes of a zip holding `files` (paths with `/`, in the order given), deflated, with one fixed timestamp. */
export function zip(files: ReadonlyArray<{ readonly name: string; readonly data: Uint8Array }>): Buffer;
/** The files of a zip that `zip()` wrote, by name, each checked against its CRC. */
export function unzip(bytes: Uint8Array): Map<string, Buffer>;

/** What publint --strict and attw find in one packed tarball: empty when both are clean. */
export function lintTarball(tarball: string): string[];

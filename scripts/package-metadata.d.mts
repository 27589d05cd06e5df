export const PUBLISHED: Readonly<Record<string, readonly string[]>>;
export function expectedManifest(dir: string, current: Record<string, unknown>, rootPkg?: Record<string, unknown>): Record<string, unknown>;
export function plan(): Array<[path: string, text: string]>;

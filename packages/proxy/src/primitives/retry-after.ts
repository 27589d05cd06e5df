/** `Retry-After` delay-seconds for a wait in milliseconds: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}

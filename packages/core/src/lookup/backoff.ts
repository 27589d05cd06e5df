/**
 * Delay before automatic retry number `retry` (1-based) after a 5xx, a network
 * error or a timeout: exponential from `baseMs`, with "equal jitter" so that many
 * widgets that failed together do not come back together, yet never retry at once.
 */
export function backoffDelay(retry: number, baseMs = 1000, random: () => number = Math.random): number {
  const ceiling = baseMs * 2 ** (retry - 1);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** How many automatic retries a failing lookup gets before the visitor is asked. */
export const MAX_AUTOMATIC_RETRIES = 3;

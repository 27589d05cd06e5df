/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between. A large document (the proxy passes up to 5 MiB) costs parsing, reading and rendering;
 * done in one task that blocks the page for as long as all three take together.
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued tasks), else a
 * message to ourselves, which, unlike a zero timeout, is neither clamped nor throttled.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

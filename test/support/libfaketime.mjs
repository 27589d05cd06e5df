// A run on a moved calendar (`faketime -f +400d npm test`, Debian's libfaketime) preloads the library
// into every process it starts; some servers and browsers hang with it, and start without it.
import { execFileSync } from 'node:child_process';

/** Whether this process runs on a moved calendar: `faketime +400d npm test` preloads libfaketime. */
export function underLibfaketime(env = process.env) {
  return env.LD_PRELOAD?.includes('faketime') ?? false;
}

/** `env` without libfaketime and its settings, for a server or browser that hangs with it preloaded. */
export function withoutLibfaketime(env = process.env) {
  const copy = { ...env };
  if (underLibfaketime(copy)) delete copy.LD_PRELOAD;
  for (const name of Object.keys(copy)) if (name.startsWith('FAKETIME')) delete copy[name];
  return copy;
}

/**
 * Runs `start` with libfaketime out of this process's environment, for a library that starts its
 * server from `process.env` (Miniflare's workerd hangs with it preloaded), and puts it back after.
 */
export async function withoutLibfaketimeIn(start) {
  if (!underLibfaketime()) return start();
  const saved = { ...process.env };
  const cleared = withoutLibfaketime(saved);
  for (const name of Object.keys(saved)) if (!(name in cleared)) delete process.env[name];
  try {
    return await start();
  } finally {
    Object.assign(process.env, saved);
  }
}

/**
 * `env` for PHP with OPcache on a moved calendar: libfaketime also moves the times stat() reports,
 * and OPcache then finds every cached file changed and compiles it again on every request (0 hits
 * in 3 requests under `faketime +45d`, measured with php -S), which made each WordPress request take
 * seconds. NO_FAKE_STAT=1 leaves file times real; the clock PHP reads stays moved.
 */
export function withRealFileTimes(env = process.env) {
  return underLibfaketime(env) ? { ...env, NO_FAKE_STAT: '1' } : env;
}

/** How far libfaketime moved this process's calendar (0 when it runs on the real one), in ms. */
export function calendarOffsetMs() {
  if (!underLibfaketime()) return 0;
  const real = Number(execFileSync('date', ['+%s%3N'], { env: withoutLibfaketime(), encoding: 'utf8' }).trim());
  return Date.now() - real;
}

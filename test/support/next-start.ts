// `next start` for a built Next.js app, on a free loopback port: the one way the tests start Next
// and wait until it serves, so that a change in what Next prints is followed in one place.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Next's command-line entry, run with this Node: for `next build` as for `next start`. */
export const NEXT_BIN = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/next/dist/bin/next');

export interface StartNextOptions {
  /** Added to this process's environment (telemetry is always off). */
  readonly env?: Readonly<Record<string, string>>;
  /** How long Next may take to print its address and "Ready"; 30 s unless given. */
  readonly timeoutMs?: number;
}

export interface StartedNext {
  /** `http://127.0.0.1:port`, no trailing slash. */
  readonly url: string;
  /** Everything Next printed so far, standard output and error together. */
  readonly output: () => string;
  /** Ends Next and the server it forks, and waits until it has exited. */
  readonly stop: () => Promise<void>;
}

export async function startNext(dir: string, options: StartNextOptions = {}): Promise<StartedNext> {
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', '0', '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it ends next and what it forks, and nothing else.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // Resolves with what ended it: its exit, or the spawn's failure (after which no exit may come).
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`exited with ${code ?? signal}`));
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let check: (() => void) | undefined;
  try {
    const url = await Promise.race([
      new Promise<string>((resolve) => {
        check = () => {
          const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1] !== undefined && output.includes('Ready')) resolve(match[1]);
        };
        child.stdout.on('data', check);
      }),
      exited.then((end) => Promise.reject(new Error(`next start ${end}:\n${output}`))),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`next start did not report its address within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      }),
    ]);
    return { url, output: () => output, stop };
  } catch (error) {
    // A server that never became ready is not left running behind the failed test.
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
    if (check) child.stdout.off('data', check);
  }
}

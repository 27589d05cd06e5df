// A real redis-server for the tests (Debian's package), on a free loopback port, with nothing
// written to disk. Tests stop it, kill it, restart it on the same port and pause it, to see what
// the proxy does when its shared store goes away or hangs.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { withoutLibfaketime } from '../../support/libfaketime.mjs';
import { freePort } from '../../support/free-port.mjs';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/**
 * The environment redis-server starts with: this one without libfaketime. A run on a moved calendar
 * (`faketime +400d npm test`) moves the clocks of the code under test, but redis-server preloaded with
 * libfaketime hangs at start; Redis keeps its expiries on its own clock, given relative (PX), so the
 * store's behaviour does not depend on the calendar it runs on.
 */
function serverEnv(): NodeJS.ProcessEnv {
  return withoutLibfaketime();
}

/** Runs `redis-cli -p <port> …args` and returns what it printed; like the server, without libfaketime (which hangs it). */
export function redisCli(port: number, args: readonly string[]): string {
  const run = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', env: serverEnv() });
  if (run.error !== undefined || run.status !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

/** Why Redis tests cannot run here, or undefined when they can. */
export function redisUnavailable(): string | undefined {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8', env: serverEnv() });
  if (probe.error !== undefined || probe.status !== 0) return `${REDIS_SERVER} is not installed (apt-get install redis-server)`;
  return undefined;
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Answers PING now. */
  readonly running: boolean;
  /** SIGTERM, waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, as a crashed or lost host: connections drop without a goodbye. */
  kill(): Promise<void>;
  /** Starts again on the same port, empty (nothing is persisted). */
  restart(): Promise<void>;
  /** SIGSTOP: the socket stays open but nothing answers, as a Redis stuck on a slow disk or swap. */
  pause(): void;
  resume(): void;
  /** One command over a raw socket, for tests that must not depend on the client under test. */
  command(...args: string[]): Promise<string>;
}

export interface RedisServerOptions {
  /** Extra `--name value` settings, e.g. `{ maxmemory: '1mb', 'maxmemory-policy': 'noeviction' }`. */
  readonly config?: Readonly<Record<string, string>>;
}

/** RESP encoding of one command, so the harness needs no client library. */
function encode(args: readonly string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

function rawCommand(port: number, args: readonly string[], timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis ${args[0]}: no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.endsWith('\r\n')) {
        clearTimeout(timer);
        socket.end();
        resolve(reply.trimEnd());
      }
    });
    socket.write(encode(args));
  });
}

export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    '/tmp',
    '--loglevel',
    'warning',
    ...Object.entries(options.config ?? {}).flatMap(([name, value]) => [`--${name}`, value]),
  ];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let paused = false;

  async function launch(): Promise<void> {
    const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'ignore', 'inherit'], env: serverEnv() });
    child = proc;
    // A test process that ends without stop() (a failure, or clients it cannot close) must
    // neither wait for this server nor leave it running.
    const killOnExit = () => proc.kill('SIGKILL');
    process.once('exit', killOnExit);
    proc.unref();
    exited = new Promise((resolve) =>
      proc.once('exit', () => {
        process.off('exit', killOnExit);
        resolve();
      }),
    );
    const deadline = Date.now() + 30_000; // stops a hang; a busy machine can take seconds to start it
    for (;;) {
      try {
        // With `requirepass`, an unauthenticated PING is answered NOAUTH: up all the same.
        const reply = await rawCommand(port, ['PING'], 200);
        if (reply === '+PONG' || reply.startsWith('-NOAUTH')) return;
      } catch {
        // Not listening yet.
      }
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode} on port ${port}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function end(signal: NodeJS.Signals): Promise<void> {
    const proc = child;
    if (proc === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    if (paused) {
      proc.kill('SIGCONT');
      paused = false;
    }
    // Unreferenced while it runs (see launch); waiting for its exit must keep the loop alive.
    proc.ref();
    proc.kill(signal);
    await exited;
    child = undefined;
  }

  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== undefined && child.exitCode === null && !paused;
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    restart: async () => {
      await end('SIGKILL');
      await launch();
    },
    pause: () => {
      child?.kill('SIGSTOP');
      paused = true;
    },
    resume: () => {
      child?.kill('SIGCONT');
      paused = false;
    },
    command: (...commandArgs) => rawCommand(port, commandArgs),
  };
}

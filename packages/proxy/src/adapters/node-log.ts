import { write } from 'node:fs';
import type { ProxyLogEntry, ProxyLogger } from '../log.js';

const BATCH_MS = 20;

export interface LineWriterOptions {
  /** The file descriptor written to. Default 1 (standard output). */
  readonly fd?: number;
  /** Most bytes waiting to be written; lines beyond it are dropped and counted. Default 4 MiB. */
  readonly maxQueuedBytes?: number;
}

/**
 * Writes lines without ever blocking the event loop. On Linux, `console.log` to a pipe or a
 * file is a synchronous write: a slow log reader stalls every request. This queues lines and
 * writes them in batches, at most one every 20 ms (also while one is being written), with `fs.write` on libuv's thread pool. When the reader falls too far
 * behind, lines are dropped rather than held without bound, and a count of the dropped lines
 * is written once the queue drains.
 */
export function createLineWriter(options: LineWriterOptions = {}): (line: string) => void {
  const fd = options.fd ?? 1;
  const maxQueuedBytes = options.maxQueuedBytes ?? 4 * 1024 * 1024;
  let queue: string[] = [];
  let queuedBytes = 0;
  let dropped = 0;
  let writing = false;

  const flush = (): void => {
    if (queue.length === 0 && dropped > 0) {
      queue.push(JSON.stringify({ time: new Date().toISOString(), level: 'warn', error: 'log_lines_dropped', count: dropped }));
      dropped = 0;
    }
    if (queue.length === 0) {
      writing = false;
      return;
    }
    writing = true;
    const batch = Buffer.from(`${queue.join('\n')}\n`);
    queue = [];
    queuedBytes = 0;
    writeAll(batch, 0);
  };

  const writeAll = (batch: Buffer, offset: number): void => {
    write(fd, batch, offset, batch.byteLength - offset, null, (error, written) => {
      // A closed or broken log descriptor must not take the proxy down; the lines are lost.
      if (error === null && offset + written < batch.byteLength) writeAll(batch, offset + written);
      // The next batch gathers for BATCH_MS as the first did: writing again as soon as one write
      // returns made a thread-pool round trip for every few lines under load.
      else if (queue.length > 0 || dropped > 0) setTimeout(flush, BATCH_MS);
      else writing = false;
    });
  };

  return (line) => {
    if (queuedBytes + line.length > maxQueuedBytes) {
      dropped++;
      return;
    }
    queue.push(line);
    queuedBytes += line.length + 1;
    if (!writing) {
      writing = true;
      // Lines gather for a few milliseconds, so a busy proxy makes one write per batch, not per request.
      setTimeout(flush, BATCH_MS);
    }
  };
}

/** The proxy's JSON-lines log on Node, written without blocking (see `createLineWriter`). */
export function createNodeJsonLogger(options: LineWriterOptions = {}): ProxyLogger {
  const writeLine = createLineWriter(options);
  return (entry) => writeLine(jsonLine(entry));
}

/** A string JSON writes as it is, between quotes: no quote, backslash, control or non-ASCII character. */
const PLAIN_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `JSON.stringify(entry)` for a log entry (members that are strings or finite numbers), written
 * out directly: the members are few and known, and plain strings, the usual case, need no
 * escaping. Anything else (an escaped string, another kind of value) is left to JSON.stringify.
 */
export function jsonLine(entry: ProxyLogEntry): string {
  let line = '{';
  for (const name in entry) {
    const value = (entry as unknown as Record<string, unknown>)[name];
    let text: string | undefined;
    if (typeof value === 'string') text = PLAIN_STRING.test(value) ? `"${value}"` : JSON.stringify(value);
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else if (value === undefined) continue;
    else return JSON.stringify(entry);
    if (!PLAIN_STRING.test(name)) return JSON.stringify(entry);
    line += `${line.length === 1 ? '' : ','}"${name}":${text}`;
  }
  return `${line}}`;
}

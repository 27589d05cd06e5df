// Helpers for browser tests: script the mock proxy over real HTTP, read fixtures, wait for things.
import { executeServerCommand } from '@web/test-runner-commands';
import type { FakeClock } from './fake-clock.js';

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  destroy?: boolean;
  /** Send the headers and part of the body, then drop the connection: a network error the browser does not retry. */
  truncate?: boolean;
}

export interface LoggedRequest {
  path: string;
  search: string;
  /** The Cargo-Trackers-Request header the request carried ('' when none). */
  marker: string;
  at: number;
  aborted: boolean;
  completed: boolean;
}

export interface Scenario {
  id: string;
  /** e.g. `/scenario/3`; point `proxy-url` at `${base}/ocean`. */
  base: string;
  requests(): Promise<LoggedRequest[]>;
  /** How many carrier and airline list requests the scenario has served. */
  listRequests(): Promise<number>;
}

export async function scenario(spec: { responses: ScriptedResponse[]; carriers?: unknown; airlines?: unknown }): Promise<Scenario> {
  const res = await fetch('/__scenario', { method: 'POST', body: JSON.stringify(spec) });
  const { id, base } = (await res.json()) as { id: string; base: string };
  return {
    id,
    base,
    requests: async () => ((await (await fetch(`/__scenario/${id}/log`)).json()) as { requests: LoggedRequest[] }).requests,
    listRequests: async () => ((await (await fetch(`/__scenario/${id}/log`)).json()) as { lists: number }).lists,
  };
}

export interface Hold {
  /** How many requests are waiting now. */
  held(): Promise<number>;
  /** Lets them through, and every later one; forgets the cookie. */
  release(): Promise<void>;
}

/**
 * Makes the test server hold every request of this page whose path contains `path` (a code
 * chunk the server lists as holdable) until `release()`: a slow network for that file only,
 * on a real server.
 */
export async function holdRequests(path: string): Promise<Hold> {
  const res = await fetch('/__hold', { method: 'POST', body: JSON.stringify({ path }) });
  if (!res.ok) throw new Error(await res.text());
  const { id } = (await res.json()) as { id: string };
  document.cookie = `cargo-hold-${id}=1; path=/`;
  return {
    held: async () => ((await (await fetch(`/__hold/${id}`)).json()) as { held: number }).held,
    release: async () => {
      document.cookie = `cargo-hold-${id}=; path=/; max-age=0`;
      await fetch(`/__hold/${id}/release`, { method: 'POST' });
    },
  };
}

export async function fixture<T = unknown>(name: string): Promise<T> {
  const res = await fetch(`/test/fixtures/${name}`);
  if (!res.ok) throw new Error(`no fixture ${name}`);
  return (await res.json()) as T;
}

// Captured before any test can install a fake clock.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realClearTimeout = globalThis.clearTimeout.bind(globalThis);

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}

/**
 * How long a wait for something that should happen gives up after: long enough for any machine,
 * however busy (it stops a hang, it bounds no speed); a test asserts on what it waited for.
 */
export const PATIENCE_MS = 30_000;

/** Polls `predicate` with the real clock until it holds, or fails with `message`. */
export async function until(predicate: () => boolean | Promise<boolean>, message: string, timeoutMs = PATIENCE_MS): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await predicate()) return;
    await sleep(20);
  }
  throw new Error(`Timed out waiting: ${message}`);
}

/**
 * Moves `clock`, an element's own (useClock), past each of the element's waits (a 202's next poll,
 * Retry-After, a retry's backoff, a countdown's tick), one timer at a time and never while a
 * request is out, until `done()`: a state that comes after waits, without waiting them out.
 */
export async function waitOut(
  el: HTMLElement & { trackingState: string; updateComplete: Promise<unknown> },
  clock: Pick<FakeClock, 'advance' | 'nextIn'>,
  done: () => boolean,
  message = 'the element past its waits',
): Promise<void> {
  await until(async () => {
    if (el.trackingState === 'waiting' && clock.nextIn !== undefined) {
      await clock.advance(clock.nextIn);
      await el.updateComplete;
    }
    return done();
  }, message);
}

/** Set once a frame did not come in time; cleared by the next one that does. */
let drawingStopped = false;

/**
 * Resolves at the next rendering frame. Headless Chromium now and then stops drawing a page for
 * good: no requestAnimationFrame, no screenshot, until the next page (seen on CI and here, late in a
 * long file of map tests, after which every test hung until its timeout). So a frame that does not
 * come within `patienceMs` is waited for on a timer instead, with one warning, and briefly from then
 * on. A check of geometry still runs on the layout that getBoundingClientRect() computes; a test
 * that needs the engine to render (a ResizeObserver, an IntersectionObserver) fails on what it
 * observes rather than hang.
 */
export function nextFrame(patienceMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const timer = realSetTimeout(
      () => {
        if (!drawingStopped)
          console.warn(`No rendering frame within ${patienceMs} ms: this engine has stopped drawing the page; waiting on timers.`);
        drawingStopped = true;
        resolve();
      },
      drawingStopped ? 50 : patienceMs,
    );
    requestAnimationFrame(() => {
      drawingStopped = false;
      realClearTimeout(timer);
      resolve();
    });
  });
}

/** Lets the browser lay out, observe intersections and run `count` frames (see nextFrame()). */
export async function frames(count = 5): Promise<void> {
  for (let i = 0; i < count; i++) await nextFrame();
}

/** Resolves with the next event of that name on `target`. */
export function nextEvent<E extends Event>(target: EventTarget, name: string, timeoutMs = PATIENCE_MS): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = realSetTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), timeoutMs);
    target.addEventListener(
      name,
      (e) => {
        clearTimeout(timer);
        resolve(e as E);
      },
      { once: true },
    );
  });
}

/** All text in an element's shadow root, whitespace folded. */
export function shadowText(el: Element): string {
  return (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A node's text, whitespace folded; '' for no node. */
export function text(node: Element | null): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Types `value` into a tracker's number field as a visitor does, and waits for the element to render it. */
export async function typeNumber(el: HTMLElement & { updateComplete: Promise<unknown> }, value: string): Promise<void> {
  const input = el.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input'));
  await el.updateComplete;
}

export function part(el: Element, name: string): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
}

export function parts(el: Element, name: string): HTMLElement[] {
  return [...(el.shadowRoot?.querySelectorAll<HTMLElement>(`[part~="${name}"]`) ?? [])];
}

/** Mounts markup into a fresh container on the page; removes the previous one. */
export function mount<T extends HTMLElement>(markup: string): T {
  document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  const root = document.createElement('div');
  root.dataset.testRoot = '';
  root.innerHTML = markup; // test-authored markup only
  document.body.append(root);
  return root.firstElementChild as T;
}

/** Captures console.error calls until `restore()`, so a test can read what the site owner is told. */
export function captureConsoleErrors(): { messages: string[]; restore: () => void } {
  const original = console.error;
  const messages: string[] = [];
  console.error = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.error = original) };
}

/** The engine this page runs in, from its user agent (Chromium's also says AppleWebKit and Safari). */
export type Engine = 'chromium' | 'firefox' | 'webkit';
export const engine: Engine = / Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';
const ENGINE_LABELS: Record<Engine, string> = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKitGTK' };

// WebKitGTK's overlay scrollbar, as MiniBrowser draws it under Xvfb, cost about 0.15 of a core for
// as long as a test page could scroll (a loaded tracker at rest: 3 s of CPU in 20 s; none with the
// scrollbar hidden, none on a page too short to scroll): CPU the two cores of CI lack. It takes no
// room (clientWidth is innerWidth), so hiding it changes no layout a test measures; pages still scroll.
if (engine === 'webkit') document.documentElement.style.setProperty('scrollbar-width', 'none');

/** MiniBrowser, the browser WebKitWebDriver drives, keeps its window at least as wide as its toolbar. */
export const NARROWEST_WEBKIT = 447;
/** The skip reasons for a test that needs a viewport `width` px wide. */
export function tooNarrowFor(width: number): Partial<Record<Engine, string>> {
  return width < NARROWEST_WEBKIT
    ? { webkit: `MiniBrowser, the browser WebKitWebDriver drives, keeps its window at least ${NARROWEST_WEBKIT} px wide (its toolbar)` }
    : {};
}

/**
 * The skip reasons for one width of a map-label sweep (every document, language and width of
 * `widths`): Chromium measures every width; Firefox and WebKitGTK the narrowest and the widest
 * each can hold. Where a label goes is decided by the elements' JavaScript (label-placement.ts),
 * which every engine runs alike; what an engine changes is how wide its fonts set each name, which
 * every label of every document shows at any width, and the narrowest map, where names crowd and
 * shorten, and the widest, where the most of them show, are where it matters most. The widths
 * between took about 70 s of Firefox's and WebKitGTK's tests (both sweep files, three engines, alone).
 */
export function labelSweepSkips(width: number, widths: readonly number[]): Partial<Record<Engine, string>> {
  const skips = tooNarrowFor(width);
  for (const other of ['firefox', 'webkit'] as const) {
    const held = widths.filter((w) => tooNarrowFor(w)[other] === undefined);
    const [narrowest, widest] = [Math.min(...held), Math.max(...held)];
    if (skips[other] === undefined && width !== narrowest && width !== widest) {
      skips[other] = `every width runs in Chromium; here the narrowest and the widest (${narrowest} and ${widest} px)`;
    }
  }
  return skips;
}

/**
 * `it`, except in the engines listed in `skipIn`, where the test is skipped and its title says
 * why: a reason that belongs to that engine or its driver, never "flaky".
 */
export function itExceptIn(skipIn: Partial<Record<Engine, string>>, title: string, fn: Mocha.Func | Mocha.AsyncFunc): void {
  const reason = skipIn[engine];
  if (reason) it.skip(`${title} [skipped in ${ENGINE_LABELS[engine]}: ${reason}]`, fn);
  else it(title, fn);
}

/** Sets the page's viewport in CSS pixels, in every engine (see test/support/viewport-plugin.mjs). */
export async function setViewport(viewport: { width: number; height: number }): Promise<void> {
  await executeServerCommand('viewport', viewport);
}

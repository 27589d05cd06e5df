// The two elements as the accessibility, layout and language tests drive them: the
// same states, reached through the same scripted proxy over real HTTP.
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { useClock, type TrackerElement } from '@cargo-trackers/core/internal/first';
import { fixture, mount, scenario, until, waitOut, type ScriptedResponse } from '../support/browser.js';
import { FakeClock } from '../support/fake-clock.js';

export interface ElementUnderTest {
  readonly tag: 'ocean-tracker' | 'air-tracker';
  readonly numberAttribute: string;
  readonly number: string;
  readonly path: string;
  /** Loaded states worth checking on their own: name → fixture. */
  readonly loaded: ReadonlyArray<readonly [string, string]>;
}

export const elementsUnderTest: readonly ElementUnderTest[] = [
  {
    tag: 'ocean-tracker',
    numberAttribute: 'reference-number',
    number: 'MEDU9091004',
    path: 'ocean',
    loaded: [
      ['loaded (container)', 'ocean-container-in-transit.json'],
      ['loaded (bill of lading with container switcher)', 'ocean-bill-of-lading-pacific.json'],
    ],
  },
  {
    tag: 'air-tracker',
    numberAttribute: 'awb-number',
    number: '176-22817340',
    path: 'air',
    loaded: [['loaded (air waybill with a transfer)', 'air-awb-transfer.json']],
  },
];

export interface StateUnderTest {
  readonly name: string;
  /** undefined: no number, the idle form. */
  readonly responses?: () => Promise<ScriptedResponse[]>;
  readonly reached: (el: TrackerElement) => boolean;
  /**
   * Reached only after the element's own waits (its retries after a 5xx): the element gets a clock
   * that the test moves past each wait while it waits, instead of seconds of real time per state.
   */
  readonly afterWaits?: true;
}

const failed = (el: TrackerElement) => el.trackingState === 'failed';
const waiting = (el: TrackerElement) => el.trackingState === 'waiting';

export function statesOf(e: ElementUnderTest): StateUnderTest[] {
  return [
    { name: 'idle', reached: (el) => el.trackingState === 'idle' },
    {
      name: 'loading',
      responses: async () => [{ status: 200, body: await fixture(e.loaded[0]![1]), delayMs: 15000 }],
      reached: (el) => el.trackingState === 'loading',
    },
    { name: 'pending (202)', responses: async () => [{ status: 202, body: { message: 'Accepted' } }], reached: waiting },
    ...e.loaded.map(([name, file]) => ({
      name,
      responses: async () => [{ status: 200, body: await fixture(file) }],
      reached: (el: TrackerElement) => el.trackingState === 'loaded',
    })),
    { name: 'error 401', responses: async () => [{ status: 401, body: { message: 'Invalid API key' } }], reached: failed },
    {
      name: 'error 402 (no credits)',
      responses: async () => [{ status: 402, body: { message: 'No credits', error: 'insufficient_credits', product: e.path } }],
      reached: failed,
    },
    {
      name: 'error 402 (usage limit)',
      responses: async () => [
        {
          status: 402,
          body: { message: 'Cap', error: 'usage_limit_reached', product: e.path, limit: 1000, resets_at: '2026-12-01T00:00:00Z' },
        },
      ],
      reached: failed,
    },
    { name: 'error 404', responses: async () => [{ status: 404, body: { message: 'No shipment found' } }], reached: failed },
    {
      name: 'error 429 (waiting)',
      responses: async () => [{ status: 429, headers: { 'Retry-After': '60' }, body: { message: 'Too many' } }],
      reached: waiting,
    },
    { name: 'error 5xx (retrying)', responses: async () => [{ status: 503, body: { message: 'Down' } }], reached: waiting },
    { name: 'error 5xx (final)', responses: async () => [{ status: 503, body: { message: 'Down' } }], reached: failed, afterWaits: true },
    { name: 'error unexpected document', responses: async () => [{ status: 200, body: { hello: 'world' } }], reached: failed },
  ];
}

/** Mounts the element in a state and waits until it is there (and, when loaded, until its map is drawn). */
export async function inState(e: ElementUnderTest, state: StateUnderTest, attrs: string): Promise<TrackerElement> {
  let proxy = `proxy-url="/__nowhere/${e.path}"`;
  let number = '';
  if (state.responses) {
    const s = await scenario({ responses: await state.responses() });
    proxy = `proxy-url="${s.base}/${e.path}"`;
    number = `${e.numberAttribute}="${e.number}"`;
  }
  const el = mount<TrackerElement>(`<${e.tag} ${proxy} ${number} poll-interval="60" ${attrs}></${e.tag}>`);
  const clock = state.afterWaits ? new FakeClock(Date.now()) : undefined;
  if (clock) useClock(el, clock);
  const message = `${e.tag} reaches ${state.name}`;
  if (clock) await waitOut(el, clock, () => state.reached(el), message);
  else await until(() => state.reached(el), message);
  await el.updateComplete;
  if (el.trackingState === 'loaded') await mapDrawn(el);
  return el;
}

export async function mapDrawn(el: TrackerElement): Promise<void> {
  const map = () => el.shadowRoot?.querySelector('cargo-tracker-route-map');
  if (!map()) return;
  // The map loads when it nears the viewport; on a long element it starts below the fold.
  map()!.scrollIntoView();
  await until(() => !!map()?.shadowRoot?.querySelector('.leaflet-container'), 'map drawn');
}

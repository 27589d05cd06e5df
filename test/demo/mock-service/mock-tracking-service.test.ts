import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  createMockTrackingService,
  RETRY_AFTER_SECONDS,
  SEQUENCE_EXPIRY_MS,
  USAGE_LIMIT,
  VISITOR_HEADER,
} from '../../../demo/mock-service/mock-tracking-service.js';
import { listenOnLoopback, type Listening } from '../listen-on-loopback.js';

const API_KEY = 'trk_mock_service_test_3c9f1a';
/** A fixed "now", so every relative time in a document can be checked against it. */
const NOW_MS = Date.parse('2026-03-28T23:30:00Z');
const HOLD_MS = 150;

let service: Listening;

before(async () => {
  service = await listenOnLoopback(createMockTrackingService({ apiKey: API_KEY, holdMs: HOLD_MS, clock: () => NOW_MS }));
});
after(() => service.close());

const withKey = { authorization: `Bearer ${API_KEY}` };

async function get(path: string, headers: Record<string, string> = withKey): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function getJson(
  path: string,
  headers?: Record<string, string>,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const { status, headers: responseHeaders, text } = await get(path, headers);
  return { status, headers: responseHeaders, body: JSON.parse(text) as Record<string, unknown> };
}

describe('mock tracking service: authentication', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['an empty Authorization header', { authorization: '' }],
    ['a Basic scheme', { authorization: `Basic ${Buffer.from(`user:${API_KEY}`).toString('base64')}` }],
    ['a lower-case scheme', { authorization: `bearer ${API_KEY}` }],
    ['the key without a scheme', { authorization: API_KEY }],
    ['a key with trailing text', { authorization: `Bearer ${API_KEY} extra` }],
    ['a wrong key', { authorization: 'Bearer trk_not_the_right_key' }],
    ['a prefix of the key', { authorization: `Bearer ${API_KEY.slice(0, -1)}` }],
  ];
  for (const [name, headers] of cases) {
    for (const path of ['/v1/shipments/ocean?referenceNumber=MEDU9091004', '/v1/shipments/air?number=176-22817340']) {
      it(`refuses ${name} on ${path.split('?')[0]} with 401 and a message`, async () => {
        const { status, headers: responseHeaders, body } = await getJson(path, headers);
        assert.equal(status, 401);
        assert.match(responseHeaders.get('content-type') ?? '', /^application\/json/);
        assert.equal(typeof body.message, 'string');
        assert.ok(!JSON.stringify(body).includes(API_KEY), 'the error must not echo the key');
      });
    }
  }

  it('answers the carrier lists without a key, and ignores a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer trk_wrong' }] as Array<Record<string, string>>) {
      const ocean = await getJson('/v1/carriers/ocean', headers);
      assert.equal(ocean.status, 200);
      const carriers = ocean.body.carriers as Array<{ code: string; referenceTypes: string[] }>;
      assert.ok(carriers.some((c) => c.code === 'MSCU' && c.referenceTypes.includes('booking')));
      const air = await getJson('/v1/carriers/air', headers);
      assert.equal(air.status, 200);
      const airlines = air.body.airlines as Array<{ prefix: string; iata: string }>;
      assert.ok(airlines.some((a) => a.prefix === '176' && a.iata === 'EK'));
    }
  });

  it('answers only GET', async () => {
    const response = await fetch(`${service.baseUrl}/v1/shipments/ocean?referenceNumber=MEDU9091004`, { method: 'POST', headers: withKey });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
  });

  it('answers 404 with a JSON message on paths outside the interface', async () => {
    const { status, body } = await getJson('/v2/shipments/ocean?referenceNumber=MEDU9091004');
    assert.equal(status, 404);
    assert.equal(typeof body.message, 'string');
  });
});

describe('mock tracking service: documents', () => {
  it('echoes the number as sent and matches it regardless of case and spaces', async () => {
    const { status, body } = await getJson(`/v1/shipments/ocean?referenceNumber=${encodeURIComponent(' medu 9091004')}`);
    assert.equal(status, 200);
    assert.equal(body.referenceNumber, ' medu 9091004');
  });

  it('adds route data only when routeDetails is exactly true', async () => {
    for (const value of ['', 'false', '1', 'TRUE']) {
      const suffix = value === '' ? '' : `&routeDetails=${value}`;
      const { body } = await getJson(`/v1/shipments/ocean?referenceNumber=MEDU9091004${suffix}`);
      assert.equal(body.routeDetails, undefined, `routeDetails=${value}`);
    }
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=MEDU9091004&routeDetails=true');
    const route = body.routeDetails as { segments: unknown[]; vessel: { lat: number; lon: number } };
    assert.equal(route.segments.length, 2);
    assert.ok(Number.isFinite(route.vessel.lat) && Number.isFinite(route.vessel.lon));
  });

  it('adds the air route only when routePath is exactly true', async () => {
    const plain = await getJson('/v1/shipments/air?number=618-50833915&routePath=false');
    assert.equal(plain.body.routePath, undefined);
    const { body } = await getJson('/v1/shipments/air?number=618-50833915&routePath=true');
    const routePath = body.routePath as { segments: unknown[]; aircraft: { flightNumber: string } };
    assert.equal(routePath.segments.length, 1);
    assert.equal(routePath.aircraft.flightNumber, 'SQ7372');
  });

  it('accepts an AWB typed without the hyphen', async () => {
    const { status, body } = await getJson('/v1/shipments/air?number=17622817340');
    assert.equal(status, 200);
    assert.equal(body.awbNumber, '17622817340');
  });

  it('places the in-transit container in time around the request: departed in the past, ETA ahead, later than first promised', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=MEDU9091004');
    const eta = body.estimatedArrival as { time: string; kind: string };
    const original = body.originalArrival as { time: string };
    assert.equal(eta.kind, 'estimated');
    assert.ok(Date.parse(eta.time) > NOW_MS);
    assert.ok(Date.parse(eta.time) > Date.parse(original.time));
    const [container] = body.containers as Array<{ milestones: Array<{ time: string; kind: string }> }>;
    assert.ok(container);
    for (const milestone of container.milestones) {
      const at = Date.parse(milestone.time);
      if (milestone.kind === 'actual') assert.ok(at <= NOW_MS, `${milestone.time} is actual but in the future`);
      else assert.ok(at > NOW_MS, `${milestone.time} is ${milestone.kind} but in the past`);
    }
  });

  it('writes each milestone time with the UTC offset of its place on that date', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=MEDU9091004');
    const zones = new Map((body.locations as Array<{ locode: string; timezone: string }>).map((l) => [l.locode, l.timezone]));
    const [container] = body.containers as Array<{ milestones: Array<{ time: string; locode: string }> }>;
    assert.ok(container);
    for (const { time, locode } of container.milestones) {
      const zone = zones.get(locode);
      assert.ok(zone);
      const expected = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(Date.parse(time))
        .find((p) => p.type === 'timeZoneName')
        ?.value.replace('GMT', '');
      assert.equal(time.slice(-6), expected === '' ? '+00:00' : expected, `${time} at ${locode}`);
    }
  });

  it('serves a bill of lading with two containers whose Pacific route crosses the antimeridian', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=OOLU2741938520&routeDetails=true');
    assert.equal(body.referenceType, 'bill_of_lading');
    assert.equal((body.containers as unknown[]).length, 2);
    const [segment] = (body.routeDetails as { segments: Array<{ path: { type: string; coordinates: Array<[number, number]> } }> }).segments;
    assert.ok(segment);
    assert.equal(segment.path.type, 'LineString');
    const jumps = segment.path.coordinates.slice(1).filter(([lon], i) => Math.abs(lon - (segment.path.coordinates[i]?.[0] ?? lon)) > 180);
    assert.equal(jumps.length, 1, 'one step from ~180 to ~-180');
  });

  it('serves a delivered container with every milestone actual', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=HLXU8123446&routeDetails=true');
    assert.equal(body.status, 'DELIVERED');
    const [container] = body.containers as Array<{ milestones: Array<{ kind: string }> }>;
    assert.ok(container && container.milestones.length > 0);
    assert.ok(container.milestones.every((m) => m.kind === 'actual'));
    assert.equal((body.routeDetails as { vessel?: unknown }).vessel, undefined, 'no AIS once off the water');
  });

  it('serves a booking whose milestones are all planned', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=238417562');
    assert.equal(body.referenceType, 'booking');
    const [container] = body.containers as Array<{ milestones: Array<{ kind: string }> }>;
    assert.ok(container && container.milestones.length > 0);
    assert.ok(container.milestones.every((m) => m.kind === 'planned'));
  });

  it('serves a status and event codes outside the contract’s lists', async () => {
    const known = ['PLANNED', 'AT_ORIGIN', 'IN_TRANSIT', 'TRANSSHIPMENT', 'ARRIVED', 'DELIVERED', 'UNKNOWN'];
    const codes = ['GTOT', 'GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC', 'STUF', 'STRP', 'PICK', 'DROP', 'CUSR', 'INSP'];
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=CMAU4719208');
    assert.ok(!known.includes(body.status as string));
    const [container] = body.containers as Array<{ milestones: Array<{ code: string; description: string }> }>;
    const unknown = container?.milestones.filter((m) => !codes.includes(m.code)) ?? [];
    assert.ok(unknown.length > 0);
    assert.ok(unknown.every((m) => m.description.length > 0));
  });

  it('puts markup in the free-text fields of the hostile document', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=ZIMU3184066&routeDetails=true');
    const texts = [
      (body.carrier as { name: string }).name,
      body.status,
      body.statusText,
      ...(body.locations as Array<{ name: string; terminal: string }>).flatMap((l) => [l.name, l.terminal]),
      ...(body.vessels as Array<{ name: string }>).map((v) => v.name),
      ...(body.containers as Array<{ sizeType: string; milestones: Array<{ description: string }> }>).flatMap((c) => [
        c.sizeType,
        ...c.milestones.map((m) => m.description),
      ]),
      (body.routeDetails as { vessel: { name: string } }).vessel.name,
    ];
    for (const text of texts) assert.match(String(text), /<|"|'/, `${String(text)} carries no markup`);
    const raw = JSON.stringify(body);
    assert.ok(raw.includes('<img src=x onerror=alert(1)>'));
    assert.ok(raw.includes('<script>'));
  });

  it('serves a history of 300 milestones in time order', async () => {
    const { body } = await getJson('/v1/shipments/ocean?referenceNumber=EGHU9073510');
    const [container] = body.containers as Array<{ milestones: Array<{ time: string }> }>;
    assert.ok(container);
    assert.equal(container.milestones.length, 300);
    const times = container.milestones.map((m) => Date.parse(m.time));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
  });

  it('serves the transfer AWB with both flights and a transfer milestone', async () => {
    const { body } = await getJson('/v1/shipments/air?number=176-22817340&routePath=true');
    const flights = body.flights as Array<{ from: string; to: string; state: string }>;
    assert.deepEqual(
      flights.map((f) => `${f.from}-${f.to}:${f.state}`),
      ['HKG-DXB:completed', 'DXB-FRA:planned'],
    );
    assert.ok((body.milestones as Array<{ code: string }>).some((m) => m.code === 'TFD'));
  });

  it('keeps both bookings of a re-booked AWB in its history', async () => {
    const { body } = await getJson('/v1/shipments/air?number=618-50833915');
    const bookings = (body.milestones as Array<{ code: string; flightNumber?: string }>).filter((m) => m.code === 'BKD');
    assert.deepEqual(
      bookings.map((m) => m.flightNumber),
      ['SQ7378', 'SQ7372'],
    );
  });

  it('marks the cancelled onward flight and gives no ETA', async () => {
    const { body } = await getJson('/v1/shipments/air?number=157-13905275&routePath=true');
    assert.equal(body.estimatedArrival, undefined);
    assert.deepEqual(
      (body.flights as Array<{ state: string }>).map((f) => f.state),
      ['completed', 'cancelled'],
    );
  });

  it('serves a delivered AWB ending in DLV', async () => {
    const { body } = await getJson('/v1/shipments/air?number=020-44170626');
    assert.equal(body.status, 'DELIVERED');
    assert.equal((body.milestones as Array<{ code: string }>).at(-1)?.code, 'DLV');
  });
});

describe('mock tracking service: outcomes other than a document', () => {
  it('answers 404 with "No shipment found for …" for any other well-formed number', async () => {
    for (const path of ['/v1/shipments/ocean?referenceNumber=MSCU1234565', '/v1/shipments/air?number=020-12345675']) {
      const { status, body } = await getJson(path);
      assert.equal(status, 404);
      assert.match(String(body.message), /^No shipment found for /);
    }
  });

  it('answers 404 when the carrier sent is not the shipment’s carrier', async () => {
    assert.equal((await get('/v1/shipments/ocean?referenceNumber=MEDU9091004&carrierCode=MAEU')).status, 404);
    assert.equal((await get('/v1/shipments/ocean?referenceNumber=MEDU9091004&carrierCode=MSCU')).status, 200);
  });

  it('refuses a missing number and a malformed AWB with 400', async () => {
    assert.equal((await get('/v1/shipments/ocean')).status, 400);
    assert.equal((await get('/v1/shipments/ocean?referenceNumber=')).status, 400);
    assert.equal((await get('/v1/shipments/air')).status, 400);
    assert.equal((await get('/v1/shipments/air?number=176-22817341')).status, 400, 'wrong check digit');
    assert.equal((await get('/v1/shipments/air?number=ABC')).status, 400);
  });

  const errorCases: Array<[string, number, (body: Record<string, unknown>, headers: Headers) => void]> = [
    ['DEMO401', 401, (body) => assert.equal(typeof body.message, 'string')],
    [
      'DEMO402',
      402,
      (body) => {
        assert.equal(body.error, 'insufficient_credits');
        assert.equal(body.product, 'ocean');
      },
    ],
    [
      'DEMO402CAP',
      402,
      (body) => {
        assert.equal(body.error, 'usage_limit_reached');
        assert.equal(body.product, 'ocean');
        assert.equal(body.limit, USAGE_LIMIT);
        assert.equal(body.resets_at, '2026-04-01T00:00:00.000Z');
      },
    ],
    [
      'DEMO429',
      429,
      (body, headers) => {
        assert.equal(headers.get('retry-after'), String(RETRY_AFTER_SECONDS));
        assert.equal(typeof body.message, 'string');
      },
    ],
    ['DEMO404', 404, (body) => assert.equal(body.message, 'No shipment found for DEMO404.')],
    ['DEMO500', 500, (body) => assert.equal(typeof body.message, 'string')],
  ];
  for (const [number, status, check] of errorCases) {
    it(`answers ${number} with ${status} and its body`, async () => {
      const response = await getJson(`/v1/shipments/ocean?referenceNumber=${number}`);
      assert.equal(response.status, status);
      check(response.body, response.headers);
    });
  }

  it('answers the air 402 with product air', async () => {
    const { status, body } = await getJson('/v1/shipments/air?number=172-40200005');
    assert.equal(status, 402);
    assert.deepEqual([body.error, body.product], ['insufficient_credits', 'air']);
  });

  it('answers DEMOBADJSON with a 200 whose body does not parse as JSON', async () => {
    for (const path of ['/v1/shipments/ocean?referenceNumber=DEMOBADJSON', '/v1/shipments/air?number=172-20000013']) {
      const { status, text } = await get(path);
      assert.equal(status, 200);
      assert.throws(() => JSON.parse(text), SyntaxError);
    }
  });

  it('answers DEMOINCOMPLETE with a 200 document missing a required field', async () => {
    const ocean = await getJson('/v1/shipments/ocean?referenceNumber=DEMOINCOMPLETE');
    assert.equal(ocean.status, 200);
    assert.equal(ocean.body.referenceNumber, 'DEMOINCOMPLETE');
    assert.equal('status' in ocean.body, false);
    const air = await getJson('/v1/shipments/air?number=172-20000024');
    assert.equal(air.status, 200);
    assert.equal('milestones' in air.body, false);
  });
});

describe('mock tracking service: slow lookups', () => {
  for (const [product, path] of [
    ['ocean', '/v1/shipments/ocean?referenceNumber=DEMO202'],
    ['air', '/v1/shipments/air?number=172-20200003'],
  ] as const) {
    it(`holds ${product} twice with 202, then answers 200, then starts over`, async () => {
      const statuses: number[] = [];
      for (let ask = 0; ask < 4; ask++) {
        const started = performance.now();
        const { status, body } = await getJson(path);
        const waited = performance.now() - started;
        statuses.push(status);
        if (status === 202) {
          assert.equal(typeof body.message, 'string');
          assert.ok(waited >= HOLD_MS - 5, `a 202 comes after the hold (waited ${waited.toFixed(0)} ms)`);
        }
      }
      assert.deepEqual(statuses, [202, 202, 200, 202]);
      // Finish the cycle so other tests start from the first ask.
      await get(path);
      await get(path);
    });
  }

  it('gives every visitor the whole sequence: one leaving mid-poll does not hand the next an immediate 200', async () => {
    let now = NOW_MS;
    const listening = await listenOnLoopback(createMockTrackingService({ apiKey: API_KEY, holdMs: HOLD_MS, clock: () => now }));
    try {
      const path = '/v1/shipments/ocean?referenceNumber=DEMO202';
      const ask = async (visitor: string) =>
        (await fetch(`${listening.baseUrl}${path}`, { headers: { ...withKey, [VISITOR_HEADER]: visitor } })).status;
      // Visitor a asks once and leaves; b, arriving next, starts from the first 202.
      assert.equal(await ask('a'), 202);
      assert.deepEqual([await ask('b'), await ask('b'), await ask('b')], [202, 202, 200]);
      // Two visitors polling at the same time, asks interleaved, each see 202, 202, 200.
      const c: number[] = [];
      const d: number[] = [];
      for (let round = 0; round < 3; round++) {
        const [x, y] = await Promise.all([ask('c'), ask('d')]);
        c.push(x);
        d.push(y);
      }
      assert.deepEqual(c, [202, 202, 200]);
      assert.deepEqual(d, [202, 202, 200]);
      // a comes back after a while: the half-seen sequence is forgotten, and starts over.
      assert.equal(await ask('a'), 202);
      now += SEQUENCE_EXPIRY_MS;
      assert.deepEqual([await ask('a'), await ask('a'), await ask('a')], [202, 202, 200]);
    } finally {
      await listening.close();
    }
  });

  it('drops the hold timer when the caller hangs up', async () => {
    const held = createMockTrackingService({ apiKey: API_KEY, holdMs: 60_000 });
    const listening = await listenOnLoopback(held);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    // Heard after the mock's own handler (which starts the hold) and its own 'close' listener
    // (which should clear it), as both are added first: what is counted here is what they left.
    const taken = new Promise<{ running: number; closed: Promise<void> }>((resolve) =>
      held.once('request', (_req, res: ServerResponse) =>
        resolve({ running: timers(), closed: new Promise<void>((closed) => res.once('close', () => closed())) }),
      ),
    );
    try {
      const controller = new AbortController();
      const pending = fetch(`${listening.baseUrl}/v1/shipments/ocean?referenceNumber=DEMO202`, {
        headers: withKey,
        signal: controller.signal,
      });
      const { running, closed } = await taken;
      assert.ok(running > before, 'the hold started a timer');
      controller.abort();
      await assert.rejects(pending);
      await closed;
      assert.equal(timers(), before, 'the hold timer is gone once the caller hung up');
    } finally {
      await listening.close();
    }
  });
});

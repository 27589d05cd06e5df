// A scriptable mock of the customer's proxy, served by the browser-test server itself
// (a real HTTP server on loopback). A test POSTs a scenario, points the element at
// /scenario/<id>/..., and reads back what the element asked for.
//
//   POST /__scenario  { responses: [{ status, headers?, body?, delayMs? }], carriers?, airlines? }
//        → { id, base: "/scenario/<id>" }
//   GET  /scenario/<id>/<anything>          next response of the list (the last one repeats)
//   GET  /scenario/<id>/carriers/ocean      the scenario's carrier list (or a default one)
//   GET  /scenario/<id>/carriers/air        the scenario's airline list (or a default one)
//   GET  /__scenario/<id>/log               { requests: [{ path, search, marker, at, aborted, completed }], lists: <list requests served> }
//
//   POST /__hold  { path }                  → { id }: from now on, a request whose path contains
//        `path` (one of HOLDABLE), sent by a page that carries the cookie `cargo-hold-<id>`, waits
//   GET  /__hold/<id>                       { held }: how many such requests are waiting
//   POST /__hold/<id>/release               lets them through, and every later one at once
// The holdable files are always served with `Cache-Control: no-store`: the test runner marks
// files cacheable for a year, and Firefox and WebKit would reuse a copy that an earlier test file
// loaded, so the request would never reach the hold.
// The cookie keeps a hold to the browser that asked for it: the engines share this server.
//
// A body that is a string is sent as is (so tests can send broken JSON); anything else as JSON.
// `destroy` closes the connection before answering (Chromium re-sends such a GET by itself);
// `truncate` sends the headers and part of a body, then closes: the page sees a network error.

const DEFAULT_CARRIERS = {
  carriers: [
    { code: 'MAEU', name: 'Maersk', referenceTypes: ['container', 'bill_of_lading', 'booking'], containerNumberRequiredWith: [] },
    {
      code: 'MSCU',
      name: 'MSC Mediterranean Shipping Company',
      referenceTypes: ['container', 'bill_of_lading', 'booking'],
      containerNumberRequiredWith: ['booking'],
    },
    { code: 'OOLU', name: 'OOCL', referenceTypes: ['container', 'bill_of_lading', 'booking'], containerNumberRequiredWith: [] },
    { code: 'HDMU', name: 'HMM', referenceTypes: ['container', 'bill_of_lading'], containerNumberRequiredWith: ['bill_of_lading'] },
  ],
};

const DEFAULT_AIRLINES = {
  airlines: [
    { prefix: '020', iata: 'LH', name: 'Lufthansa Cargo' },
    { prefix: '176', iata: 'EK', name: 'Emirates SkyCargo' },
    { prefix: '618', iata: 'SQ', name: 'Singapore Airlines Cargo' },
  ],
};

const scenarios = new Map();
let nextId = 1;

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The code chunks a test may hold: the map element, the Leaflet adapter and the lookup's code. */
const HOLDABLE = ['/src/map/define.', '/src/map/leaflet-route-map.', '/src/lookup/lookup.'];
const holds = new Map();
let nextHold = 1;

/**
 * The test runner marks every file cacheable for a year once the response is complete (an outer
 * middleware), so the header is replaced as the head is written, after everything else.
 */
function neverCache(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    this.setHeader('Cache-Control', 'no-store');
    return writeHead.apply(this, args);
  };
}

/** Holds a request of a page that asked for it until the test releases it; see the header. */
async function hold(ctx) {
  const { path } = ctx;
  if (ctx.method === 'POST' && path === '/__hold') {
    const { path: pattern } = await readJson(ctx.req);
    if (!HOLDABLE.includes(pattern)) {
      ctx.status = 400;
      ctx.body = `not holdable: ${pattern} (see HOLDABLE)`;
      return true;
    }
    const id = String(nextHold++);
    let release;
    const released = new Promise((resolve) => (release = resolve));
    holds.set(id, { pattern: String(pattern), held: 0, released, release });
    ctx.type = 'application/json';
    ctx.body = JSON.stringify({ id });
    return true;
  }
  const m = /^\/__hold\/(\d+)(\/release)?$/.exec(path);
  if (m) {
    const h = holds.get(m[1]);
    if (m[2] && ctx.method === 'POST') h?.release();
    ctx.type = 'application/json';
    ctx.body = JSON.stringify({ held: h ? h.held : 0 });
    return true;
  }
  for (const [, id] of ctx.get('cookie').matchAll(/(?:^|;\s*)cargo-hold-(\d+)=/g)) {
    const h = holds.get(id);
    if (h && path.includes(h.pattern)) {
      h.held += 1;
      await h.released;
    }
  }
  return false;
}

export function scenarioMiddleware() {
  return async function scenario(ctx, next) {
    if (await hold(ctx)) return;
    const { path } = ctx;
    if (ctx.method === 'POST' && path === '/__scenario') {
      const spec = await readJson(ctx.req);
      const id = String(nextId++);
      scenarios.set(id, { spec, served: 0, log: [], lists: 0 });
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ id, base: `/scenario/${id}` });
      return;
    }
    let m = /^\/__scenario\/(\d+)\/log$/.exec(path);
    if (m) {
      const s = scenarios.get(m[1]);
      ctx.type = 'application/json';
      ctx.body = JSON.stringify({ requests: s ? s.log : [], lists: s ? s.lists : 0 });
      return;
    }
    m = /^\/scenario\/(\d+)(\/.*)$/.exec(path);
    if (!m) {
      if (HOLDABLE.some((pattern) => path.includes(pattern))) neverCache(ctx.res);
      return next();
    }
    const s = scenarios.get(m[1]);
    if (!s) {
      ctx.status = 404;
      ctx.body = 'no such scenario';
      return;
    }
    const rest = m[2];
    if (rest === '/carriers/ocean' || rest === '/carriers/air') {
      s.lists += 1;
      const list = rest.endsWith('ocean') ? (s.spec.carriers ?? DEFAULT_CARRIERS) : (s.spec.airlines ?? DEFAULT_AIRLINES);
      if (typeof list === 'number') {
        ctx.status = list;
        ctx.body = '';
        return;
      }
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(list);
      return;
    }
    const marker = ctx.get('cargo-trackers-request');
    const entry = { path: rest, search: ctx.querystring, marker, at: Date.now(), aborted: false, completed: false };
    s.log.push(entry);
    const responses = s.spec.responses ?? [];
    const r = responses[Math.min(s.served, responses.length - 1)] ?? { status: 500, body: { message: 'scenario has no responses' } };
    s.served += 1;
    const closed = new AbortController();
    ctx.req.on('close', () => {
      if (!ctx.res.writableEnded) {
        entry.aborted = true;
        closed.abort();
      }
    });
    if (r.delayMs) await sleep(r.delayMs, closed.signal);
    if (closed.signal.aborted) {
      ctx.respond = false;
      return;
    }
    if (r.destroy) {
      ctx.req.socket.destroy();
      ctx.respond = false;
      return;
    }
    if (r.truncate) {
      // Headers, then the connection drops mid-body: a network error that Chromium cannot
      // silently re-send, as it does for a connection closed before any answer (`destroy`).
      ctx.respond = false;
      ctx.res.writeHead(r.status || 200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      ctx.res.write('{"partial":', () => ctx.req.socket.destroy());
      return;
    }
    ctx.status = r.status;
    for (const [k, v] of Object.entries(r.headers ?? {})) ctx.set(k, v);
    if (r.body === undefined) ctx.body = '';
    else if (typeof r.body === 'string') {
      ctx.type = r.contentType ?? 'application/json';
      ctx.body = r.body;
    } else {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(r.body);
    }
    entry.completed = true;
  };
}

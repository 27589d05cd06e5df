import { fingerprint } from '../primitives/bytes.js';
import type { TrackingRoutes } from '../options.js';
import { encodeUpstreamQuery, parseQuery } from '../primitives/query.js';
import { refuse } from './refuse.js';
import { routeOf } from './policy.js';
import type { KnownLookup, Lookup, Policy, RouteSpec } from './policy.js';

// The lookup's types live with the other shared types (policy.ts); the policies import them from here too.
export type { KnownLookup, Lookup, RouteName, RouteSpec } from './policy.js';

const SPECS: readonly RouteSpec[] = [
  {
    name: 'ocean',
    upstreamPath: '/v1/shipments/ocean',
    numberParam: 'referenceNumber',
    carrierParam: 'carrierCode',
    flagParam: 'routeDetails',
  },
  { name: 'air', upstreamPath: '/v1/shipments/air', numberParam: 'number', flagParam: 'routePath' },
  { name: 'oceanCarriers', upstreamPath: '/v1/carriers/ocean' },
  { name: 'airCarriers', upstreamPath: '/v1/carriers/air' },
];

export function resolveRoutes(paths: TrackingRoutes): Map<string, RouteSpec> {
  const byPath = new Map<string, RouteSpec>();
  for (const spec of SPECS) {
    const path = paths[spec.name];
    if (!path.startsWith('/')) throw new TypeError(`routes.${spec.name} must start with "/": ${path}`);
    if (byPath.has(path)) throw new TypeError(`routes.${spec.name} repeats the path ${path}`);
    byPath.set(path, spec);
  }
  return byPath;
}

/** Route: the path names one of the four routes, or the request ends here with a 404. */
export function route(routes: ReadonlyMap<string, RouteSpec>): Policy {
  return (ctx, next) => {
    const spec = routes.get(ctx.input.path);
    if (spec === undefined) return refuse(ctx, 404, 'not_found', 'No such tracking route.', {});
    ctx.spec = spec;
    ctx.trace.route = spec.name;
    return next();
  };
}

/** The upstream query, parameters in a fixed order; the canonical key is derived from it. */
export function upstreamQuery(lookup: Lookup): string {
  const { spec } = lookup;
  const pairs: Array<[string, string]> = [];
  if (spec.numberParam !== undefined && lookup.number !== undefined) pairs.push([spec.numberParam, lookup.number]);
  if (spec.carrierParam !== undefined && lookup.carrierCode !== undefined) pairs.push([spec.carrierParam, lookup.carrierCode]);
  if (spec.flagParam !== undefined && lookup.flag !== undefined) pairs.push([spec.flagParam, lookup.flag]);
  return encodeUpstreamQuery(pairs);
}

/** What one remembered query costs beyond its strings (the Map slot and the objects). */
const MEMO_ENTRY_OVERHEAD_BYTES = 256;

/**
 * What queries read as, for the queries seen lately: a popular number is parsed, keyed and
 * hashed once, not on every hit. Bounded by the bytes its strings take (two per UTF-16 unit),
 * not by entries, so that long junk queries cannot make it large; cleared rather than grown.
 */
export class LookupMemo {
  readonly #entries = new Map<string, KnownLookup>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Bytes held, by the measure the bound uses. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): KnownLookup | undefined {
    return this.#entries.get(key);
  }

  set(key: string, known: KnownLookup): void {
    const cost = MEMO_ENTRY_OVERHEAD_BYTES + 2 * (key.length + known.cacheKey.length + (known.lookup.number?.length ?? 0));
    if (cost > this.#maxBytes) return;
    if (this.#bytes + cost > this.#maxBytes) {
      this.#entries.clear();
      this.#bytes = 0;
    }
    this.#entries.set(key, known);
    this.#bytes += cost;
  }
}

/**
 * Parse and canonical key: reads the query into a lookup once (remembered in `memo`), or ends
 * the request with the 400 that says what is wrong with it.
 */
export function lookupKey(memo: LookupMemo, maxValueLength: number): Policy {
  return (ctx, next) => {
    const spec = routeOf(ctx);
    const memoKey = `${spec.name}${ctx.input.search}`;
    let known = memo.get(memoKey);
    if (known === undefined) {
      const { values, duplicated } = parseQuery(ctx.input.search);
      const read = (name: string | undefined): string | undefined => {
        if (name === undefined) return undefined;
        if (duplicated.has(name)) throw new QueryProblem('duplicate_parameter', `The query parameter ${name} appears more than once.`);
        const value = values.get(name);
        if (value !== undefined && value.length > maxValueLength) {
          throw new QueryProblem('value_too_long', `The query parameter ${name} is longer than ${maxValueLength} characters.`);
        }
        return value;
      };
      let lookup: Lookup;
      try {
        const number = read(spec.numberParam);
        const carrierCode = read(spec.carrierParam);
        const flag = read(spec.flagParam);
        if (spec.numberParam !== undefined && (number === undefined || number === '')) {
          throw new QueryProblem('missing_number', `The query parameter ${spec.numberParam} is required.`);
        }
        lookup = {
          spec,
          ...(number === undefined ? {} : { number }),
          ...(carrierCode === undefined ? {} : { carrierCode }),
          ...(flag === undefined ? {} : { flag }),
        };
      } catch (error) {
        if (!(error instanceof QueryProblem)) throw error;
        return refuse(ctx, 400, error.slug, error.message, ctx.cors);
      }
      known = {
        lookup,
        cacheKey: `answer:${spec.name}?${upstreamQuery(lookup)}`,
        ...(lookup.number === undefined ? {} : { numberHash: fingerprint(lookup.number) }),
      };
      memo.set(memoKey, known);
    }
    ctx.known = known;
    if (known.numberHash !== undefined) ctx.trace.numberHash = known.numberHash;
    return next();
  };
}

class QueryProblem extends Error {
  constructor(
    readonly slug: string,
    message: string,
  ) {
    super(message);
  }
}

import type { ProxyOutput } from '../answer.js';
import type { CacheOutcome } from '../log.js';
import type { TrackingRoutes } from '../options.js';

export type RouteName = keyof TrackingRoutes;

export interface RouteSpec {
  readonly name: RouteName;
  readonly upstreamPath: string;
  /** The parameter that names the shipment; absent on the open carrier lists. */
  readonly numberParam?: string;
  /** The boolean that asks for route data. */
  readonly flagParam?: string;
  readonly carrierParam?: string;
}

/**
 * Everything that changes the upstream answer, and nothing else: no visitor header is part of
 * it. The cache key, the single-flight key, the quota's notion of "a new lookup" and the
 * upstream request itself are all built from this one value.
 */
export interface Lookup {
  readonly spec: RouteSpec;
  readonly number?: string;
  readonly carrierCode?: string;
  /** Forwarded as received (the interface says so); each spelling is its own lookup, and costs quota as one. */
  readonly flag?: string;
}

/** A query already read: its lookup, the cache key made from it, and the number's log hash. */
export interface KnownLookup {
  readonly lookup: Lookup;
  readonly cacheKey: string;
  readonly numberHash?: string;
}

/** A request as the proxy reads it, whatever runtime it came from. */
export interface ProxyInput {
  readonly method: string;
  /** The path, without the query. */
  readonly path: string;
  /** The query with its `?`, or empty. */
  readonly search: string;
  header(name: string): string | null;
  readonly host: string | null;
  readonly clientAddress: string | undefined;
  /** Aborts when the visitor goes away. */
  readonly signal: AbortSignal;
}

/** Everything the log line needs that only the policies learn. */
export interface Trace {
  route: string;
  cache: CacheOutcome;
  upstreamStatus?: number;
  error?: string;
  numberHash?: string;
}

/** One visitor's request on its way through the policies; each fills in what it learned for those after it. */
export interface RequestContext {
  readonly input: ProxyInput;
  readonly trace: Trace;
  /** Set by the route policy. */
  spec?: RouteSpec;
  /** CORS headers for this visitor's origin (empty when none apply); set by the CORS policy. */
  cors: Readonly<Record<string, string>>;
  /** Set by the lookup-key policy. */
  known?: KnownLookup;
}

export type Answer = ProxyOutput | Promise<ProxyOutput>;

/**
 * A request policy, in the shape of hono's middleware: it answers by itself (a refusal, a cache
 * hit) or hands the request on with `next()`. A policy that never awaits keeps a cache hit
 * synchronous, which the Node adapter writes in the same turn.
 */
export type Policy = (ctx: RequestContext, next: () => Answer) => Answer;

/** What one upstream call produced, ready to send to every visitor who waited on it. */
export type CallResult =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly retryAfter: string | null;
      readonly body: Uint8Array;
      readonly etag?: string;
    }
  | {
      readonly kind: 'failure';
      readonly error: string;
      readonly message: string;
      /** The proxy's own status for it (a 429 when its memory is full); 502 when absent. */
      readonly status?: number;
      readonly retryAfter?: string;
    };

/**
 * One upstream call, made once for every visitor who joined it. `request` is the visitor who
 * started it: that visitor, and nobody else, is charged for it.
 */
export interface CallContext {
  readonly request: RequestContext;
  readonly spec: RouteSpec;
  readonly lookup: Lookup;
  readonly cacheKey: string;
  /** Aborts when every visitor waiting on the call has gone. */
  readonly signal: AbortSignal;
}

/** A call policy: runs once per upstream call, inside the call that identical requests join. */
export type CallPolicy = (call: CallContext, next: () => Promise<CallResult>) => Promise<CallResult>;

/**
 * A refusal decided inside a call (a quota, the budget): thrown so that everything wrapping the
 * call can undo what it took (the budget gives its unit back; a lease across instances is let go
 * without publishing it). `network` names the visitor it applies to, or none when it applies to
 * everyone: another visitor who joined the call then starts a call of its own.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly retryAfterMs?: number,
    readonly network?: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * A policy that called `next()` a second time: a bug in the policy, stopped before it runs the
 * rest of the chain again (in the call stage that would be a second upstream call).
 */
export class NextCalledTwice extends Error {
  constructor(position: number) {
    super(`Policy ${position + 1} of its chain called next() twice.`);
    this.name = 'NextCalledTwice';
  }
}

/**
 * Chains `stages` in the order given, each reaching the next through `next()`, as hono's
 * `compose` does and with its guard: per run, each stage may hand on once.
 */
function compose<C, A>(stages: ReadonlyArray<(c: C, next: () => A) => A>, last: (c: C) => A): (c: C) => A {
  return (c) => {
    let reached = 0;
    const dispatch = (i: number): A => {
      const stage = stages[i];
      if (stage === undefined) return last(c);
      return stage(c, () => {
        if (reached > i) throw new NextCalledTwice(i);
        reached = i + 1;
        return dispatch(i + 1);
      });
    };
    return dispatch(0);
  };
}

/** Chains request policies in the order given; a policy that calls `next()` twice gets a `NextCalledTwice`. */
export function composePolicies(policies: readonly Policy[], last: (ctx: RequestContext) => Answer): (ctx: RequestContext) => Answer {
  return compose(policies, last);
}

/** Chains call policies in the order given; a policy that calls `next()` twice gets a `NextCalledTwice`. */
export function composeCall(
  policies: readonly CallPolicy[],
  last: (call: CallContext) => Promise<CallResult>,
): (call: CallContext) => Promise<CallResult> {
  return compose(policies, last);
}

/**
 * The route a request asked for, which the route policy sets before every policy that reads it;
 * a pipeline built in another order fails here, by name, rather than on an undefined later.
 */
export function routeOf(ctx: RequestContext): RouteSpec {
  if (ctx.spec === undefined) throw new Error('No route on the request: the route policy runs before this one.');
  return ctx.spec;
}

/** The lookup a request asks for, which the lookup-key policy sets before every policy that reads it. */
export function lookupOf(ctx: RequestContext): KnownLookup {
  if (ctx.known === undefined) throw new Error('No lookup on the request: the lookup-key policy runs before this one.');
  return ctx.known;
}

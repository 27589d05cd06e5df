import type { BytePool } from '../primitives/byte-pool.js';
import type { ProxyLogger } from '../log.js';
import type { ProxyStore } from '../stores/store.js';
import type { BudgetLimit } from '../upstream/call-window.js';
import type { UpstreamTransport } from '../upstream/transport.js';
import { budget } from './budget.js';
import { AnswerCache, cacheRead, cacheWrite } from './cache.js';
import type { CacheTimes } from './cache.js';
import { carrierGate } from './carrier-gate.js';
import { cors } from './cors.js';
import { forward } from './forward.js';
import { guardAnswer } from './guard.js';
import { joinInFlight } from './join.js';
import { logRequests } from './log-requests.js';
import { LookupMemo, lookupKey, route } from './lookup-key.js';
import type { RouteSpec } from './lookup-key.js';
import { composeCall, composePolicies } from './policy.js';
import type { Answer, ProxyInput, RequestContext } from './policy.js';
import { siteCheck } from './site-check.js';
import { visitorLimits } from './visitor-limits.js';

/** Everything the policies are built from, checked by `createTrackingProxy`. */
export interface PipelineConfig {
  readonly routes: ReadonlyMap<string, RouteSpec>;
  readonly corsOrigins: ReadonlySet<string>;
  readonly publicOrigins: ReadonlySet<string>;
  readonly store: ProxyStore;
  readonly cacheTimes: CacheTimes;
  readonly maxValueLength: number;
  readonly maxConcurrentLookups: number;
  readonly upstreamBudget: BudgetLimit;
  readonly callsPerClient: BudgetLimit;
  readonly newNumbersPerClientPerHour: number;
  readonly trustedHeader: string | undefined;
  readonly digestClient: (network: string) => Promise<string>;
  readonly base: string;
  readonly apiKey: string;
  readonly transport: UpstreamTransport;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly bytePool: BytePool;
  readonly logger: () => ProxyLogger;
}

/** Most bytes the remembered queries take. */
const LOOKUP_MEMO_BYTES = 1024 * 1024;

/**
 * The proxy, as the policies a request passes, in this order (each may answer by itself):
 *
 * 1. log: around everything, so that every answer, refusals included, gets its line;
 * 2. route, 3. site check, 4. CORS: free checks first, and the site check before anything that
 *    costs, so that a request the element did not make never reaches a counter or the upstream;
 * 5. lookup key: the canonical key every later policy works with;
 * 6. cache, 7. join: a repeat is answered from the cache, and an identical lookup in flight is
 *    joined (in this process, and across instances through the store), both before any charge,
 *    so that neither is ever refused for a call it did not cause. Only a request that starts a
 *    call meets the concurrency cap.
 *
 * Then, once per upstream call and only for the visitor who starts it (the call stage):
 *
 * 8. carrier gate (carrier lists only), 9. visitor check (rate and quota, read only),
 * 10. budget, 11. visitor charge: the visitor's counters are written only after the budget
 *    granted the call, so that a refused flood leaves no counter behind;
 * 12. cache write, 13. guard, 14. forward: the call itself, its answer guarded, then kept.
 *
 * Charging thus happens once, on the one path that calls the upstream; a refusal in the call
 * stage is thrown, so that the budget gives its unit back and a lease across instances is let go.
 */
export function buildPipeline(config: PipelineConfig): (input: ProxyInput) => Answer {
  const { store } = config;
  const cache = new AnswerCache(store, config.cacheTimes);
  const visitor = visitorLimits({
    store,
    callsPerClient: config.callsPerClient,
    newNumbersPerHour: config.newNumbersPerClientPerHour,
    trustedHeader: config.trustedHeader,
    digest: config.digestClient,
  });
  const call = composeCall(
    [
      carrierGate(store, config.cacheTimes.carrierListMs),
      visitor.check,
      budget(store, config.upstreamBudget),
      visitor.charge,
      cacheWrite(cache),
      guardAnswer(config.apiKey),
    ],
    forward(config),
  );
  const run = composePolicies(
    [
      logRequests(config.logger),
      route(config.routes),
      siteCheck(config.corsOrigins, config.publicOrigins),
      cors(config.corsOrigins),
      lookupKey(new LookupMemo(LOOKUP_MEMO_BYTES), config.maxValueLength),
      cacheRead(cache),
    ],
    joinInFlight({ store, cache, maxConcurrentLookups: config.maxConcurrentLookups, networkOf: visitor.networkOf, call }),
  );
  return (input) => {
    const ctx: RequestContext = { input, trace: { route: 'unknown', cache: 'none' }, cors: {} };
    return run(ctx);
  };
}

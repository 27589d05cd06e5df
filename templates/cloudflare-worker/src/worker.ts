// The tracking proxy as a Cloudflare Worker: the reference proxy (`@cargo-trackers/proxy`)
// unchanged, configured from wrangler.toml's vars and the TRACKING_API_KEY secret. Every isolate
// shares one cache, one quota per visitor and one upstream budget through the TrackingStoreObject
// Durable Object that wrangler.toml binds as TRACKING_STORE. See README.md to deploy it.
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { TrackingProxyHandler } from '@cargo-trackers/proxy';
import { DurableObjectStore } from '@cargo-trackers/proxy/durable-object';
import type { DurableObjectNamespaceLike } from '@cargo-trackers/proxy/durable-object';

export { TrackingStoreObject } from '@cargo-trackers/proxy/durable-object';

export interface Env {
  /** A secret: set in the dashboard or with `npx wrangler secret put TRACKING_API_KEY`; in .dev.vars for `npm run dev`. */
  readonly TRACKING_API_KEY?: string;
  /** The tracking service's address; the proxy adds `/v1/…`. */
  readonly TRACKING_API_BASE_URL?: string;
  /** The sites whose pages use this proxy, comma-separated origins: `https://www.example.com`. */
  readonly CORS_ORIGINS?: string;
  readonly TRACKING_STORE?: DurableObjectNamespaceLike;
}

let proxy: TrackingProxyHandler | undefined;

/** What is missing from the configuration, in words for whoever deployed the Worker; undefined when nothing is. */
function missing(env: Env): string | undefined {
  if (!env.TRACKING_API_KEY?.trim()) {
    return (
      'TRACKING_API_KEY is not set. Deployed: add it as a secret in the Cloudflare dashboard (Workers & Pages, ' +
      'this Worker, Settings, Variables and Secrets) or with `npx wrangler secret put TRACKING_API_KEY`. ' +
      'Under `npm run dev`: put it in .dev.vars (copy .dev.vars.example).'
    );
  }
  if (!env.TRACKING_API_BASE_URL?.trim()) {
    return (
      'TRACKING_API_BASE_URL is not set: put the service address in wrangler.toml (or in the dashboard, ' +
      'Settings, Variables and Secrets); under `npm run dev`, in .dev.vars.'
    );
  }
  return undefined;
}

function configure(env: Env): TrackingProxyHandler {
  return createTrackingProxy({
    baseUrl: env.TRACKING_API_BASE_URL!.trim(),
    apiKey: env.TRACKING_API_KEY!.trim(),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean),
    // Set by Cloudflare's edge on every request; a visitor cannot forge it.
    trustedProxyHeader: 'cf-connecting-ip',
    store: env.TRACKING_STORE && new DurableObjectStore(env.TRACKING_STORE),
  });
}

/**
 * A configuration error, shaped and guarded as the proxy's own errors are (JSON, nosniff, a CSP
 * that lets nothing run); no message here holds the key.
 */
function misconfigured(message: string): Response {
  return new Response(JSON.stringify({ message, error: 'proxy_misconfigured' }), {
    status: 500,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    },
  });
}

export default {
  // The secret and vars arrive with the first request, so the handler is built then, once per isolate.
  fetch(request: Request, env: Env): Promise<Response> | Response {
    if (proxy === undefined) {
      const problem = missing(env);
      if (problem !== undefined) return misconfigured(problem);
      try {
        proxy = configure(env);
      } catch (error) {
        // A malformed TRACKING_API_BASE_URL or CORS_ORIGINS entry: createTrackingProxy names it.
        return misconfigured(error instanceof Error ? error.message : String(error));
      }
    }
    return proxy(request);
  },
};

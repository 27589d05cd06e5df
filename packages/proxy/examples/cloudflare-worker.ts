// Cloudflare Workers: `wrangler secret put TRACKING_API_KEY`, then deploy this as the Worker's entry.
// Isolates share cache, quotas and budget through one Durable Object when TRACKING_STORE is bound
// (wrangler.toml: [[durable_objects.bindings]] name = "TRACKING_STORE", class_name = "TrackingStoreObject",
// plus a migration with new_classes = ["TrackingStoreObject"]); unbound, each isolate keeps its own.
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { TrackingProxyHandler } from '@cargo-trackers/proxy';
import { DurableObjectStore } from '@cargo-trackers/proxy/durable-object';
import type { DurableObjectNamespaceLike } from '@cargo-trackers/proxy/durable-object';

export { TrackingStoreObject } from '@cargo-trackers/proxy/durable-object';

export interface Env {
  readonly TRACKING_API_KEY: string;
  readonly TRACKING_BASE_URL: string;
  readonly TRACKING_STORE?: DurableObjectNamespaceLike;
}

let proxy: TrackingProxyHandler | undefined;

export default {
  // Secrets arrive with the first request, so the handler is built then, once per isolate.
  fetch(request: Request, env: Env): Promise<Response> {
    proxy ??= createTrackingProxy({
      baseUrl: env.TRACKING_BASE_URL,
      apiKey: env.TRACKING_API_KEY,
      // Set by Cloudflare's edge on every request; a visitor cannot forge it.
      trustedProxyHeader: 'cf-connecting-ip',
      store: env.TRACKING_STORE && new DurableObjectStore(env.TRACKING_STORE),
    });
    return proxy(request);
  },
};

// Cloudflare Workers: `wrangler secret put TRACKING_API_KEY`, then deploy this as the Worker's entry.
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { TrackingProxyHandler } from '@cargo-trackers/proxy';

export interface Env {
  readonly TRACKING_API_KEY: string;
  readonly TRACKING_BASE_URL: string;
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
    });
    return proxy(request);
  },
};

// Next.js App Router: save as `app/api/tracking/[...path]/route.ts`.
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { storeFromRedisUrl } from '@cargo-trackers/proxy/redis';

const proxy = createTrackingProxy({
  baseUrl: process.env.TRACKING_BASE_URL ?? '',
  apiKey: process.env.TRACKING_API_KEY ?? '',
  // A route handler sees no socket, only headers. On Vercel (which sets VERCEL=1), the edge sets
  // x-vercel-forwarded-for to the visitor's address on every request. Self-hosted `next start`
  // passes a visitor's own X-Forwarded-For through untouched, so nothing is trusted there unless
  // TRUSTED_PROXY_HEADER names the header your own reverse proxy overwrites (nginx:
  // `proxy_set_header X-Real-IP $remote_addr;` and TRUSTED_PROXY_HEADER=x-real-ip); without one,
  // every visitor shares one quota.
  trustedProxyHeader: process.env.VERCEL === '1' ? 'x-vercel-forwarded-for' : process.env.TRUSTED_PROXY_HEADER || undefined,
  // Serverless functions run as many instances: REDIS_URL makes them share cache, quotas and budget.
  store: storeFromRedisUrl(process.env.REDIS_URL),
});

// Next passes `{ params }` as a second argument; the proxy routes on the URL and needs none of it.
export const GET = (request: Request): Promise<Response> => proxy(request);
export const OPTIONS = GET;
// Next answers a method the file does not export with its own empty 405; the proxy's is JSON.
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;

// The Node runtime, not Edge: a lookup may be held two minutes.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// Seconds. Vercel's default is far shorter than the service's two-minute hold (see the README table).
export const maxDuration = 150;

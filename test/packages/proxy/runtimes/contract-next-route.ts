// The contract suite's Next.js route: the example's shape, with the suite's options passed as
// JSON in PROXY_OPTIONS instead of the example's variables.
import { createTrackingProxy } from '@cargo-trackers/proxy';

const proxy = createTrackingProxy(JSON.parse(process.env.PROXY_OPTIONS ?? '{}'));

export const GET = (request: Request): Promise<Response> => proxy(request);
export const OPTIONS = GET;
// Next answers a method the file does not export with its own empty 405; the proxy's is JSON.
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The contract suite's Worker: the example's shape (one handler per isolate, built on the first
// request), with the suite's options passed as a JSON binding instead of the example's secrets.
import { createTrackingProxy } from '@cargo-trackers/proxy';
import type { TrackingProxyHandler } from '@cargo-trackers/proxy';

let proxy: TrackingProxyHandler | undefined;

export default {
  fetch(request: Request, env: { readonly PROXY_OPTIONS: string }): Promise<Response> {
    proxy ??= createTrackingProxy(JSON.parse(env.PROXY_OPTIONS));
    return proxy(request);
  },
};

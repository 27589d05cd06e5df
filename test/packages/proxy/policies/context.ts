// A request context for one policy at a time, without a server: the policies' unit tests.
import type { ProxyOutput } from '../../../../packages/proxy/src/answer.js';
import type { Answer, RequestContext } from '../../../../packages/proxy/src/policies/policy.js';

export function contextFor(
  headers: Record<string, string> = {},
  init: { method?: string; search?: string; host?: string } = {},
): RequestContext {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    input: {
      method: init.method ?? 'GET',
      path: '/api/tracking/air',
      search: init.search ?? '',
      header: (name) => lower[name] ?? null,
      host: init.host ?? 'shop.example',
      clientAddress: '203.0.113.1',
      signal: new AbortController().signal,
    },
    trace: { route: 'air', cache: 'none' },
    cors: {},
  };
}

/** A `next` that records that it ran and answers 200. */
export function recordingNext(): { next: () => Answer; readonly calls: number } {
  const state = { calls: 0 };
  const answer: ProxyOutput = { status: 200, headers: {}, body: null };
  return {
    next: () => {
      state.calls += 1;
      return answer;
    },
    get calls() {
      return state.calls;
    },
  };
}

export async function statusOf(answer: Answer): Promise<number> {
  return (await answer).status;
}

/** Test doubles shared by the SDK's unit tests: a scripted fetch and a settable clock. */
import type { Clock } from './clock.js';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; statusText?: string; body?: unknown; headers?: Record<string, string> } | Error;
type Responder = Reply | ((req: SentRequest) => Reply);

/** A fetch that answers from a script (one responder per request, the last one repeating) and records requests. */
export function scriptedFetch(...script: Responder[]) {
  const sent: SentRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const req: SentRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(req);
    const responder = script[Math.min(sent.length - 1, script.length - 1)] ?? { body: {} };
    const reply = typeof responder === 'function' ? responder(req) : responder;
    if (reply instanceof Error) throw reply;
    const text =
      reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status ?? 200,
      statusText: reply.statusText ?? '',
      headers: { 'x-wix-request-id': 'req-1', ...reply.headers },
    });
  };
  return { fetch: fetchImpl as typeof fetch, sent };
}

/** A clock that stands still until moved. */
export function fakeClock(startMs = Date.UTC(2030, 0, 1)): Clock & { advanceSeconds(s: number): void } {
  let now = startMs;
  return {
    now: () => now,
    advanceSeconds(s: number) {
      now += s * 1000;
    },
  };
}

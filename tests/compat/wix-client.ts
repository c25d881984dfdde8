/**
 * Drives a real Merx server through the public `@wix/sdk` + `@wix/stores` packages, as a storefront would.
 *
 * The SDK builds absolute URLs on `https://www.wixapis.com` and `https://edge.wixapis.com` (WIRE.md 0.1). A fetch
 * wrapper rewrites both origins to the local test server and records every request, so tests can assert what
 * actually went over the wire (for example that a long query really became a POST). The wrapper is passed to
 * `createClient({ fetch })`, which is how @wix/sdk 1.21 sends module calls, and is also installed on
 * `globalThis.fetch` for code paths that ignore that option; `close()` restores the original.
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { ApiKeyStrategy, createClient, type Descriptors } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { afterAll, beforeAll, expect } from 'vitest';

export const WIX_ORIGINS = ['https://www.wixapis.com', 'https://edge.wixapis.com'] as const;

/** One request as the SDK sent it (after the origin rewrite). */
export interface RecordedRequest {
  method: string;
  /** The URL the SDK asked for, before the rewrite. */
  sdkUrl: string;
  /** Path of the request, e.g. `/stores-reader/v1/products/query-platformized`. */
  path: string;
  /** Query-string parameters. */
  params: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON body, when there was one. */
  body: unknown;
  /** Status and `X-Wix-Request-Id` of the answer. */
  status?: number;
  responseRequestId?: string | null;
}

/**
 * An auth strategy for anonymous reads: sends no credentials. (Visitor tokens from `/oauth2/token` do not exist in
 * Merx yet.) `createClient` only calls `getAuthHeaders` per request; it also reads `getActiveToken` and
 * `shouldUseCDN` (www vs edge origin) when it builds a module, and both may be absent. Note that createClient's own
 * default headers still put an empty `Authorization:` on every request.
 */
export function anonymousStrategy() {
  return {
    getAuthHeaders: async () => ({ headers: {} as Record<string, string> }),
    getActiveToken: () => undefined,
  };
}

function headersToRecord(headers: RequestInit['headers'] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers ?? {}).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A fetch that sends `https://{www,edge}.wixapis.com/...` to `baseUrl` and records each request in `log`. */
export function rewritingFetch(baseUrl: string, realFetch: typeof fetch, log: RecordedRequest[]): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const sdkUrl = request ? request.url : input.toString();
    const origin = WIX_ORIGINS.find((o) => sdkUrl === o || sdkUrl.startsWith(`${o}/`));
    if (!origin) return realFetch(input, init);
    const target = new URL(sdkUrl.slice(origin.length) || '/', baseUrl);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const entry: RecordedRequest = {
      method,
      sdkUrl,
      path: target.pathname,
      params: target.searchParams,
      headers: headersToRecord(init?.headers ?? request?.headers),
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
    };
    log.push(entry);
    const response = request ? await realFetch(new Request(target, request), init) : await realFetch(target, init);
    entry.status = response.status;
    entry.responseRequestId = response.headers.get('x-wix-request-id');
    return response;
  };
}

/** The modules of `startCompat()` without options: the v1 catalog. */
const catalogV1 = { products, collections };

type CompatAuth = ReturnType<typeof anonymousStrategy> | ReturnType<typeof ApiKeyStrategy>;

function makeClient<M extends Descriptors>(modules: M, fetchFn: typeof fetch, auth: CompatAuth) {
  return createClient({ modules, auth, fetch: fetchFn });
}

/** A client of the SDK with the modules `M` (the v1 catalog by default). */
export type StoresClient<M extends Descriptors = typeof catalogV1> = ReturnType<typeof makeClient<M>>;

export interface CompatHarness<M extends Descriptors = typeof catalogV1> {
  server: TestServer;
  /** No credentials: what a storefront visitor can do. */
  anon: StoresClient<M>;
  /** `ApiKeyStrategy` with the server's owner API key. */
  admin: StoresClient<M>;
  /** Every request the SDK made, in order. */
  requests: RecordedRequest[];
  /** Requests made since `mark` (an index into `requests`, from `requests.length`). */
  since(mark: number): RecordedRequest[];
  /** Stops the server and restores `globalThis.fetch`. */
  close(): Promise<void>;
}

/** Which SDK modules the clients carry, and whether the store starts with the demo catalog (it does not by default). */
export interface CompatOptions<M extends Descriptors> {
  modules: M;
  demo?: boolean;
}

/**
 * Starts Merx on a loopback port and builds an anonymous and an API-key client against it: without options, on the
 * demo store with the v1 catalog modules; with options, with the modules given.
 */
export function startCompat(): Promise<CompatHarness>;
export function startCompat<M extends Descriptors>(options: CompatOptions<M>): Promise<CompatHarness<M>>;
export async function startCompat<M extends Descriptors>(
  options?: CompatOptions<M>,
): Promise<CompatHarness<M> | CompatHarness> {
  return options ? harness(options.modules, options.demo ?? false) : harness(catalogV1, true);
}

async function harness<M extends Descriptors>(modules: M, demo: boolean): Promise<CompatHarness<M>> {
  const server = await startTestServer({ listen: true, demo });
  const realFetch = globalThis.fetch;
  const requests: RecordedRequest[] = [];
  const wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  const anon = makeClient(modules, wrapped, anonymousStrategy());
  const admin = makeClient(modules, wrapped, ApiKeyStrategy({ apiKey: server.apiKey, siteId: 'test-site' }));
  return {
    server,
    anon,
    admin,
    requests,
    since: (mark) => requests.slice(mark),
    async close() {
      globalThis.fetch = realFetch;
      await server.close();
    },
  };
}

/**
 * The harness of one test file: started (with `options`) before the file's tests and closed after them. Its fields
 * answer once it has started, so a file's own `beforeAll` (registered after this call) can already seed through it.
 */
export function compatSuite<M extends Descriptors>(options: CompatOptions<M>): CompatHarness<M> {
  let started: CompatHarness<M> | undefined;
  const h = () => {
    if (!started) throw new Error('the compat harness has not started yet (use it inside a hook or a test)');
    return started;
  };
  beforeAll(async () => {
    started = await startCompat(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get server() {
      return h().server;
    },
    get anon() {
      return h().anon;
    },
    get admin() {
      return h().admin;
    },
    get requests() {
      return h().requests;
    },
    since: (mark) => h().since(mark),
    close: () => h().close(),
  };
}

/** The shape of the error the SDK throws for a non-200 answer (WIRE.md 1.2). */
export interface SdkError extends Error {
  status?: number;
  requestId?: string | null;
  details?: {
    applicationError?: { code: string | number; description: string; data: Record<string, unknown> };
    validationError?: {
      fieldViolations: Array<{ field: string; description: string; violatedRule?: string; data?: unknown }>;
    };
    requestId?: string | null;
  };
  response?: { status?: number; data?: unknown };
}

function isSdkError(value: unknown): value is SdkError {
  return value instanceof Error && 'details' in value;
}

/** Awaits `promise`, fails the test if it resolves or throws something that is not an SDK error, returns the error. */
export async function sdkError(promise: Promise<unknown>): Promise<SdkError> {
  let resolved: unknown;
  try {
    resolved = await promise;
  } catch (error) {
    if (!isSdkError(error)) throw error;
    return error;
  }
  expect.fail(`expected the SDK call to throw, it resolved with ${JSON.stringify(resolved)?.slice(0, 300)}`);
}

/** Decodes the `.r` envelope of a recorded GET (WIRE.md 0.6). */
export function decodeR(request: RecordedRequest): unknown {
  const r = request.params.get('.r');
  if (r === null) return undefined;
  return JSON.parse(Buffer.from(r, 'base64url').toString('utf8'));
}

import type { AuthStrategy } from './auth/types.js';
import { encodeEnvelopeOrPost, plainQuery } from './encoding.js';
import { errorFromResponse, type FailedRequest, MerxClientError, MerxError, MerxSystemError } from './errors.js';
import { type UploadProgressListener, withUploadProgress } from './upload.js';

/** Options every SDK function takes as its last argument. */
export interface CallOptions {
  /** Aborts the request (the call rejects with the signal's reason wrapped in a system error). */
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeated write with the first answer. */
  idempotencyKey?: string;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One call as a module describes it. */
export interface CallSpec {
  method: HttpMethod;
  /** The path, already filled in (see `fillPath`). */
  path: string;
  /** GET/DELETE: plain query parameters. */
  params?: Record<string, unknown>;
  /** GET query routes: the payload, sent in the `.r` envelope (POST to the same path past 4000 characters). */
  query?: unknown;
  /** POST/PATCH/PUT: the JSON body (`{}` when absent). */
  body?: unknown;
  /** POST: a multipart form (file uploads), sent instead of a JSON body; the runtime writes its Content-Type. */
  form?: FormData;
  /** Told how much of the body has gone out: by XMLHttpRequest in browsers, by a streamed body elsewhere. */
  onUploadProgress?: UploadProgressListener | undefined;
  /** The SDK function's arguments, carried by any error. */
  args: readonly unknown[];
  options?: CallOptions | undefined;
  /** Module and function name, for the elevated-only check (`products.createProduct`). */
  name: string;
  /** Only an elevated client (API key, staff) may call this: refused before any request otherwise. */
  elevated?: boolean;
}

/** What a module gets from the client: one way to make a call. */
export interface Transport {
  readonly baseUrl: string;
  /** True when the client's auth strategy is elevated (an API key). */
  readonly elevated: boolean;
  call<T>(spec: CallSpec): Promise<T>;
  /**
   * Like `call`, but answers the 200 response with its body unread, for answers that are read as they arrive (the
   * live event stream); a refusal throws just as `call`'s does.
   */
  open(spec: CallSpec): Promise<Response>;
}

export interface TransportOptions {
  baseUrl: string;
  auth: AuthStrategy;
  fetch?: typeof fetch | undefined;
}

/** The client's HTTP layer: auth headers, encodings, the GET→POST switch, and the one error mapping. */
export function createTransport(opts: TransportOptions): Transport {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const elevated = opts.auth.elevated === true;

  /** Sends one request; a non-200 answer throws through the one error mapping, a 200 is answered unread. */
  async function send(spec: CallSpec): Promise<{ response: Response; request: FailedRequest }> {
    const request: FailedRequest = { method: spec.method, path: spec.path, args: spec.args };
    if (spec.elevated && !elevated) {
      const error = new MerxClientError(
        'ELEVATED_CLIENT_REQUIRED',
        `${spec.name} needs an elevated client: create it with ApiKeyStrategy({ apiKey }) (or a staff sign-in)`,
      );
      error.request = request;
      throw error;
    }
    let method = spec.method;
    let search = '';
    let body: string | FormData | undefined = spec.form;
    if (spec.query !== undefined) {
      const encoded = encodeEnvelopeOrPost(spec.query);
      if (encoded.post) {
        method = 'POST';
        body = JSON.stringify(spec.query);
      } else {
        search = encoded.search;
      }
    } else if (spec.params) {
      search = plainQuery(spec.params);
    }
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') body ??= JSON.stringify(spec.body ?? {});
    request.method = method;

    const headers: Record<string, string> = { ...(await authHeaders(request)), ...spec.options?.headers };
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    if (spec.options?.idempotencyKey) headers['Idempotency-Key'] = spec.options.idempotencyKey;

    let response: Response;
    try {
      const send = spec.onUploadProgress ? withUploadProgress(doFetch, spec.onUploadProgress) : doFetch;
      response = await send(`${baseUrl}${spec.path}${search ? `?${search}` : ''}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(spec.options?.signal ? { signal: spec.options.signal } : {}),
      });
    } catch (cause) {
      throw new MerxSystemError({ request, cause });
    }
    if (response.status !== 200) {
      const parsed = await readJson(response);
      throw errorFromResponse({
        status: response.status,
        statusText: response.statusText,
        body: parsed.ok ? parsed.value : undefined,
        requestId: response.headers.get('x-wix-request-id') ?? undefined,
        request,
      });
    }
    return { response, request };
  }

  async function call<T>(spec: CallSpec): Promise<T> {
    const { response, request } = await send(spec);
    const parsed = await readJson(response);
    if (!parsed.ok) {
      const requestId = response.headers.get('x-wix-request-id') ?? undefined;
      throw new MerxSystemError({ status: 200, requestId, request, cause: parsed.error });
    }
    return parsed.value as T;
  }

  async function open(spec: CallSpec): Promise<Response> {
    return (await send(spec)).response;
  }

  async function authHeaders(request: FailedRequest): Promise<Record<string, string>> {
    try {
      return (await opts.auth.getAuthHeaders()).headers;
    } catch (error) {
      if (error instanceof MerxError) {
        error.request ??= request;
        throw error;
      }
      throw new MerxSystemError({ request, cause: error });
    }
  }

  return { baseUrl, elevated, call, open };
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    const text = await response.text();
    return { ok: true, value: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { ok: false, error };
  }
}

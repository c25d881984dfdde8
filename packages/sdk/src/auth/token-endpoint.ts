import { MerxOAuthError, MerxSystemError } from '../errors.js';

/**
 * `POST /oauth2/token` (WIRE.md 2): JSON, no Authorization unless given (external login). Only 200 is success;
 * anything else is a MerxOAuthError: "Failed to fetch tokens from OAuth API: <status text>. request id: <id>".
 */
export async function requestTokens<T>(opts: {
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  body: Record<string, unknown>;
  headers?: Record<string, string> | undefined;
}): Promise<T> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const request = { method: 'POST', path: '/oauth2/token', args: [redact(opts.body)] };
  let response: Response;
  try {
    response = await doFetch(`${opts.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...opts.headers },
      body: JSON.stringify(opts.body),
    });
  } catch (cause) {
    throw new MerxSystemError({ request, cause });
  }
  const requestId = response.headers.get('x-wix-request-id') ?? undefined;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (response.status !== 200) {
    const body = (json ?? {}) as { error?: unknown; error_description?: unknown };
    throw new MerxOAuthError(
      `Failed to fetch tokens from OAuth API: ${response.statusText || response.status}. request id: ${requestId}.${
        json === undefined ? '' : ` Response: ${JSON.stringify(json)}`
      }`,
      {
        error: typeof body.error === 'string' ? body.error : undefined,
        errorDescription: typeof body.error_description === 'string' ? body.error_description : undefined,
      },
      { status: response.status, requestId, request },
    );
  }
  if (json === undefined) throw new MerxSystemError({ status: 200, requestId, request });
  return json as T;
}

/** Secrets never ride on an error: tokens, codes and verifiers are replaced. */
function redact(body: Record<string, unknown>): Record<string, unknown> {
  const secret = /token|code|verifier|secret/i;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, secret.test(k) ? '<redacted>' : v]));
}

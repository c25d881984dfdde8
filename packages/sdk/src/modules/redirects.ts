import type { Transport } from '../http.js';
import { type CallOptions, caller } from '../module.js';

/*
 * The contract package has no schema of redirect sessions yet (the server keeps it beside its service); these
 * types follow WIRE.md 3 and should move to packages/contract when it gains one.
 */

export type Prompt = 'login' | 'none' | 'consent' | 'select_account';
export type ResponseMode = 'fragment' | 'query' | 'web_message';

/** An OAuth authorization request (PKCE S256, response type code). */
export interface AuthRequest {
  redirectUri: string;
  clientId: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  responseMode?: ResponseMode;
  responseType: 'code';
  scope?: string;
  state: string;
  sessionToken?: string;
  idp?: string;
}

/** Exactly one intent (auth, login, logout, checkout or product page), plus callbacks and preferences. */
export interface RedirectSessionRequest {
  auth?: { authRequest: AuthRequest; prompt?: Prompt };
  login?: Record<string, never>;
  logout?: { clientId?: string };
  ecomCheckout?: { checkoutId: string };
  storesProduct?: { productSlug: string };
  callbacks?: { postFlowUrl?: string; thankYouPageUrl?: string; cartPageUrl?: string; loginUrl?: string };
  preferences?: { useGenericWixPages?: boolean; maintainIdentity?: boolean };
  origin?: string;
}

export interface RedirectSession {
  id: string;
  /** The hosted page to send the browser to. */
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
  sessionToken: string;
  shortId: string;
}

const PATH = '/_api/redirects-api/v1/redirect-session';

/** Redirect sessions (WIRE.md 3): hosted sign-in, sign-out, checkout and product pages. */
export function redirects(transport: Transport) {
  const call = caller(transport, 'redirects');
  return {
    /** A hosted URL for one intent; send the browser to `redirectSession.fullUrl`. */
    createRedirectSession: (request: RedirectSessionRequest, o?: CallOptions) =>
      call<{ redirectSession: RedirectSession }>('createRedirectSession', {
        method: 'POST',
        path: PATH,
        body: request,
        args: [request],
        options: o,
      }),
  };
}

export type RedirectsModule = ReturnType<typeof redirects>;

import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Out } from '../module.js';

export type Prompt = c.OAuthPrompt;
export type ResponseMode = c.OAuthResponseMode;
export type AuthRequest = c.AuthRequest;
/** Exactly one intent (auth, login, logout, checkout or product page), plus callbacks and preferences. */
export type RedirectSessionRequest = c.RedirectSessionRequest;
export type RedirectSession = c.RedirectSession;
export type ClaimHandOffRequest = c.ClaimHandOffRequest;
export type ClaimHandOffResponse = c.ClaimHandOffResponse;

const PATH = '/_api/redirects-api/v1/redirect-session';

/** Redirect sessions (WIRE.md 3): hosted sign-in, sign-out, checkout and product pages. */
export function redirects(transport: Transport) {
  const call = caller(transport, 'redirects');
  return {
    /** A hosted URL for one intent; send the browser to `redirectSession.fullUrl`. */
    createRedirectSession: (request: RedirectSessionRequest, o?: CallOptions) =>
      call<Out<typeof c.redirectSessionResponse>>('createRedirectSession', {
        method: 'POST',
        path: PATH,
        body: request,
        args: [request],
        options: o,
      }),
    /**
     * Merx's checkout page: takes the buyer of a checkout session into this browser, once (the session id, one-time
     * key and checkout of the session's URL, and the storefront's client id). Answers the buyer's tokens and the
     * shop's callbacks.
     */
    claimHandOff: (request: ClaimHandOffRequest, o?: CallOptions) =>
      call<Out<typeof c.claimHandOffResponse>>('claimHandOff', {
        method: 'POST',
        path: '/_api/merx/v1/redirect-sessions/hand-off',
        body: request,
        args: [request],
        options: o,
      }),
  };
}

export type RedirectsModule = ReturnType<typeof redirects>;

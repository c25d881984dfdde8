import * as c from '@merx/contract';
import { z } from 'zod';
import { type Caller, hasScope, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { TokenService } from '../oauth/tokens.service.js';
import type { HandOff } from './redirects.hand-off.js';
import { type RedirectService, redirectSessionRequest, type SessionMaker } from './redirects.service.js';

const response = z.object({
  redirectSession: z.object({
    id: z.string(),
    fullUrl: z.string(),
    urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
    sessionToken: z.string(),
    shortId: z.string(),
  }),
});

/**
 * Who the session is made by: a visitor or member is the buyer of their own checkout; an API key or staff account
 * that may read checkouts acts for whoever owns the checkout it names.
 */
function makerOf(caller: Caller): SessionMaker {
  switch (caller.kind) {
    case 'visitor':
      return { kind: 'visitor', id: caller.visitorId };
    case 'member':
      return { kind: 'member', id: caller.memberId };
    case 'staff':
    case 'apiKey':
      return hasScope(caller, 'checkouts:write') ? { kind: 'checkout-owner' } : { kind: 'none' };
    case 'none':
      return { kind: 'none' };
  }
}

/** WIRE.md 3: one handler at the three paths the contract's mapping knows, and the checkout hand-off. */
export function redirectRoutes(redirects: RedirectService, tokens: TokenService, handOff: HandOff): AnyRoute[] {
  return [
    ...[
      '/_api/redirects-api/v1/redirect-session',
      '/redirect-session/v1/redirect-session',
      '/headless/v1/redirect-session',
    ].map((url) =>
      defineRoute({
        method: 'POST',
        url,
        summary: 'Create a redirect session (sign-in, sign-out, checkout or product page)',
        tag: 'Redirects',
        // Public: visitors start sign-in and checkout; the session remembers who made it.
        access: publicAccess,
        input: redirectSessionRequest,
        response,
        handler: async ({ input, caller }) => {
          const session = await redirects.create(input, makerOf(caller));
          // Signing out (the SDK's logout() asks for a logout session with the member's token): that sign-in's
          // refresh token ends now, whether or not the browser ever opens the sign-out page.
          if (input.logout && (caller.kind === 'member' || caller.kind === 'staff')) {
            await tokens.revoke(tokens.db, caller.tokenId);
          }
          return session;
        },
      }),
    ),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/redirect-sessions/hand-off',
      // Merx's checkout page sends the session id, one-time key and checkout id of its URL with the storefront's OAuth
      // client id, and gets tokens of the visitor or member who made the session, with the shop's callbacks.
      summary: "Take a checkout session's buyer into this browser (once)",
      tag: 'Redirects',
      // Public: the browser arriving from the shop has no token of the buyer yet; the one-time key is the credential.
      access: publicAccess,
      input: c.claimHandOffRequest,
      response: c.claimHandOffResponse,
      handler: async ({ input }) => handOff.claim(input),
    }),
  ];
}

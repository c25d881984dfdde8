import { z } from 'zod';
import { publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { TokenService } from '../oauth/tokens.service.js';
import { type RedirectService, redirectSessionRequest } from './redirects.service.js';

const response = z.object({
  redirectSession: z.object({
    id: z.string(),
    fullUrl: z.string(),
    urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
    sessionToken: z.string(),
    shortId: z.string(),
  }),
});

/** WIRE.md 3: one handler at the three paths the contract's mapping knows. Public: visitors start sign-in. */
export function redirectRoutes(redirects: RedirectService, tokens: TokenService): AnyRoute[] {
  return [
    '/_api/redirects-api/v1/redirect-session',
    '/redirect-session/v1/redirect-session',
    '/headless/v1/redirect-session',
  ].map((url) =>
    defineRoute({
      method: 'POST',
      url,
      summary: 'Create a redirect session (sign-in, sign-out, checkout or product page)',
      tag: 'Redirects',
      access: publicAccess,
      input: redirectSessionRequest,
      response,
      handler: async ({ input, caller }) => {
        const session = await redirects.create(input, caller.kind === 'visitor' ? caller.visitorId : null);
        // Signing out (the SDK's logout() asks for a logout session with the member's token): that sign-in's
        // refresh token ends now, whether or not the browser ever opens the sign-out page.
        if (input.logout && (caller.kind === 'member' || caller.kind === 'staff')) {
          await tokens.revoke(tokens.db, caller.tokenId);
        }
        return session;
      },
    }),
  );
}

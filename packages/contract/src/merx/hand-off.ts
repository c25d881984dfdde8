import { z } from 'zod';
import { tokenResponse } from '../iam/oauth.js';

/*
 * The checkout hand-off (server: redirects.hand-off.ts; docs/decisions/0019-redirect-hand-off.md). A headless shop
 * asks for an `ecomCheckout` redirect session and sends the buyer to its `fullUrl`, Merx's checkout page. That page
 * takes the buyer's identity from the session, once: it trades the session id and the one-time key of the URL for
 * tokens of the visitor or member who made the session, issued to the storefront's own OAuth client.
 */

/** What the checkout page sends: the URL's session, key and checkout, and the storefront's client id. */
export const claimHandOffRequest = z.object({
  redirectSessionId: z.string().min(1).max(100),
  key: z.string().min(20).max(200),
  checkoutId: z.string().min(1).max(200),
  clientId: z.string().min(1).max(200),
});
export type ClaimHandOffRequest = z.infer<typeof claimHandOffRequest>;

/** Where the shop wants the buyer sent: the session's callbacks, as given. */
export const handOffCallbacks = z.object({
  postFlowUrl: z.string().optional(),
  thankYouPageUrl: z.string().optional(),
  cartPageUrl: z.string().optional(),
});
export type HandOffCallbacks = z.infer<typeof handOffCallbacks>;

/** The buyer's tokens (as `/oauth2/token` answers them, with the role they hold) and the shop's callbacks. */
export const claimHandOffResponse = z.object({
  checkoutId: z.string(),
  role: z.enum(['visitor', 'member']),
  tokens: tokenResponse.required({ refresh_token: true }),
  callbacks: handOffCallbacks,
});
export type ClaimHandOffResponse = z.infer<typeof claimHandOffResponse>;

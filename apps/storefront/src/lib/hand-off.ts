import type { HandOffCallbacks } from '@merx/contract';
import { boot } from './boot';
import { queryClient } from './query-client';
import { shop } from './shop';

/*
 * The checkout hand-off (docs/decisions/0019-redirect-hand-off.md): a headless shop sends its buyer to
 * /checkout?checkoutId=…&redirectSessionId=…&key=…. This page becomes that buyer (once), and remembers for this tab
 * where the shop wants the buyer sent: its cart page, and its thank-you page once the order is placed.
 */

const storageKey = (checkoutId: string) => `merx-hand-off:${checkoutId}`;

/** The hand-off the address carries, or undefined. */
export function handOffOf(
  params: URLSearchParams,
): { checkoutId: string; redirectSessionId: string; key: string } | undefined {
  const checkoutId = params.get('checkoutId');
  const redirectSessionId = params.get('redirectSessionId');
  const key = params.get('key');
  return checkoutId && redirectSessionId && key ? { checkoutId, redirectSessionId, key } : undefined;
}

/**
 * Takes the session's buyer into this browser: their tokens replace this browser's, what was read as someone else is
 * read again, and the shop's callbacks are kept for this checkout. The caller then drops the session from the address,
 * so a reload does not try to take it again (it is taken once).
 */
export async function takeHandOff(h: { checkoutId: string; redirectSessionId: string; key: string }): Promise<void> {
  const [b, s] = await Promise.all([boot(), shop()]);
  if (!b.storefrontClientId) throw new Error('This store has no storefront client');
  const answer = await s.redirects.claimHandOff({ ...h, clientId: b.storefrontClientId });
  s.auth.setTokens({
    accessToken: {
      value: answer.tokens.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + Number(answer.tokens.expires_in),
    },
    refreshToken: { value: answer.tokens.refresh_token, role: answer.role },
  });
  sessionStorage.setItem(storageKey(h.checkoutId), JSON.stringify(answer.callbacks));
  // The buyer has a cart (the checkout was made from it): the cart feature asks for it (features/cart/api/cart.ts).
  localStorage.setItem('merx-shop-cart', 'yes');
  // What the page read before (the header's cart, as a new visitor) is read again as the buyer.
  await queryClient.resetQueries();
}

/** The shop's callbacks for a checkout that came through a hand-off in this tab, or undefined. */
export function handOffCallbacks(checkoutId: string): HandOffCallbacks | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey(checkoutId));
    return raw ? (JSON.parse(raw) as HandOffCallbacks) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the buyer goes once `orderId` is placed from a handed-off checkout: the shop's thank-you page with the order
 * id in its query (`orderId`), else its post-flow page; undefined for the store's own checkouts.
 */
export function shopAfterOrderUrl(checkoutId: string, orderId: string): string | undefined {
  const callbacks = handOffCallbacks(checkoutId);
  const target = callbacks?.thankYouPageUrl ?? callbacks?.postFlowUrl;
  if (!target) return undefined;
  try {
    const url = new URL(target);
    url.searchParams.set('orderId', orderId);
    return url.toString();
  } catch {
    return undefined;
  }
}

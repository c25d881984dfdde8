/**
 * The shop's one Wix client: a visitor (OAuthStrategy with the shop's client id) whose tokens are kept in
 * localStorage, so the same visitor, cart and orders are there after a reload or a trip to the hosted checkout.
 */
import './merx-origin.js';
import { currentCart, orders } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, EMPTY_TOKENS, media, OAuthStrategy, type Tokens } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { clientId, mediaUrl } from './merx-origin.js';

const TOKENS_KEY = 'corner-shop-tokens';

const tokenStorage = {
  getTokens(): Tokens {
    const saved = localStorage.getItem(TOKENS_KEY);
    return saved ? (JSON.parse(saved) as Tokens) : EMPTY_TOKENS;
  },
  setTokens(tokens: Tokens): void {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
  },
};

export const wix = createClient({
  modules: { products, collections, currentCart, orders, redirects },
  auth: OAuthStrategy({ clientId, tokenStorage }),
});

/**
 * Makes sure the visitor has tokens before the first page asks for anything: the saved ones while they hold, renewed
 * or new ones otherwise. (Calls made at the same time with no tokens would each start a visitor of their own.)
 */
export async function startSession(): Promise<void> {
  wix.auth.setTokens(await wix.auth.generateVisitorTokens(wix.auth.getTokens()));
}

/** The Wix Stores app id: cart lines refer to catalog items of this app. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export type Product = products.Product;
export type Cart = currentCart.Cart;

/**
 * An image's address for an <img>. The SDK hands the cart's and checkout's images over as `wix:image://v1/<id>/…`
 * strings when the image has a media id: the media helper turns those into an address on Wix's media host (which
 * `mediaUrl` points at Merx). Images without an id come as their URL, and catalog images as `{url, width, height}`.
 */
export function imageSrc(image: string | { url?: string | null } | null | undefined): string {
  if (!image) return '';
  if (typeof image !== 'string') return image.url ?? '';
  return image.startsWith('wix:image://') ? mediaUrl(media.getImageUrl(image).url) : image;
}

/** The SDK's error code for a failed call (`OWNED_CART_NOT_FOUND`, …), if there is one. */
export function errorCode(error: unknown): string | undefined {
  const details = (error as { details?: { applicationError?: { code?: string } } } | null)?.details;
  return details?.applicationError?.code;
}

/** The visitor's cart, or null while they have none. */
export async function loadCart(): Promise<Cart | null> {
  try {
    return await wix.currentCart.getCurrentCart();
  } catch (error) {
    if (errorCode(error) === 'OWNED_CART_NOT_FOUND') return null;
    throw error;
  }
}

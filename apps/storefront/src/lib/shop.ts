import {
  type AuthStrategy,
  checkout,
  collections,
  couponCheck,
  createClient,
  currentCart,
  localStorageStorage,
  memberFactors,
  members,
  OAuthStrategy,
  orders,
  payLinks,
  payments,
  products,
  productsV3,
  redirects,
} from '@merx/sdk';
import { boot } from './boot';

/** Catalog reads need no token: a strategy without headers saves the first page a token round trip. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };

/**
 * The public client: catalog reads (v1, and v3 search for the listing's facet counts), the pay link and offline
 * instructions (the pay link holds its own token), and which payment providers the store offers.
 */
export const catalog = createClient({
  baseUrl: location.origin,
  auth: noToken,
  modules: { products, productsV3, collections, payLinks, payments },
});

function makeShop(clientId: string) {
  const auth = OAuthStrategy({ clientId, storage: localStorageStorage({ key: 'merx-shop-tokens' }) });
  return createClient({
    baseUrl: location.origin,
    auth,
    modules: {
      products,
      currentCart,
      couponCheck,
      checkout,
      orders,
      payLinks,
      payments,
      redirects,
      members,
      memberFactors,
    },
  });
}

/** The shopper's client: visitor tokens on the first call, member tokens after signing in. */
export type Shop = ReturnType<typeof makeShop>;

let shopPromise: Promise<Shop> | undefined;

/** The shopper's client, made once the storefront's OAuth client id is known. */
export function shop(): Promise<Shop> {
  shopPromise ??= boot().then((b) => {
    if (!b.storefrontClientId) throw new Error('This store has no storefront client');
    return makeShop(b.storefrontClientId);
  });
  return shopPromise;
}

/** True when the stored tokens are a member's (no request). */
export function signedInNow(): boolean {
  try {
    const raw = localStorage.getItem('merx-shop-tokens');
    return raw ? (JSON.parse(raw) as { refreshToken?: { role?: string } }).refreshToken?.role === 'member' : false;
  } catch {
    return false;
  }
}

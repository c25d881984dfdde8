import {
  type AuthStrategy,
  checkout,
  collections,
  createClient,
  currentCart,
  localStorageStorage,
  memberFactors,
  members,
  OAuthStrategy,
  orders,
  products,
  redirects,
} from '@merx/sdk';
import { boot } from './boot';

/** Catalog reads need no token: a strategy without headers saves the first page a token round trip. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };

/** The catalog client (public reads). */
export const catalog = createClient({ baseUrl: location.origin, auth: noToken, modules: { products, collections } });

function makeShop(clientId: string) {
  const auth = OAuthStrategy({ clientId, storage: localStorageStorage({ key: 'merx-shop-tokens' }) });
  return createClient({
    baseUrl: location.origin,
    auth,
    modules: { products, currentCart, checkout, orders, redirects, members, memberFactors },
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

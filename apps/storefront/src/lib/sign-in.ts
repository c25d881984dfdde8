import type { OAuthData } from '@merx/sdk';
import { shop } from './shop';

const KEY = 'merx-oauth';

/**
 * Sends the shopper to the hosted sign-in page (PKCE); they come back to /callback and then to `returnTo`.
 * Their visitor cart follows them: the server moves it to the member when the code is exchanged.
 */
export async function startSignIn(returnTo: string): Promise<void> {
  location.assign(await hostedUrl(returnTo));
}

/** Like startSignIn, but the hosted pages open on their sign-up form ("Create an account"). */
export async function startSignUp(returnTo: string): Promise<void> {
  location.assign(await hostedUrl(returnTo, '/sign-up'));
}

async function hostedUrl(returnTo: string, page = ''): Promise<string> {
  const s = await shop();
  const data = await s.auth.generateOAuthData(`${location.origin}/callback`, returnTo);
  sessionStorage.setItem(KEY, JSON.stringify(data));
  const { authUrl } = await s.auth.getAuthUrl(data, { prompt: 'login' });
  if (!page) return authUrl;
  // The hosted sign-in page lives at /auth/session/<id>; its sign-up form is the same session's /sign-up.
  const url = new URL(authUrl, location.origin);
  return url.pathname.startsWith('/auth/session/') ? `${url.origin}${url.pathname}${page}${url.search}` : authUrl;
}

/** Finishes the sign-in on /callback: the code in the URL becomes member tokens. Returns where to go next. */
export async function finishSignIn(): Promise<string> {
  const s = await shop();
  const stored = sessionStorage.getItem(KEY);
  if (!stored) throw new Error('This sign-in was not started in this tab. Please sign in again.');
  const data = JSON.parse(stored) as OAuthData;
  const { code, state, error, errorDescription } = s.auth.parseFromUrl();
  if (error) throw new Error(errorDescription || error);
  s.auth.setTokens(await s.auth.getMemberTokens(code ?? '', state ?? '', data));
  sessionStorage.removeItem(KEY);
  // The member may have a cart from another device: the cart feature asks for it once (features/cart/api/cart.ts).
  localStorage.setItem('merx-shop-cart', 'yes');
  const back = new URL(data.originalUri || '/account', location.origin);
  return back.origin === location.origin ? `${back.pathname}${back.search}` : '/account';
}

/** Signs out: both tokens are cleared here, the member's refresh token is revoked, then the hosted session ends. */
export async function signOut(): Promise<void> {
  const s = await shop();
  const { logoutUrl } = await s.auth.logout(`${location.origin}/`);
  location.assign(logoutUrl);
}

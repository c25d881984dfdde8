import {
  EMPTY_TOKENS,
  localStorageStorage,
  type OAuthData,
  StaffStrategy,
  type StaffStrategyInstance,
} from '@merx/sdk';
import { boot } from './boot';

/*
 * The staff member's sign-in: the hosted page of the back-office OAuth client (PKCE; their second factor there),
 * tokens kept in this browser, renewed with the refresh token, and a fresh sign-in that brings them back to the
 * page they were on when it ends.
 */

const TOKENS_KEY = 'merx-admin-tokens';
const FLOW_KEY = 'merx-admin-oauth';
/** Where the hosted page sends the browser back (registered for the back-office client). */
export const CALLBACK_PATH = '/admin/callback';

let strategy: Promise<StaffStrategyInstance> | undefined;

/** The staff sign-in, made once the back-office client id is known. */
export function staffAuth(): Promise<StaffStrategyInstance> {
  strategy ??= boot().then((b) => {
    if (!b.backofficeClientId) throw new Error('This store has no back-office client');
    return StaffStrategy({
      clientId: b.backofficeClientId,
      baseUrl: location.origin,
      storage: localStorageStorage({ key: TOKENS_KEY }),
    });
  });
  return strategy;
}

/** True while this browser keeps a staff sign-in (no request). */
export function signedInNow(): boolean {
  try {
    const raw = localStorage.getItem(TOKENS_KEY);
    return raw ? (JSON.parse(raw) as { refreshToken?: { role?: string } }).refreshToken?.role === 'staff' : false;
  } catch {
    return false;
  }
}

let leaving = false;

/** Sends the staff member to the hosted sign-in page; they come back to `returnTo` (an /admin/ path). */
export async function startSignIn(returnTo = `${location.pathname}${location.search}`): Promise<void> {
  if (leaving) return;
  leaving = true;
  const auth = await staffAuth();
  // The kept tokens have ended (or never were): forget them, so that nothing uses them again.
  auth.setTokens(EMPTY_TOKENS);
  const data = await auth.generateOAuthData(`${location.origin}${CALLBACK_PATH}`, returnTo);
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(data));
  const { authUrl } = await auth.getAuthUrl(data, { prompt: 'login' });
  location.assign(authUrl);
}

/** Finishes the sign-in on /admin/callback: the code becomes staff tokens. Returns the page to go back to. */
export async function finishSignIn(): Promise<string> {
  const auth = await staffAuth();
  const stored = sessionStorage.getItem(FLOW_KEY);
  if (!stored) throw new Error('This sign-in was not started in this tab. Sign in again.');
  const data = JSON.parse(stored) as OAuthData;
  const { code, state, error, errorDescription } = auth.parseFromUrl();
  if (error) throw new Error(errorDescription || error);
  await auth.getStaffTokens(code, state, data);
  sessionStorage.removeItem(FLOW_KEY);
  const back = new URL(data.originalUri || '/admin/', location.origin);
  return back.origin === location.origin && back.pathname.startsWith('/admin')
    ? `${back.pathname}${back.search}`
    : '/admin/';
}

/** Signs out: the tokens are cleared here, the refresh token revoked, then the hosted session ends. */
export async function signOut(): Promise<void> {
  const auth = await staffAuth();
  const { logoutUrl } = await auth.logout(`${location.origin}/admin/`);
  location.assign(logoutUrl);
}

/** What the access token says about the staff member (read, not verified: the server stays the authority). */
export interface Claims {
  staffId: string;
  role: 'owner' | 'admin' | 'staff';
  permissions: string[];
}

/** The claims of the kept access token, or undefined without a staff sign-in. */
export function claimsNow(): Claims | undefined {
  try {
    const raw = localStorage.getItem(TOKENS_KEY);
    const token = raw ? (JSON.parse(raw) as { accessToken?: { value?: string } }).accessToken?.value : undefined;
    const payload = token?.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub: string;
      srole?: Claims['role'];
      perms?: string[];
    };
    return { staffId: json.sub, role: json.srole ?? 'staff', permissions: json.perms ?? [] };
  } catch {
    return undefined;
  }
}

import { type Clock, nowInSeconds, systemClock } from '../clock.js';
import { MerxClientError } from '../errors.js';
import { createTransport } from '../http.js';
import { redirects } from '../modules/redirects.js';
import { type AuthUrlOptions, type OAuthData, OAuthStrategy } from './oauth.js';
import { memoryStorage } from './storage.js';
import { type AuthStrategy, EMPTY_TOKENS, type TokenStorage, type Tokens } from './types.js';

export interface StaffStrategyOptions {
  /** The back-office OAuth client (`GET /_api/merx/v1/public-config` → `backofficeClientId`). */
  clientId: string;
  /** Where the staff tokens live (e.g. `localStorageStorage({ key: 'merx-admin-tokens' })`). */
  storage?: TokenStorage;
  baseUrl?: string;
  fetch?: typeof fetch;
  clock?: Clock;
}

const signInRequired = () => new MerxClientError('SIGN_IN_REQUIRED', 'The staff sign-in has ended: sign in again');

/**
 * A back office's sign-in: a staff member signs in on the hosted page (PKCE, their second factor there), and every
 * call carries their access token, renewed with the refresh token when it expires. Unlike the shopper's
 * OAuthStrategy it never falls back to visitor tokens: without a live staff sign-in a call throws
 * `SIGN_IN_REQUIRED` (send the person to sign in again). Elevated: the server's access rules decide what the staff
 * member may do.
 */
export function StaffStrategy(options: StaffStrategyOptions) {
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? memoryStorage();
  const oauth = OAuthStrategy({ ...options, storage });
  let renewing: Promise<Tokens> | undefined;
  let baseUrl = options.baseUrl?.replace(/\/+$/, '');
  let fetchImpl = options.fetch;

  /**
   * The hosted sign-in page for `oauthData`: asked for without any token, since the kept one may be the very one
   * that has ended (a revoked token is refused even on public calls).
   */
  async function getAuthUrl(oauthData: OAuthData, opts: AuthUrlOptions = {}) {
    if (!baseUrl) throw new TypeError('StaffStrategy needs a baseUrl: pass it here or to createClient');
    const anonymous = createTransport({
      baseUrl,
      auth: { getAuthHeaders: async () => ({ headers: {} }) },
      fetch: fetchImpl,
    });
    const { redirectSession } = await redirects(anonymous).createRedirectSession({
      auth: {
        authRequest: {
          redirectUri: oauthData.redirectUri,
          clientId: options.clientId,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: opts.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: oauthData.state,
        },
        prompt: opts.prompt ?? 'login',
      },
    });
    return { authUrl: redirectSession.fullUrl };
  }

  const signedIn = (tokens: Tokens) => tokens.refreshToken.role === 'staff' && tokens.refreshToken.value !== '';

  async function getAuthHeaders(): Promise<{ headers: Record<string, string> }> {
    let tokens = storage.getTokens();
    if (!signedIn(tokens)) throw signInRequired();
    if (!tokens.accessToken.value || tokens.accessToken.expiresAt < nowInSeconds(clock)) {
      renewing ??= oauth
        .renewToken(tokens.refreshToken)
        .then((fresh) => {
          storage.setTokens(fresh);
          return fresh;
        })
        .catch((error: unknown) => {
          // The refresh token was revoked (sign-out elsewhere, a role change, a password change) or expired.
          storage.setTokens(EMPTY_TOKENS);
          throw new MerxClientError('SIGN_IN_REQUIRED', 'The staff sign-in has ended: sign in again', error);
        })
        .finally(() => {
          renewing = undefined;
        });
      tokens = await renewing;
    }
    return { headers: { Authorization: tokens.accessToken.value } };
  }

  return {
    elevated: true as const,
    getAuthHeaders,
    connect(connection: { baseUrl: string; fetch?: typeof fetch | undefined }): void {
      baseUrl ??= connection.baseUrl.replace(/\/+$/, '');
      fetchImpl ??= connection.fetch;
      oauth.connect(connection);
    },
    /** True while a staff sign-in is kept (its access token may still need renewing). */
    signedIn: (): boolean => signedIn(storage.getTokens()),
    getTokens: (): Tokens => storage.getTokens(),
    setTokens: (tokens: Tokens): void => storage.setTokens(tokens),
    generateOAuthData: (redirectUri: string, originalUri?: string): Promise<OAuthData> =>
      oauth.generateOAuthData(redirectUri, originalUri),
    /** The hosted sign-in page for `oauthData` (the back-office client's staff sign-in). */
    getAuthUrl,
    parseFromUrl: oauth.parseFromUrl,
    /** Exchanges the code the hosted page returned for staff tokens, and keeps them. */
    async getStaffTokens(
      code: string | null | undefined,
      state: string | null | undefined,
      oauthData: Pick<OAuthData, 'state' | 'codeVerifier'> & { redirectUri?: string },
    ): Promise<Tokens> {
      const tokens = await oauth.getMemberTokens(code, state, oauthData);
      const staff: Tokens = { ...tokens, refreshToken: { ...tokens.refreshToken, role: 'staff' } };
      storage.setTokens(staff);
      return staff;
    },
    /** Ends the sign-in on the server (its refresh token is revoked) and here; open `logoutUrl` to finish. */
    logout: (originalUrl: string): Promise<{ logoutUrl: string }> => oauth.logout(originalUrl),
  } satisfies AuthStrategy & Record<string, unknown>;
}

export type StaffStrategyInstance = ReturnType<typeof StaffStrategy>;

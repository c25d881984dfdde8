import type * as c from '@merx/contract';
import { type Clock, nowInSeconds, systemClock } from '../clock.js';
import { MerxClientError, MerxOAuthError } from '../errors.js';
import { createTransport, type Transport } from '../http.js';
import { type IdentityModule, identity, type StateResponse } from '../modules/identity.js';
import { type Prompt, type RedirectsModule, type ResponseMode, redirects } from '../modules/redirects.js';
import { DIRECT_LOGIN_TIMEOUT_MS, loadHiddenFrame, waitForWebMessage } from './frame.js';
import { type LoginResult, loginFailure, loginStateOf, registerFailure } from './login-states.js';
import { codeChallengeOf, generateCodeVerifier, generateState } from './pkce.js';
import { memoryStorage } from './storage.js';
import { requestTokens } from './token-endpoint.js';
import {
  type AccessToken,
  type AuthStrategy,
  EMPTY_TOKENS,
  type RefreshToken,
  type TokenStorage,
  type Tokens,
} from './types.js';

export interface OAuthStrategyOptions {
  /** The OAuth client id (a storefront's: `GET /_api/merx/v1/public-config` → `storefrontClientId`). */
  clientId: string;
  /** Tokens to start with (kept in `storage` when both are given). */
  tokens?: Tokens;
  /** Where tokens live: `memoryStorage()` (default), `localStorageStorage()`, `cookieStorage()` or your own. */
  storage?: TokenStorage;
  /** The Merx server; taken from `createClient({ baseUrl })` when absent. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The time source for token expiry (tests pass a fake one). */
  clock?: Clock;
  /** The browser window of the direct-login frame (default: the global one). */
  window?: Window;
}

/** What `generateOAuthData` returns: keep it (e.g. in sessionStorage) until the browser comes back. */
export interface OAuthData {
  redirectUri: string;
  originalUri: string;
  codeVerifier: string;
  codeChallenge: string;
  state: string;
}

export interface AuthUrlOptions {
  prompt?: Prompt;
  responseMode?: ResponseMode;
  sessionToken?: string;
}

/** What `parseFromUrl` reads back from the redirect (query or fragment). */
export interface ParsedCallback {
  code: string | null;
  state: string | null;
  error?: string;
  errorDescription?: string;
}

type TokenAnswer = c.TokenResponse;

/**
 * Visitor and member sign-in (spec sections 4, 5, 8 and 9): visitor tokens minted on the first call and renewed
 * when expired, the hosted sign-in with PKCE, direct login through a hidden frame, and logout.
 */
export function OAuthStrategy(options: OAuthStrategyOptions) {
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? memoryStorage(options.tokens);
  if (options.storage && options.tokens) storage.setTokens(options.tokens);
  let baseUrl = options.baseUrl?.replace(/\/+$/, '');
  let fetchImpl = options.fetch;
  let internal: { transport: Transport; redirects: RedirectsModule; identity: IdentityModule } | undefined;
  /** The state of a sign-in that waits for its emailed code. */
  let pending: LoginResult = { loginState: 'INITIAL' };
  /** One renewal at a time: concurrent calls wait for the same tokens. */
  let renewing: Promise<Tokens> | undefined;

  const getTokens = (): Tokens => storage.getTokens();
  const setTokens = (tokens: Tokens): void => storage.setTokens(tokens);
  const isExpired = (token: AccessToken): boolean => token.expiresAt < nowInSeconds(clock);
  const accessToken = (answer: TokenAnswer): AccessToken => ({
    value: answer.access_token,
    expiresAt: nowInSeconds(clock) + Number(answer.expires_in),
  });

  function server(): NonNullable<typeof internal> {
    if (!baseUrl) throw new TypeError('OAuthStrategy needs a baseUrl: pass it here or to createClient');
    if (!internal) {
      const transport = createTransport({ baseUrl, auth: { getAuthHeaders }, fetch: fetchImpl });
      internal = { transport, redirects: redirects(transport), identity: identity(transport) };
    }
    return internal;
  }

  const tokenCall = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    requestTokens<TokenAnswer>({ baseUrl: server().transport.baseUrl, fetch: fetchImpl, body, headers });

  /** Renews the access token with the refresh token; the refresh token (and its role) stay as they were. */
  async function renewToken(refreshToken: RefreshToken): Promise<Tokens> {
    const answer = await tokenCall({
      clientId: options.clientId,
      refreshToken: refreshToken.value,
      grantType: 'refresh_token',
    });
    return { accessToken: accessToken(answer), refreshToken };
  }

  /**
   * Valid tokens: the ones given while their access token lasts, else renewed with their refresh token, else
   * (no refresh token, or its renewal failed) fresh anonymous visitor tokens.
   */
  async function generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens> {
    if (tokens?.accessToken?.value && tokens.refreshToken?.value && !isExpired(tokens.accessToken)) {
      return tokens as Tokens;
    }
    if (tokens?.refreshToken?.value) {
      try {
        return await renewToken(tokens.refreshToken);
      } catch {
        // The refresh token is gone (revoked, another client, expired): continue as a new visitor.
      }
    }
    const answer = await tokenCall({ clientId: options.clientId, grantType: 'anonymous' });
    return { accessToken: accessToken(answer), refreshToken: { value: answer.refresh_token ?? '', role: 'visitor' } };
  }

  async function getAuthHeaders(): Promise<{ headers: Record<string, string> }> {
    let tokens = getTokens();
    if (!tokens.accessToken.value || isExpired(tokens.accessToken)) {
      renewing ??= generateVisitorTokens({ refreshToken: tokens.refreshToken })
        .then((fresh) => {
          setTokens(fresh);
          return fresh;
        })
        .finally(() => {
          renewing = undefined;
        });
      tokens = await renewing;
    }
    return { headers: { Authorization: tokens.accessToken.value } };
  }

  async function generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
    const codeVerifier = generateCodeVerifier();
    return {
      redirectUri,
      originalUri: originalUri ?? '',
      codeVerifier,
      codeChallenge: await codeChallengeOf(codeVerifier),
      state: generateState(),
    };
  }

  /** The hosted sign-in page for `oauthData` (a redirect session with the PKCE challenge). */
  async function getAuthUrl(oauthData: OAuthData, opts: AuthUrlOptions = {}) {
    const { redirectSession } = await server().redirects.createRedirectSession({
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
          ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}),
        },
        prompt: opts.prompt ?? 'login',
      },
    });
    return {
      authUrl: redirectSession.fullUrl,
      authorizationEndpoint: redirectSession.urlDetails.endpoint,
      sessionToken: redirectSession.sessionToken,
    };
  }

  /** code, state, error and error_description from the query (`query`) or the fragment (`fragment`, default). */
  function parseFromUrl(url?: string, responseMode: 'query' | 'fragment' = 'fragment'): ParsedCallback {
    const href = url ?? (options.window ?? globalThis.window)?.location.href;
    if (!href) throw new MerxClientError('NOT_IN_BROWSER', 'parseFromUrl needs a URL outside a browser');
    const parsed = new URL(href);
    const params = responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1));
    const error = params.get('error');
    return {
      code: params.get('code'),
      state: params.get('state'),
      ...(error ? { error, errorDescription: params.get('error_description') ?? '' } : {}),
    };
  }

  /** Exchanges the returned code for member tokens after checking the state (no request when it is wrong). */
  async function getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: Pick<OAuthData, 'state' | 'codeVerifier'> & { redirectUri?: string },
  ): Promise<Tokens> {
    if (!code || !state) throw new MerxClientError('MISSING_CODE_OR_STATE', 'Missing code or _state');
    if (state !== oauthData.state) throw new MerxClientError('INVALID_STATE', 'Invalid _state');
    try {
      const answer = await tokenCall({
        clientId: options.clientId,
        grantType: 'authorization_code',
        ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
        code,
        codeVerifier: oauthData.codeVerifier,
      });
      return { accessToken: accessToken(answer), refreshToken: { value: answer.refresh_token ?? '', role: 'member' } };
    } catch (error) {
      if (!(error instanceof MerxOAuthError)) throw error;
      throw new MerxOAuthError(
        `Failed to get member tokens: ${error.errorDescription ?? error.message}`,
        { error: error.error, errorDescription: error.errorDescription },
        { status: error.status, requestId: error.requestId, cause: error },
      );
    }
  }

  /**
   * Member tokens for a session token (from login or register) without leaving the page: a hidden frame opens
   * the hosted page with prompt=none and response mode web_message, and its message carries the code.
   */
  async function getMemberTokensForDirectLogin(
    sessionToken: string,
    opts: { redirectUri?: string; timeoutMs?: number } = {},
  ): Promise<Tokens> {
    const win = options.window ?? globalThis.window;
    if (!win?.document) throw new MerxClientError('NOT_IN_BROWSER', 'Direct login needs a browser window');
    const oauthData = await generateOAuthData(opts.redirectUri ?? `${win.location.origin}/`);
    const { authUrl } = await getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
    const message = waitForWebMessage(
      win,
      { state: oauthData.state, origin: new URL(authUrl).origin },
      opts.timeoutMs ?? DIRECT_LOGIN_TIMEOUT_MS,
    );
    const frame = loadHiddenFrame(win.document, authUrl);
    try {
      const result = await message;
      if (result.error) {
        throw new MerxClientError(
          'MEMBER_TOKENS_FAILED',
          `Failed to get member tokens: ${result.error}${result.error_description ? ` (${result.error_description})` : ''}`,
        );
      }
      return await getMemberTokens(result.code, result.state, oauthData);
    } finally {
      frame.remove();
    }
  }

  /** Keeps the emailed-code state; maps the server's sign-in state to the client's login state. */
  function handleState(response: StateResponse): LoginResult {
    const result = loginStateOf(response);
    if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') pending = result;
    return result;
  }

  async function register(params: {
    email: string;
    password: string;
    profile?: Parameters<IdentityModule['registerV2']>[1]['profile'];
    captchaTokens?: { recaptchaToken?: string; invisibleRecaptchaToken?: string };
  }): Promise<LoginResult> {
    try {
      return handleState(
        await server().identity.registerV2(
          { email: params.email },
          {
            password: params.password,
            ...(params.profile ? { profile: params.profile } : {}),
            ...captcha(params.captchaTokens),
          },
        ),
      );
    } catch (error) {
      return registerFailure(error);
    }
  }

  async function login(params: {
    email: string;
    password: string;
    captchaTokens?: { recaptchaToken?: string; invisibleRecaptchaToken?: string };
  }): Promise<LoginResult> {
    try {
      return handleState(
        await server().identity.loginV2(
          { email: params.email },
          { password: params.password, ...captcha(params.captchaTokens) },
        ),
      );
    } catch (error) {
      return loginFailure(error);
    }
  }

  /** The emailed code, only from EMAIL_VERIFICATION_REQUIRED (otherwise "Unknown _state"); server errors throw. */
  async function processVerification(
    inputs: { verificationCode?: string; code?: string },
    state?: LoginResult,
  ): Promise<LoginResult> {
    const current = state ?? pending;
    if (current.loginState !== 'EMAIL_VERIFICATION_REQUIRED') {
      return { loginState: 'FAILURE', error: 'Unknown _state' };
    }
    const code = inputs.verificationCode ?? inputs.code ?? '';
    return handleState(
      await server().identity.verifyDuringAuthentication(code, { stateToken: current.data.stateToken }),
    );
  }

  async function sendPasswordResetEmail(email: string, redirectUri: string): Promise<void> {
    await server().identity.sendRecoveryEmail(email, { redirect: { url: redirectUri, clientId: options.clientId } });
  }

  /** Ends the member's sign-in on the server and clears both tokens; open `logoutUrl` to finish on the hosted page. */
  async function logout(originalUrl: string): Promise<{ logoutUrl: string }> {
    try {
      const { redirectSession } = await server().redirects.createRedirectSession({
        logout: { clientId: options.clientId },
        callbacks: { postFlowUrl: originalUrl },
      });
      return { logoutUrl: redirectSession.fullUrl };
    } finally {
      setTokens(EMPTY_TOKENS);
    }
  }

  /** Elevated: member tokens for a member id, with an API key (a back end acting for its member). */
  async function getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
    const { headers } = await getAuthHeaders();
    const answer = await tokenCall(
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
      { Authorization: `${headers.Authorization},${apiKey}` },
    );
    return { accessToken: accessToken(answer), refreshToken: { value: answer.refresh_token ?? '', role: 'member' } };
  }

  return {
    elevated: false as const,
    getAuthHeaders,
    connect(connection: { baseUrl: string; fetch?: typeof fetch | undefined }): void {
      baseUrl ??= connection.baseUrl.replace(/\/+$/, '');
      fetchImpl ??= connection.fetch;
    },
    generateVisitorTokens,
    renewToken,
    getTokens,
    setTokens,
    /** True only with a member refresh token. */
    loggedIn: (): boolean => getTokens().refreshToken.role === 'member',
    generateOAuthData,
    getAuthUrl,
    parseFromUrl,
    getMemberTokens,
    getMemberTokensForDirectLogin,
    getMemberTokensForExternalLogin,
    register,
    login,
    processVerification,
    sendPasswordResetEmail,
    logout,
  } satisfies AuthStrategy & Record<string, unknown>;
}

export type OAuthStrategyInstance = ReturnType<typeof OAuthStrategy>;

function captcha(tokens: { recaptchaToken?: string; invisibleRecaptchaToken?: string } | undefined) {
  if (!tokens) return {};
  return {
    captchaTokens: [
      {
        ...(tokens.recaptchaToken ? { Recaptcha: tokens.recaptchaToken } : {}),
        ...(tokens.invisibleRecaptchaToken ? { InvisibleRecaptcha: tokens.invisibleRecaptchaToken } : {}),
      },
    ],
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { MerxClientError } from '../errors.js';
import { fakeClock, type SentRequest, scriptedFetch } from '../test-helpers.js';
import { OAuthStrategy } from './oauth.js';
import { memoryStorage } from './storage.js';
import type { Tokens } from './types.js';

const BASE = 'http://merx.test';
let minted = 0;
/** A token endpoint: anonymous grants mint new visitors; refresh grants renew unless the token is `revoked`. */
function tokenServer(req: SentRequest) {
  const body = req.body as Record<string, string>;
  if (body.grantType === 'refresh_token' && body.refreshToken === 'revoked') {
    return { status: 400, statusText: 'Bad Request', body: { error: 'invalid_grant', error_description: 'gone' } };
  }
  if (body.grantType === 'refresh_token') return { body: { access_token: `renewed-${++minted}`, expires_in: 3600 } };
  return { body: { access_token: `visitor-${++minted}`, expires_in: 3600, refresh_token: `refresh-${minted}` } };
}

function strategy(tokens?: Tokens) {
  const clock = fakeClock();
  const http = scriptedFetch(tokenServer);
  const auth = OAuthStrategy({
    clientId: 'shop',
    baseUrl: BASE,
    fetch: http.fetch,
    clock,
    ...(tokens ? { tokens } : {}),
  });
  return { auth, clock, sent: http.sent };
}

describe('visitor tokens and renewal', () => {
  it('mints visitor tokens on the first call and sends the raw token', async () => {
    const { auth, sent, clock } = strategy();
    const { headers } = await auth.getAuthHeaders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: `${BASE}/oauth2/token`, body: { clientId: 'shop', grantType: 'anonymous' } });
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(headers.Authorization).toMatch(/^visitor-/);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.getTokens().accessToken.expiresAt).toBe(Math.floor(clock.now() / 1000) + 3600);
    expect(auth.loggedIn()).toBe(false);
  });

  it('renews the access token only once it is expired, compared in seconds, and keeps the refresh token', async () => {
    const { auth, sent, clock } = strategy();
    await auth.getAuthHeaders();
    const first = auth.getTokens();
    clock.advanceSeconds(3600); // expiresAt == now: not yet expired
    await auth.getAuthHeaders();
    expect(sent).toHaveLength(1);
    clock.advanceSeconds(1); // expiresAt < now
    const { headers } = await auth.getAuthHeaders();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({
      clientId: 'shop',
      refreshToken: first.refreshToken.value,
      grantType: 'refresh_token',
    });
    expect(headers.Authorization).toMatch(/^renewed-/);
    expect(auth.getTokens().refreshToken).toEqual(first.refreshToken);
  });

  it('renews an empty access token with the refresh token it has', async () => {
    const { auth, sent } = strategy({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: 'member-refresh', role: 'member' },
    });
    await auth.getAuthHeaders();
    expect(sent[0]?.body).toMatchObject({ grantType: 'refresh_token', refreshToken: 'member-refresh' });
    expect(auth.loggedIn()).toBe(true);
  });

  it('falls back to fresh visitor tokens when the refresh fails', async () => {
    const { auth, sent } = strategy({
      accessToken: { value: 'old', expiresAt: 1 },
      refreshToken: { value: 'revoked', role: 'member' },
    });
    const { headers } = await auth.getAuthHeaders();
    expect(sent.map((r) => (r.body as { grantType: string }).grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(headers.Authorization).toMatch(/^visitor-/);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });

  it('renews once for concurrent calls', async () => {
    const { auth, sent } = strategy();
    await Promise.all([auth.getAuthHeaders(), auth.getAuthHeaders(), auth.getAuthHeaders()]);
    expect(sent).toHaveLength(1);
  });

  it('returns valid tokens unchanged from generateVisitorTokens', async () => {
    const { auth, sent, clock } = strategy();
    const tokens: Tokens = {
      accessToken: { value: 'a', expiresAt: Math.floor(clock.now() / 1000) + 10 },
      refreshToken: { value: 'r', role: 'visitor' },
    };
    expect(await auth.generateVisitorTokens(tokens)).toBe(tokens);
    expect(sent).toHaveLength(0);
  });
});

describe('the sign-in flow', () => {
  it('reads code, state, error and error_description from the fragment or the query', () => {
    const { auth } = strategy();
    expect(auth.parseFromUrl('https://shop.example/cb#code=C&state=S')).toEqual({ code: 'C', state: 'S' });
    expect(auth.parseFromUrl('https://shop.example/cb?code=C&state=S', 'query')).toEqual({ code: 'C', state: 'S' });
    expect(auth.parseFromUrl('https://shop.example/cb?code=C&state=S')).toEqual({ code: null, state: null });
    expect(
      auth.parseFromUrl('https://shop.example/cb?state=S&error=access_denied&error_description=No%20thanks', 'query'),
    ).toEqual({ code: null, state: 'S', error: 'access_denied', errorDescription: 'No thanks' });
    expect(auth.parseFromUrl('https://shop.example/cb#error=login_required&state=S')).toMatchObject({
      error: 'login_required',
      state: 'S',
    });
  });

  it('checks code and state before any request: "Missing code or _state", "Invalid _state"', async () => {
    const { auth, sent } = strategy();
    const data = await auth.generateOAuthData('https://shop.example/cb');
    await expect(auth.getMemberTokens(null, data.state, data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('C', '', data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('C', 'other', data)).rejects.toThrow('Invalid _state');
    await expect(auth.getMemberTokens('C', 'other', data)).rejects.toBeInstanceOf(MerxClientError);
    expect(sent).toHaveLength(0);
  });

  it('exchanges the code with the verifier and marks the refresh token as a member’s', async () => {
    const { auth, sent } = strategy();
    const data = await auth.generateOAuthData('https://shop.example/cb');
    expect(data.codeVerifier).toHaveLength(43);
    const tokens = await auth.getMemberTokens('C', data.state, data);
    expect(sent[0]?.body).toEqual({
      clientId: 'shop',
      grantType: 'authorization_code',
      redirectUri: 'https://shop.example/cb',
      code: 'C',
      codeVerifier: data.codeVerifier,
    });
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('says "Failed to get member tokens" when the exchange is refused', async () => {
    const clock = fakeClock();
    const http = scriptedFetch({
      status: 400,
      statusText: 'Bad Request',
      body: { error: 'invalid_grant', error_description: 'used' },
    });
    const auth = OAuthStrategy({ clientId: 'shop', baseUrl: BASE, fetch: http.fetch, clock });
    const data = await auth.generateOAuthData('https://shop.example/cb');
    await expect(auth.getMemberTokens('C', data.state, data)).rejects.toMatchObject({
      message: 'Failed to get member tokens: used',
      error: 'invalid_grant',
      status: 400,
    });
  });
});

describe('login, register and verification states', () => {
  const answers = (body: unknown, status = 200) => scriptedFetch(tokenServer, { status, body });
  const make = (http: ReturnType<typeof scriptedFetch>) =>
    OAuthStrategy({ clientId: 'shop', baseUrl: BASE, fetch: http.fetch, clock: fakeClock() });
  const appError = (code: string) => ({
    message: 'refused',
    details: { applicationError: { code, description: 'refused', data: {} } },
  });

  it('maps the server states to the client login states', async () => {
    expect(
      await make(answers({ state: 'SUCCESS', sessionToken: 'st' })).login({ email: 'a@b.c', password: 'p' }),
    ).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st' },
    });
    expect(
      await make(answers({ state: 'REQUIRE_OWNER_APPROVAL' })).register({ email: 'a@b.c', password: 'p' }),
    ).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(await make(answers({ state: 'STATUS_CHECK' })).login({ email: 'a@b.c', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['TOO_MANY_ATTEMPTS', 'invalidEmail'],
  ])('maps login error %s to %s', async (code, errorCode) => {
    const result = await make(answers(appError(code), 400)).login({ email: 'a@b.c', password: 'p' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode });
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
  ])('maps register error %s to %s', async (code, errorCode) => {
    const result = await make(answers(appError(code), 400)).register({ email: 'a@b.c', password: 'p' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode, error: 'refused' });
  });

  it('maps an EMAIL violation on register to invalidEmail with its description, other errors to the message only', async () => {
    const violation = {
      message: 'bad',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'loginId.email',
              description: 'must be a valid email address',
              violatedRule: 'FORMAT',
              data: { type: 'EMAIL' },
            },
          ],
        },
      },
    };
    expect(await make(answers(violation, 400)).register({ email: 'x', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid email address',
      errorCode: 'invalidEmail',
    });
    const other = await make(answers(appError('SOMETHING'), 400)).register({ email: 'a@b.c', password: 'p' });
    expect(other).toEqual({ loginState: 'FAILURE', error: 'refused' });
  });

  it('verifies the emailed code only from EMAIL_VERIFICATION_REQUIRED, otherwise "Unknown _state"', async () => {
    const http = scriptedFetch(
      tokenServer,
      { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt' } },
      { body: { state: 'SUCCESS', sessionToken: 'st' } },
    );
    const auth = make(http);
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(http.sent).toHaveLength(0);
    const pending = await auth.register({ email: 'a@b.c', password: 'p' });
    expect(pending).toEqual({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stt' } });
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st' },
    });
    expect(http.sent.at(-1)).toMatchObject({
      url: `${BASE}/_api/iam/verification/v1/auth/verify`,
      body: { code: '123456', stateToken: 'stt' },
    });
    expect(
      await auth.processVerification({ verificationCode: '1' }, { loginState: 'SUCCESS', data: { sessionToken: 'x' } }),
    ).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
  });

  it('clears both tokens on logout, even when the server call fails', async () => {
    const http = scriptedFetch({ status: 500, body: {} });
    const auth = make(http);
    auth.setTokens({ accessToken: { value: 'a', expiresAt: 2 ** 31 }, refreshToken: { value: 'r', role: 'member' } });
    await expect(auth.logout('https://shop.example/')).rejects.toThrow('System error occurred');
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('keeps tokens in the storage it is given', async () => {
    const storage = memoryStorage();
    const http = scriptedFetch(tokenServer);
    const auth = OAuthStrategy({ clientId: 'shop', baseUrl: BASE, fetch: http.fetch, storage });
    await auth.getAuthHeaders();
    expect(storage.getTokens().accessToken.value).toMatch(/^visitor-/);
  });
});

describe('direct login through a hidden frame', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets the real I/O of the scripted fetch run until the frame is there (timers may be fake). */
  async function untilFrame(frames: unknown[]): Promise<void> {
    const deadline = performance.now() + 5000;
    while (frames.length === 0 && performance.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(frames).toHaveLength(1);
  }

  /** Just enough of a browser window for the frame and its message. */
  function fakeWindow() {
    const target = new EventTarget();
    const frames: Array<{ src: string; removed: boolean }> = [];
    const win = {
      location: { origin: 'https://shop.example', href: 'https://shop.example/' },
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      document: {
        createElement: () => {
          const frame = {
            src: '',
            style: {} as Record<string, string>,
            removed: false,
            setAttribute() {},
            remove() {
              frame.removed = true;
            },
          };
          frames.push(frame);
          return frame;
        },
        body: { appendChild: <T>(el: T) => el },
      },
    };
    const post = (data: unknown, origin: string) =>
      target.dispatchEvent(Object.assign(new Event('message'), { data, origin }));
    return { win: win as unknown as Window, frames, post };
  }

  const redirectAnswer = {
    body: {
      redirectSession: {
        id: 'rs',
        fullUrl: 'https://merx.test/auth/authorize?s=1',
        urlDetails: { endpoint: 'https://merx.test/auth/authorize', searchParams: {} },
        sessionToken: 'st',
        shortId: 'x',
      },
    },
  };

  it('asks for prompt=none and web_message, and fails with "OAuth flow timed out" after 120000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { win, frames } = fakeWindow();
    const http = scriptedFetch(tokenServer, redirectAnswer);
    const auth = OAuthStrategy({ clientId: 'shop', baseUrl: BASE, fetch: http.fetch, window: win });
    const done = auth.getMemberTokensForDirectLogin('session-token').catch((e: unknown) => e);
    await untilFrame(frames);
    expect(http.sent[1]?.body).toMatchObject({
      auth: {
        authRequest: {
          responseMode: 'web_message',
          sessionToken: 'session-token',
          redirectUri: 'https://shop.example/',
        },
        prompt: 'none',
      },
    });
    expect(frames[0]?.src).toBe('https://merx.test/auth/authorize?s=1');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(frames[0]?.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await done;
    expect(error).toBeInstanceOf(MerxClientError);
    expect(error).toMatchObject({ code: 'OAUTH_TIMEOUT', message: 'OAuth flow timed out' });
    expect(frames[0]?.removed).toBe(true);
  });

  it('ignores messages from other origins or with another state, and fails on an error message', async () => {
    const { win, frames, post } = fakeWindow();
    const http = scriptedFetch(tokenServer, redirectAnswer);
    const auth = OAuthStrategy({ clientId: 'shop', baseUrl: BASE, fetch: http.fetch, window: win });
    const done = auth.getMemberTokensForDirectLogin('session-token').catch((e: unknown) => e);
    await untilFrame(frames);
    const sentBody = http.sent[1]?.body as { auth: { authRequest: { state: string } } };
    const state = sentBody.auth.authRequest.state;
    post({ state, code: 'C' }, 'https://evil.example');
    post({ state: 'other', code: 'C' }, 'https://merx.test');
    post({ state, error: 'login_required', error_description: 'No session' }, 'https://merx.test');
    expect(await done).toMatchObject({ message: 'Failed to get member tokens: login_required (No session)' });
    expect(frames[0]?.removed).toBe(true);
  });
});

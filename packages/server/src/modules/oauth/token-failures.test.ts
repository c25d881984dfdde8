import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';

/*
 * Every refusal of `POST /oauth2/token` reads as spec section 7 says ("something went wrong", with the reason), in
 * the OAuth form and the contract's envelope at once; the real SDK prints this body whole (tests/compat/captcha).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function token(payload: string, contentType = 'application/json') {
  const res = await server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json(), requestId: res.headers['x-wix-request-id'], res };
}

describe('the token endpoint’s failures', () => {
  it('reads "something went wrong: <why>" beside the OAuth error and the envelope', async () => {
    const answer = await token(JSON.stringify({ grantType: 'refresh_token', refreshToken: 'nope' }));
    expect(answer.status).toBe(400);
    expect(answer.res.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      message: 'something went wrong: The refresh token is not valid',
      error: 'invalid_grant',
      error_description: 'The refresh token is not valid',
      details: {
        applicationError: { code: 'invalid_grant', description: 'The refresh token is not valid', data: {} },
        requestId: answer.requestId,
      },
    });
    // `message` comes first: the real SDK prints the body as it came.
    expect(Object.keys(answer.body)[0]).toBe('message');
  });

  it('answers an unknown client with 401 in the same form', async () => {
    const answer = await token(JSON.stringify({ grantType: 'anonymous', clientId: 'no-such-client' }));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'invalid_client', message: 'something went wrong: Unknown client' });
  });

  it('answers a body it cannot read in the same form, keeping the validation error', async () => {
    const broken = await token('{"grantType":');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_request');
    expect(broken.body.message).toMatch(/^something went wrong: /);
    expect(broken.body.details.requestId).toBe(broken.requestId);
    const form = await token('grant_type=password', 'application/x-www-form-urlencoded');
    expect(form.body).toMatchObject({
      error: 'unsupported_grant_type',
      message: 'something went wrong: Unsupported grant type "password"',
    });
  });
});

import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { SsoService } from './sso.service.js';

const tag = 'Single sign-on';
const read = elevated('members:read');
const manage = elevated('members:manage');
const idParams = z.object({ id: z.string().min(1).max(200) });

const one = z.object({ identityProvider: c.identityProvider });
const createInput = z.object({ identityProvider: c.identityProviderInput });
const patchInput = z.object({ identityProvider: c.identityProviderPatch });

/** What `tokenParams` carry (docs/decisions/0038-member-sso.md). */
const tokenParams = z.object({
  /** The URL the provider redirected the browser to, with its `code`, `state` (and `iss`). */
  callbackUrl: z.string().min(1).max(4000),
  /** The PKCE verifier the client made for this authorization. */
  codeVerifier: z.string().min(43).max(128),
  /** The state the client sent; checked against the answer's. */
  state: z.string().max(500).optional(),
  /** The nonce the client sent; checked against the ID token's. */
  nonce: z.string().max(500).optional(),
});

/** Identity providers as merchant settings, and the token-params sign-in (spec: Authentication). */
export function ssoRoutes(s: { sso: SsoService }): AnyRoute[] {
  const { sso } = s;
  const loginWithTokenParams = (prefix: string) =>
    defineRoute({
      method: 'POST',
      url: `${prefix}/v1/sso/login-with-token-params`,
      summary:
        "Sign a member in with an identity provider's answer that the client received itself (code, PKCE verifier, state, nonce)",
      tag,
      access: publicAccess,
      input: z.object({ idpConnectionId: z.string().min(1).max(100), tokenParams }),
      response: c.stateResponse,
      handler: async ({ input, request }) => {
        const done = await sso.loginWithTokenParams(input.idpConnectionId, input.tokenParams, request.ip);
        return { state: 'SUCCESS', sessionToken: done.sessionToken, identity: done.identity };
      },
    });
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/identity-providers',
      summary: 'List the OpenID Connect identity providers members may sign in with (secrets are never read back)',
      tag,
      access: read,
      response: z.object({ identityProviders: z.array(c.identityProvider), callbackUrl: z.string() }),
      handler: async () => ({ identityProviders: await sso.list(), callbackUrl: sso.callbackUrl }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/identity-providers',
      summary:
        "Add an identity provider (its issuer's discovery document is read: an issuer that does not answer is refused)",
      tag,
      access: manage,
      input: createInput,
      response: one,
      handler: async ({ input }) => ({ identityProvider: await sso.create(input.identityProvider) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/identity-providers/:id',
      summary: 'One identity provider',
      tag,
      access: read,
      params: idParams,
      response: one,
      handler: async ({ params }) => ({ identityProvider: await sso.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/identity-providers/:id',
      summary: 'Change an identity provider (a changed issuer, client or secret is checked against the issuer again)',
      tag,
      access: manage,
      params: idParams,
      input: patchInput,
      response: one,
      handler: async ({ params, input }) => ({ identityProvider: await sso.update(params.id, input.identityProvider) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/identity-providers/:id',
      summary: 'Remove an identity provider (its members keep their accounts)',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await sso.remove(params.id);
        return {};
      },
    }),
    loginWithTokenParams('/_api/iam/authentication'),
    loginWithTokenParams('/iam/authentication'),
  ];
}

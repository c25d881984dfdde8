import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { toEnvelope } from '../../http/error-handler.js';
import { registerFormBody } from '../../http/json-body.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { captchaProviders } from '../identity/captcha.js';
import type { PublicCaptcha } from '../identity/captcha-gate.js';
import type { ClientService } from './clients.service.js';
import { OAuthError, type OAuthService } from './oauth.service.js';
import type { SigningKeys } from './signing-keys.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const manage = elevated('oauth-clients:manage');
const tag = 'OAuth';

const clientShape = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['storefront', 'backoffice', 'custom']),
  redirectUris: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  createdDate: z.string(),
  updatedDate: z.string(),
});
/**
 * The captcha a storefront shows when the store asks for one (absent otherwise): the provider, its widget script,
 * and the two public site keys of spec section 9 under the names the real SDK's OAuth strategy gives them
 * (`captchaInvisibleSiteKey`, `captchaVisibleSiteKey`; "" when not set).
 */
const publicCaptchaShape = {
  captchaProvider: z.enum(captchaProviders).optional(),
  captchaScriptUrl: z.string().optional(),
  captchaInvisibleSiteKey: z.string().optional(),
  captchaVisibleSiteKey: z.string().optional(),
};
const clientInput = z.object({
  name: z.string().min(1).max(200),
  redirectUris: z.array(z.string().max(2000)).max(50).optional(),
  allowedOrigins: z.array(z.string().max(500)).max(50).optional(),
});

/** Spec section 7 ("Token"): what any refusal of the token endpoint reads as. */
export const TOKEN_FAILURE = 'something went wrong';

/**
 * A refusal of the token endpoint in one body for every reader: the OAuth form (`error`, `error_description`),
 * the contract's envelope, and a `message` that reads as the spec says ("something went wrong: <why>"). The real
 * @wix/sdk prints `Failed to fetch tokens from OAuth API: <status text>. request id: <id>. Response: <this body>`
 * (WIRE.md 1.3), so its one message carries both; `message` comes first for that reason.
 */
export function tokenFailureBody(
  error: string,
  description: string,
  requestId: string,
  details: Record<string, unknown> = { applicationError: { code: error, description, data: {} } },
) {
  return {
    message: `${TOKEN_FAILURE}: ${description}`,
    error,
    error_description: description,
    details: { ...details, requestId },
  };
}

/**
 * `POST /oauth2/token` (WIRE.md 2): JSON as the contract's clients send it, or a form as standard OAuth clients
 * do. Failures (a refused grant, a malformed body, a fault of ours) all answer `tokenFailureBody`. Public: the
 * grant itself authenticates.
 */
export function registerTokenEndpoint(app: FastifyInstance, oauth: OAuthService): void {
  app.register(async (scope) => {
    registerFormBody(scope);
    // A body that cannot be read, or a fault of ours, answers in the token endpoint's form too.
    scope.setErrorHandler(async (error: unknown, request, reply) => {
      const { status, body } = toEnvelope(error, request.id);
      if (status >= 500) request.log.error({ err: error }, 'token request failed');
      // The envelope's details as the rest of the API sends them (a validation error stays one).
      const code = status >= 500 ? 'server_error' : 'invalid_request';
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .send(tokenFailureBody(code, body.message, request.id, body.details));
    });
    // Public: the grant itself authenticates (the external-login grant checks its API key).
    scope.post('/oauth2/token', { config: { access: publicAccess } }, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        return await oauth.token(request.body, request.headers.authorization, request.ip);
      } catch (error) {
        if (error instanceof OAuthError) {
          return reply.status(error.status).send(tokenFailureBody(error.error, error.message, request.id));
        }
        throw error;
      }
    });
  });
}

/** OAuth clients (staff), the public signing keys, and what a storefront needs to start. */
export function oauthRoutes(s: {
  clients: ClientService;
  signingKeys: SigningKeys;
  settings: { store(): Promise<{ name: string }> };
  identity: { captcha: { publicCaptcha(): Promise<PublicCaptcha | undefined> } };
}): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/.well-known/jwks.json',
      summary: 'Public keys that verify access tokens',
      tag,
      access: publicAccess,
      response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
      handler: () => s.signingKeys.jwks(),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/public-config',
      summary:
        'What a storefront or back office needs to start: the store name, the default client ids, and the captcha to show when the store asks for one',
      tag,
      access: publicAccess,
      response: z.object({
        storeName: z.string(),
        storefrontClientId: z.string().optional(),
        backofficeClientId: z.string().optional(),
        ...publicCaptchaShape,
      }),
      handler: async () => {
        const storefront = await s.clients.firstOfKind('storefront');
        const backoffice = await s.clients.firstOfKind('backoffice');
        const captcha = await s.identity.captcha.publicCaptcha();
        return {
          storeName: (await s.settings.store()).name,
          ...(storefront ? { storefrontClientId: storefront.id } : {}),
          ...(backoffice ? { backofficeClientId: backoffice.id } : {}),
          ...(captcha
            ? {
                captchaProvider: captcha.provider,
                captchaScriptUrl: captcha.widget.scriptUrl,
                captchaInvisibleSiteKey: captcha.invisibleSiteKey,
                captchaVisibleSiteKey: captcha.visibleSiteKey,
              }
            : {}),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/oauth-clients',
      summary: 'List OAuth clients',
      tag,
      access: manage,
      response: z.object({ clients: z.array(clientShape) }),
      handler: async () => ({ clients: await s.clients.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/oauth-clients',
      summary: 'Register an OAuth client with its exact redirect URIs and allowed origins',
      tag,
      access: manage,
      input: z.object({ client: clientInput }),
      response: z.object({ client: clientShape }),
      handler: async ({ input }) => ({ client: await s.clients.create({ ...input.client, kind: 'custom' }) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/oauth-clients/:id',
      summary: 'Get an OAuth client',
      tag,
      access: manage,
      params: idParams,
      response: z.object({ client: clientShape }),
      handler: async ({ params }) => ({ client: await s.clients.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/oauth-clients/:id',
      summary: 'Update an OAuth client',
      tag,
      access: manage,
      params: idParams,
      input: z.object({ client: clientInput.partial() }),
      response: z.object({ client: clientShape }),
      handler: async ({ params, input }) => ({ client: await s.clients.update(params.id, input.client) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/oauth-clients/:id',
      summary: 'Delete an OAuth client (its refresh tokens are revoked)',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await s.clients.delete(params.id);
        return {};
      },
    }),
  ];
}

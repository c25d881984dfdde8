import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { registerFormBody } from '../../http/json-body.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
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
const clientInput = z.object({
  name: z.string().min(1).max(200),
  redirectUris: z.array(z.string().max(2000)).max(50).optional(),
  allowedOrigins: z.array(z.string().max(500)).max(50).optional(),
});

/**
 * `POST /oauth2/token` (WIRE.md 2): JSON as the contract's clients send it, or a form as standard OAuth clients
 * do. Failures are in the OAuth form `{ error, error_description }` with the contract's envelope beside it. Public:
 * the grant itself authenticates.
 */
export function registerTokenEndpoint(app: FastifyInstance, oauth: OAuthService): void {
  app.register(async (scope) => {
    registerFormBody(scope);
    // Public: the grant itself authenticates (the external-login grant checks its API key).
    scope.post('/oauth2/token', { config: { access: publicAccess } }, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        return await oauth.token(request.body, request.headers.authorization, request.ip);
      } catch (error) {
        if (error instanceof OAuthError) {
          // The OAuth form, and the contract's envelope beside it (RFC 6749 lets an error carry more fields).
          return reply.status(error.status).send({
            error: error.error,
            error_description: error.message,
            message: error.message,
            details: { applicationError: { code: error.error, description: error.message, data: {} } },
          });
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
      summary: 'What a storefront or back office needs to start: the store name and the default client ids',
      tag,
      access: publicAccess,
      response: z.object({
        storeName: z.string(),
        storefrontClientId: z.string().optional(),
        backofficeClientId: z.string().optional(),
      }),
      handler: async () => {
        const storefront = await s.clients.firstOfKind('storefront');
        const backoffice = await s.clients.firstOfKind('backoffice');
        return {
          storeName: (await s.settings.store()).name,
          ...(storefront ? { storefrontClientId: storefront.id } : {}),
          ...(backoffice ? { backofficeClientId: backoffice.id } : {}),
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

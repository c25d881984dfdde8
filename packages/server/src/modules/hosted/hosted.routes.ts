import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { publicAccess } from '../../http/auth.js';
import { registerFormBody } from '../../http/json-body.js';
import { registerAccountPages } from './account.pages.js';
import { messageView } from './account.views.js';
import { registerAssets } from './assets.js';
import { formField, type HostedContext, type HostedServices, PageError } from './context.js';
import { CSRF_FIELD, createCsrf } from './csrf.js';
import { createRenderer } from './layout.js';
import { baseHeaders } from './security.js';
import { registerSessionPages } from './session.pages.js';
import { registerTrustPages } from './trust.pages.js';

export type { HostedServices } from './context.js';

const PREFIX = '/auth';

/**
 * The hosted member pages under `/auth/`: server-rendered HTML forms (CSRF-protected, strict CSP) that React only
 * enhances. `session/:id` (+ `/sign-up`, `/verify`, `/resend`, `/factor`, `/cancel`) runs a redirect session's
 * sign-in, sign-out or `prompt=none`; `forgot-password`, `reset-password`, `accept-invitation`, `sign-in`,
 * `signed-in`, `signed-out`, `error` and `assets/*` are the rest.
 */
export async function registerHostedPages(
  app: FastifyInstance,
  services: HostedServices,
  config: Config,
): Promise<void> {
  const secureCookies = config.publicUrl.startsWith('https:');
  const csrf = createCsrf(await services.settings.secret('csrf'), secureCookies);

  await app.register(
    async (scope) => {
      registerFormBody(scope);
      // Every hosted page is public by declaration (anyone may open a sign-in page); posts are guarded by CSRF.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object | undefined), access: publicAccess } as typeof route.config;
      });
      scope.addHook('onRequest', async (_request, reply) => {
        baseHeaders(reply);
      });
      const assets = registerAssets(scope, PREFIX);
      const pages = createRenderer({
        brand: async () => {
          const store = await services.settings.store();
          return { name: store.name, logoUrl: store.logoUrl };
        },
        assets,
      });
      const ctx: HostedContext = {
        services,
        db: services.tokens.db,
        config,
        csrf,
        pages,
        secureCookies,
        publicBase: config.publicUrl.replace(/\/+$/, ''),
      };

      // Every form post must carry this browser's CSRF token; without it nothing is read or changed.
      scope.addHook('preHandler', async (request) => {
        if (request.method !== 'POST') return;
        if (!csrf.verify(request, formField(request.body, CSRF_FIELD, 200))) {
          throw new PageError(
            403,
            'This form has expired',
            'For your security, the form could not be sent. Go back, reload the page and try again (cookies must be allowed).',
          );
        }
      });

      scope.setErrorHandler(async (error: unknown, request, reply) => {
        if (error instanceof PageError) {
          return pages.send(reply, {
            ...messageView({ title: error.title, message: error.message, links: error.links }),
            status: error.status,
          });
        }
        const status = (error as Partial<FastifyError>).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          const view = messageView({ title: 'This request could not be handled', message: 'Go back and try again.' });
          return pages.send(reply, { ...view, status });
        }
        request.log.error({ err: error }, 'hosted page failed');
        const view = messageView({
          title: 'Something went wrong',
          message: 'We couldn’t finish this step. Please go back and try again in a moment.',
          requestId: request.id,
        });
        return pages.send(reply, { ...view, status: 500 });
      });

      scope.setNotFoundHandler(async (_request, reply) =>
        pages.send(reply, {
          ...messageView({
            title: 'Page not found',
            message: 'This page doesn’t exist. Check the link, or go back to the store.',
          }),
          status: 404,
        }),
      );

      registerSessionPages(scope, ctx);
      registerAccountPages(scope, ctx);
      registerTrustPages(scope, ctx);
    },
    { prefix: PREFIX },
  );
}

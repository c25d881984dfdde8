import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import { appDistDir, appFiles } from '../storefront/app-files.js';

/** What the back office needs before its first call, written into its page. */
export interface BackofficeBoot {
  storeName: string;
  currency: string;
  locale: string;
  logoUrl?: string | undefined;
  backofficeClientId?: string | undefined;
}

const PREFIX = '/admin';

/**
 * Serves the built back office (apps/backoffice) at `/admin/`: its hashed files under `/admin/assets/`, and its page
 * for `/admin` and every path below it, so that deep links work on reload (the app's router shows its own not-found
 * page). The page itself is public; everything it shows comes from API calls with the staff member's token. Without
 * a build nothing is registered and `/admin/` keeps the JSON 404.
 */
export function registerBackoffice(
  app: FastifyInstance,
  deps: { boot: () => Promise<BackofficeBoot>; dist?: string | undefined },
): void {
  const dist = deps.dist ?? appDistDir('backoffice');
  if (!dist || !existsSync(join(dist, 'index.html'))) return;
  const files = appFiles(dist);
  const config = { access: publicAccess } as FastifyContextConfig;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const boot = await deps.boot();
    // The page must never be framed (clickjacking of staff actions).
    reply.header('x-frame-options', 'DENY').header('content-security-policy', "frame-ancestors 'none'");
    return files.sendPage(request, reply, { boot, title: `Back office · ${boot.storeName}` });
  };
  app.get(`${PREFIX}/assets/*`, { config }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    return files.sendAsset(request, reply, name) || reply.callNotFound();
  });
  app.get(PREFIX, { config }, sendPage);
  app.get(`${PREFIX}/*`, { config }, sendPage);
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { MemberSettingsService } from '../identity/member-settings.js';
import type { Sessions } from '../identity/sessions.js';
import type { ClientService } from '../oauth/clients.service.js';
import type { OAuthService } from '../oauth/oauth.service.js';
import type { RedirectService } from '../redirects/redirects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StaffService } from '../staff/staff.service.js';

/** What the hosted member pages use. */
export interface HostedServices {
  identity: IdentityService;
  oauth: OAuthService;
  redirects: RedirectService;
  clients: ClientService;
  sessions: Sessions;
  staff: StaffService;
  settings: SettingsService;
  memberSettings: MemberSettingsService;
}

/** The hosted member pages under `/auth/` (sign-in, sign-up, verification, recovery, sign-out, errors). */
export async function registerHostedPages(
  _app: FastifyInstance,
  _services: HostedServices,
  _config: Config,
): Promise<void> {
  // Built in this module: see the pages listed above.
}

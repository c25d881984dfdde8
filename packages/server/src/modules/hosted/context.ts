import type { Database } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { MemberSettingsService } from '../identity/member-settings.js';
import type { Sessions } from '../identity/sessions.js';
import type { SignInGuard } from '../identity/sign-in-guard.js';
import type { ClientService } from '../oauth/clients.service.js';
import type { OAuthService } from '../oauth/oauth.service.js';
import type { TokenService } from '../oauth/tokens.service.js';
import type { RedirectService } from '../redirects/redirects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StaffService } from '../staff/staff.service.js';
import type { Csrf } from './csrf.js';
import type { Renderer } from './layout.js';

/** What the hosted member pages use. */
export interface HostedServices {
  identity: IdentityService;
  oauth: OAuthService;
  redirects: RedirectService;
  clients: ClientService;
  sessions: Sessions;
  signInGuard: SignInGuard;
  staff: StaffService;
  settings: SettingsService;
  memberSettings: MemberSettingsService;
  /** Used only for its database handle: sign-in steps that must commit together run in one transaction. */
  tokens: TokenService;
}

/** Everything a hosted page handler needs, made once when the pages are registered. */
export interface HostedContext {
  services: HostedServices;
  db: Kysely<Database>;
  config: Config;
  csrf: Csrf;
  pages: Renderer;
  /** Cookies are Secure when the store's public URL is https. */
  secureCookies: boolean;
  /** The public URL without a trailing slash (recovery links point back here). */
  publicBase: string;
}

/** A refusal shown as the error page with this status (unknown link, expired link, failed CSRF check). */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly links: ReadonlyArray<{ href: string; label: string; primary?: boolean }> = [],
  ) {
    super(message);
    this.name = 'PageError';
  }
}

/** A string field of a posted form (or JSON body); anything else counts as absent. */
export function formField(body: unknown, name: string, max = 1000): string {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

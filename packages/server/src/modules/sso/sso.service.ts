import { randomBytes } from 'node:crypto';
import type * as c from '@merx/contract';
import type { Identity } from '@merx/contract';
import { type Database, type Executor, type IdentityProvidersTable, withTransaction } from '@merx/db';
import { AppError, invalid, notFound, ValidationError } from '@merx/domain';
import type { Kysely, Selectable } from 'kysely';
import type * as oidc from 'openid-client';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type AddressPolicy, guardedLookup, RefusedAddress, refusedLiteral } from '../../lib/net-guard.js';
import { safeEqual, sha256 } from '../../lib/secrets.js';
import type { AuditContext, AuditLog } from '../audit/audit.service.js';
import { normaliseEmail } from '../identity/identity.repo.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { MemberSettingsService } from '../identity/member-settings.js';
import type { Sessions } from '../identity/sessions.js';

/** How long a sign-in started at a provider may take before its state is refused. */
export const SSO_STATE_TTL = 600;
/** How long the provider's discovery document is kept before it is read again. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** An identity provider that does not answer within this is "down". */
const PROVIDER_TIMEOUT_S = 5;

/** Refusal codes of single sign-on (`applicationError.code`, and the hosted error page's reason). */
export const ssoErrorCodes = {
  providerNotFound: 'IDENTITY_PROVIDER_NOT_FOUND',
  providerDisabled: 'IDENTITY_PROVIDER_DISABLED',
  providerUnavailable: 'IDENTITY_PROVIDER_UNAVAILABLE',
  stateInvalid: 'SSO_STATE_INVALID',
  tokenInvalid: 'SSO_TOKEN_INVALID',
  providerError: 'SSO_PROVIDER_ERROR',
  emailMissing: 'SSO_EMAIL_MISSING',
  emailNotVerified: 'SSO_EMAIL_NOT_VERIFIED',
  memberBlocked: 'SSO_MEMBER_BLOCKED',
  approvalRequired: 'SSO_APPROVAL_REQUIRED',
} as const;

/** An identity provider as staff read it: the client secret is write-only. */
export type IdentityProviderView = c.IdentityProvider;
/** What staff send; a null or "" secret is removed (a public client). */
export type IdentityProviderInput = c.IdentityProviderInput;

/** The end of a successful single sign-on: a login session token, as after a password sign-in. */
export interface SsoSignIn {
  sessionToken: string;
  identity: Identity;
  created: boolean;
  /** The redirect session the sign-in belongs to (hosted flow), when it was started from one. */
  sessionId: string | null;
}

type ProviderRow = Selectable<IdentityProvidersTable>;
type Sealer = { seal(plain: string): string; open(sealed: string): string };

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/*
 * `openid-client` (with `jose` and `oauth4webapi`, ~0.7 MB of heap) serves only stores with an identity provider:
 * it is loaded on first use, by the first discovery document read.
 */
let loaded: typeof oidc | undefined;

async function openidClient(): Promise<typeof oidc> {
  loaded ??= await import('openid-client');
  return loaded;
}

/** `fetch` that connects only to addresses `policy` allows (checked as the socket looks the name up), per policy. */
const guardedFetches = new Map<string, Promise<typeof fetch>>();

function guardedFetch(policy: AddressPolicy): Promise<typeof fetch> {
  const key = JSON.stringify(policy);
  let made = guardedFetches.get(key);
  if (!made) {
    made = import('undici').then(({ Agent, fetch: undiciFetch }) => {
      const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
      return ((input: never, init?: object) => undiciFetch(input, { ...init, dispatcher })) as unknown as typeof fetch;
    });
    guardedFetches.set(key, made);
  }
  return made;
}

/** Whether `error` or one of its causes is a `kind`. */
function causedBy(error: unknown, kind: new (...args: never[]) => Error): boolean {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof kind) return true;
    e = (e as Error).cause;
  }
  return false;
}

/** Random, URL-safe, from node:crypto. */
const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const refusal = (code: string, description: string, kind: AppError['kind'] = 'PERMISSION_DENIED') =>
  new AppError(kind, code, description);

/**
 * Single sign-on for members over OpenID Connect (docs/decisions/0038-member-sso.md): the merchant's identity
 * providers, and the authorization code flow with PKCE, state and nonce through `openid-client`.
 */
export function createSsoService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  sealer: Sealer;
  identity: IdentityService;
  sessions: Sessions;
  audit: AuditLog;
  memberSettings: MemberSettingsService;
  publicUrl: string;
  /** MERX_FETCH_PRIVATE_HOSTS: an https issuer may be on a private network (never, unless set). */
  allowPrivateHosts?: boolean;
}) {
  const now = () => deps.clock.now().toISOString();
  const callbackUrl = `${deps.publicUrl.replace(/\/+$/, '')}/auth/v1/callback`;
  const discovered = new Map<string, { at: number; config: oidc.Configuration }>();

  function view(row: ProviderRow): IdentityProviderView {
    return {
      id: row.id,
      name: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecretSet: row.client_secret !== null,
      scopes: row.scopes.split(' ').filter(Boolean),
      enabled: row.enabled === 1,
      callbackUrl,
      createdDate: row.created_date,
      updatedDate: row.updated_date,
      revision: Number(row.revision),
    };
  }

  /** The issuer as a URL: https, or http on this machine only (a provider started by tests or a developer). */
  function issuerUrl(issuer: string): URL {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw invalid('identityProvider.issuer', 'must be the URL of an OpenID Connect issuer', 'FORMAT');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
      throw invalid('identityProvider.issuer', 'must be an https URL', 'FORMAT');
    }
    return url;
  }

  /**
   * Where the provider's requests may go: an http issuer is on this machine only; an https one on public addresses
   * (private ones too with MERX_FETCH_PRIVATE_HOSTS). Staff name the issuer and the issuer names its endpoints, so
   * neither may point the server at the store's own network.
   */
  const policyOf = (url: URL): AddressPolicy =>
    url.protocol === 'http:'
      ? { allowPrivate: false, allowLoopback: true, loopbackOnly: true }
      : { allowPrivate: deps.allowPrivateHosts === true, allowLoopback: false };

  /** Reads the issuer's discovery document (`openid-client` checks that it names the same issuer). */
  async function discover(issuer: string, clientId: string, clientSecret: string | null): Promise<oidc.Configuration> {
    const url = issuerUrl(issuer);
    const policy = policyOf(url);
    const refused = refusedLiteral(url.hostname, policy);
    if (refused) throw refused;
    const client = await openidClient();
    return client.discovery(url, clientId, clientSecret ?? undefined, clientSecret ? undefined : client.None(), {
      timeout: PROVIDER_TIMEOUT_S,
      [client.customFetch]: await guardedFetch(policy),
      ...(url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    });
  }

  async function configOf(row: ProviderRow): Promise<oidc.Configuration> {
    const key = `${row.id}:${row.revision}`;
    const hit = discovered.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    let config: oidc.Configuration;
    try {
      config = await discover(row.issuer, row.client_id, row.client_secret && deps.sealer.open(row.client_secret));
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      throw refusal(
        ssoErrorCodes.providerUnavailable,
        `${row.name} did not answer; try again in a moment`,
        'FAILED_PRECONDITION',
      );
    }
    for (const k of discovered.keys()) if (k.startsWith(`${row.id}:`)) discovered.delete(k);
    discovered.set(key, { at: Date.now(), config });
    return config;
  }

  async function row(ex: Executor, id: string): Promise<ProviderRow | undefined> {
    return ex.selectFrom('identity_providers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function usable(id: string): Promise<ProviderRow> {
    const found = /^[A-Za-z0-9-]{1,100}$/.test(id) ? await row(deps.db, id) : undefined;
    if (!found) {
      throw notFound(ssoErrorCodes.providerNotFound, 'This identity provider does not exist', {
        idpConnectionId: id,
      });
    }
    if (found.enabled !== 1) {
      throw refusal(ssoErrorCodes.providerDisabled, `Sign-in with ${found.name} is turned off`, 'FAILED_PRECONDITION');
    }
    return found;
  }

  /** Validates what staff send, then proves the issuer with its discovery document: a failure saves nothing. */
  async function checked(input: IdentityProviderInput, secret: string | null): Promise<void> {
    const name = input.name.trim();
    if (!name) throw invalid('identityProvider.name', 'must not be empty', 'MIN_LENGTH');
    if (!input.clientId.trim()) throw invalid('identityProvider.clientId', 'must not be empty', 'MIN_LENGTH');
    const scopes = input.scopes ?? DEFAULT_SCOPES;
    if (!scopes.includes('openid')) throw invalid('identityProvider.scopes', 'must include openid', 'VALIDATION');
    if (scopes.some((s) => !/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/.test(s))) {
      throw invalid('identityProvider.scopes', 'must be OAuth scope tokens (no spaces or quotes)', 'FORMAT');
    }
    try {
      await discover(input.issuer.trim(), input.clientId.trim(), secret);
    } catch (error) {
      if (error instanceof ValidationError) throw error;
      if (causedBy(error, RefusedAddress)) {
        throw invalid(
          'identityProvider.issuer',
          'resolves to a private or local network address, which Merx does not call (MERX_FETCH_PRIVATE_HOSTS=true allows it)',
          'VALIDATION',
        );
      }
      throw invalid(
        'identityProvider.issuer',
        'did not answer as an OpenID Connect issuer (its /.well-known/openid-configuration could not be read or names another issuer)',
        'VALIDATION',
      );
    }
  }

  /** Records a sign-in or its refusal where sign-ins are recorded (the audit trail), in the transaction `ex`. */
  async function record(
    ex: Executor,
    provider: { id: string; name: string } | undefined,
    ip: string | null,
    entry: { action: 'member.sso-signed-in' | 'member.sso-refused'; member?: { id: string; email: string } },
    details: Record<string, unknown>,
  ): Promise<void> {
    const context: AuditContext = {
      actor: {
        kind: 'SYSTEM',
        id: provider?.id ?? null,
        name: `single sign-on${provider ? `: ${provider.name}` : ''}`,
      },
      ip,
    };
    await deps.audit.record(ex, context, {
      action: entry.action,
      target: { kind: 'MEMBER', id: entry.member?.id ?? null, name: entry.member?.email ?? '' },
      details: { provider: provider?.name ?? null, ...details },
    });
  }

  /** The identity the provider vouches for: found by its link, linked by a verified email, or created. */
  async function signInAs(
    provider: ProviderRow,
    claims: { sub: string; email?: string; emailVerified: boolean; firstName?: string; lastName?: string },
    sessionId: string | null,
    ip: string | null,
  ): Promise<SsoSignIn> {
    const refuse = async (code: string, message: string, member?: { id: string; email: string }) => {
      await record(
        deps.db,
        provider,
        ip,
        { action: 'member.sso-refused', ...(member ? { member } : {}) },
        {
          reason: code,
          subject: claims.sub,
        },
      );
      return refusal(code, message);
    };
    const settings = await deps.memberSettings.get();
    const at = now();
    const outcome = await withTransaction(deps.db, async (uow) => {
      const ex = uow.trx;
      const link = await ex
        .selectFrom('identity_provider_links')
        .select('identity_id')
        .where('provider_id', '=', provider.id)
        .where('subject', '=', claims.sub)
        .executeTakeFirst();
      let identity = link ? await deps.identity.repo.byId(ex, link.identity_id, 'member') : undefined;
      let created = false;
      let linked = false;
      if (!identity || identity.status === 'DELETED') {
        if (!claims.email) return { refused: ssoErrorCodes.emailMissing } as const;
        const email = normaliseEmail(claims.email);
        const existing = await deps.identity.repo.byEmail(ex, 'member', email);
        if (existing && existing.status !== 'DELETED') {
          // Linking hands an existing account to whoever holds the provider's account: only on its word.
          if (!claims.emailVerified) return { refused: ssoErrorCodes.emailNotVerified, member: existing } as const;
          identity = existing;
        } else if (existing) {
          return { refused: ssoErrorCodes.memberBlocked, member: existing } as const;
        } else {
          identity = {
            id: newId(),
            kind: 'member',
            email,
            emailVerified: claims.emailVerified,
            passwordHash: null,
            passwordResetRequired: false,
            status: settings.signUpPolicy === 'OWNER_APPROVAL' ? 'PENDING' : 'ACTIVE',
            role: null,
            permissions: [],
            profile: {
              ...(claims.firstName ? { firstName: claims.firstName.slice(0, 100) } : {}),
              ...(claims.lastName ? { lastName: claims.lastName.slice(0, 100) } : {}),
            },
            factors: {},
            lastLoginDate: null,
            createdDate: at,
            updatedDate: at,
            revision: 1,
          };
          await deps.identity.repo.insert(ex, identity);
          created = true;
        }
        if (link) {
          await ex
            .deleteFrom('identity_provider_links')
            .where('provider_id', '=', provider.id)
            .where('subject', '=', claims.sub)
            .execute();
        }
        await ex
          .insertInto('identity_provider_links')
          .values({
            provider_id: provider.id,
            subject: claims.sub,
            identity_id: identity.id,
            email: identity.email,
            created_date: at,
            last_sign_in_date: at,
          })
          .execute();
        linked = true;
      } else {
        await ex
          .updateTable('identity_provider_links')
          .set({ last_sign_in_date: at })
          .where('provider_id', '=', provider.id)
          .where('subject', '=', claims.sub)
          .execute();
      }
      if (identity.status === 'PENDING') {
        // A new member waiting for the owner's approval is kept (the owner approves them in the back office).
        if (created) {
          await record(
            ex,
            provider,
            ip,
            { action: 'member.sso-refused', member: identity },
            {
              reason: ssoErrorCodes.approvalRequired,
              created,
              subject: claims.sub,
            },
          );
        }
        return { refused: ssoErrorCodes.approvalRequired, member: identity, written: created } as const;
      }
      if (identity.status !== 'ACTIVE') return { refused: ssoErrorCodes.memberBlocked, member: identity } as const;
      if (
        claims.emailVerified &&
        !identity.emailVerified &&
        claims.email &&
        normaliseEmail(claims.email) === identity.email
      ) {
        await deps.identity.repo.update(ex, identity.id, { emailVerified: true, lastLoginDate: at }, at);
        identity = { ...identity, emailVerified: true };
      } else {
        await deps.identity.repo.update(ex, identity.id, { lastLoginDate: at }, at);
      }
      await record(
        ex,
        provider,
        ip,
        { action: 'member.sso-signed-in', member: identity },
        {
          created,
          linked,
          subject: claims.sub,
        },
      );
      const sessionToken = await deps.sessions.create(ex, identity.id, 'login');
      return { sessionToken, identity: await deps.identity.wire(identity, ex), created } as const;
    }).catch(async (error: unknown) => {
      // Two first sign-ins at once: the link's primary key (or the email's unique index) decides; sign in again.
      const again = await deps.db
        .selectFrom('identity_provider_links')
        .select('identity_id')
        .where('provider_id', '=', provider.id)
        .where('subject', '=', claims.sub)
        .executeTakeFirst();
      if (again) return { retry: true } as const;
      throw error;
    });
    if ('retry' in outcome) return signInAs(provider, claims, sessionId, ip);
    if ('refused' in outcome && outcome.refused) {
      const member = outcome.member ? { id: outcome.member.id, email: outcome.member.email } : undefined;
      const messages: Record<string, string> = {
        [ssoErrorCodes.emailMissing]: `${provider.name} did not share an email address, which this store needs.`,
        [ssoErrorCodes.emailNotVerified]: `An account with this email already exists, and ${provider.name} has not verified the address. Sign in with your password, or verify the address at ${provider.name} first.`,
        [ssoErrorCodes.memberBlocked]: 'This account cannot sign in.',
        [ssoErrorCodes.approvalRequired]: 'Your account is waiting for the store’s approval.',
      };
      const message = messages[outcome.refused] ?? 'The sign-in was refused.';
      if ('written' in outcome && outcome.written) throw refusal(outcome.refused, message);
      throw await refuse(outcome.refused, message, member);
    }
    return { ...outcome, sessionId };
  }

  /** Claims of the ID token, with the userinfo endpoint's when the token carries no email. */
  async function claimsOf(
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ) {
    const idClaims = tokens.claims();
    if (!idClaims) throw refusal(ssoErrorCodes.tokenInvalid, 'The identity provider sent no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (typeof claims.email !== 'string' && tokens.access_token) {
      try {
        const client = await openidClient();
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
      } catch {
        // No userinfo: the sign-in goes on without an email (and is refused if it needs one).
      }
    }
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const email = text(claims.email);
    return {
      sub: idClaims.sub,
      ...(email ? { email } : {}),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      ...(text(claims.given_name) ? { firstName: text(claims.given_name) as string } : {}),
      ...(text(claims.family_name) ? { lastName: text(claims.family_name) as string } : {}),
    };
  }

  /** Maps what `openid-client` throws while exchanging a code to our refusals (never a 500). */
  function exchangeFailure(provider: ProviderRow, error: unknown): AppError {
    if (error instanceof AppError) return error;
    // Before the package is loaded no error can be one of its own.
    if (loaded && error instanceof loaded.AuthorizationResponseError) {
      return refusal(ssoErrorCodes.providerError, `${provider.name} refused the sign-in (${error.error})`);
    }
    if (loaded && error instanceof loaded.ResponseBodyError) {
      return refusal(ssoErrorCodes.tokenInvalid, `${provider.name} refused the sign-in (${error.error})`);
    }
    // The provider did not answer: a network failure (fetch's TypeError) or the timeout.
    const unreachable =
      (error instanceof TypeError && /fetch failed/i.test(error.message)) ||
      ['AbortError', 'TimeoutError'].includes((error as Error | undefined)?.name ?? '');
    if (unreachable) {
      return refusal(
        ssoErrorCodes.providerUnavailable,
        `${provider.name} did not answer; try again in a moment`,
        'FAILED_PRECONDITION',
      );
    }
    return refusal(
      ssoErrorCodes.tokenInvalid,
      `The answer from ${provider.name} could not be trusted (${(error as Error)?.message ?? 'invalid'})`,
    );
  }

  const service = {
    callbackUrl,

    async list(): Promise<IdentityProviderView[]> {
      const rows = await deps.db
        .selectFrom('identity_providers')
        .selectAll()
        .orderBy('created_date')
        .orderBy('id')
        .execute();
      return rows.map(view);
    },

    /** The providers a sign-in page offers. */
    async enabled(): Promise<Array<{ id: string; name: string }>> {
      return deps.db
        .selectFrom('identity_providers')
        .select(['id', 'name'])
        .where('enabled', '=', 1)
        .orderBy('created_date')
        .orderBy('id')
        .execute();
    },

    async get(id: string): Promise<IdentityProviderView> {
      const found = await row(deps.db, id);
      if (!found) throw notFound(ssoErrorCodes.providerNotFound, 'Identity provider not found', { id });
      return view(found);
    },

    async create(input: IdentityProviderInput): Promise<IdentityProviderView> {
      const secret = input.clientSecret ? input.clientSecret : null;
      await checked(input, secret);
      const at = now();
      const r: ProviderRow = {
        id: newId(),
        name: input.name.trim(),
        issuer: input.issuer.trim(),
        client_id: input.clientId.trim(),
        client_secret: secret ? deps.sealer.seal(secret) : null,
        scopes: (input.scopes ?? DEFAULT_SCOPES).join(' '),
        enabled: input.enabled === false ? 0 : 1,
        created_date: at,
        updated_date: at,
        revision: 1,
      };
      await deps.db.insertInto('identity_providers').values(r).execute();
      return view(r);
    },

    async update(id: string, patch: Partial<IdentityProviderInput>): Promise<IdentityProviderView> {
      const current = await row(deps.db, id);
      if (!current) throw notFound(ssoErrorCodes.providerNotFound, 'Identity provider not found', { id });
      const secret =
        patch.clientSecret === undefined
          ? current.client_secret && deps.sealer.open(current.client_secret)
          : patch.clientSecret || null;
      const next: IdentityProviderInput = {
        name: patch.name ?? current.name,
        issuer: patch.issuer ?? current.issuer,
        clientId: patch.clientId ?? current.client_id,
        scopes: patch.scopes ?? current.scopes.split(' ').filter(Boolean),
        enabled: patch.enabled ?? current.enabled === 1,
      };
      const needsDiscovery =
        patch.issuer !== undefined ||
        patch.clientId !== undefined ||
        patch.clientSecret !== undefined ||
        patch.name !== undefined ||
        patch.scopes !== undefined;
      if (needsDiscovery) await checked(next, secret);
      const at = now();
      const result = await deps.db
        .updateTable('identity_providers')
        .set({
          name: next.name.trim(),
          issuer: next.issuer.trim(),
          client_id: next.clientId.trim(),
          client_secret: secret ? deps.sealer.seal(secret) : null,
          scopes: (next.scopes ?? DEFAULT_SCOPES).join(' '),
          enabled: next.enabled ? 1 : 0,
          updated_date: at,
          revision: Number(current.revision) + 1,
        })
        .where('id', '=', id)
        .where('revision', '=', current.revision)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError(
          'FAILED_PRECONDITION',
          'REVISION_MISMATCH',
          'The identity provider changed meanwhile; read it again',
        );
      }
      return service.get(id);
    },

    /** Removes a provider with its links (its members keep their accounts and can reset a password). */
    async remove(id: string): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const result = await uow.trx.deleteFrom('identity_providers').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) {
          throw notFound(ssoErrorCodes.providerNotFound, 'Identity provider not found', { id });
        }
        await uow.trx.deleteFrom('identity_provider_links').where('provider_id', '=', id).execute();
        await uow.trx.deleteFrom('sso_states').where('provider_id', '=', id).execute();
      });
      for (const k of discovered.keys()) if (k.startsWith(`${id}:`)) discovered.delete(k);
    },

    /**
     * Starts the authorization code flow: state, nonce and PKCE verifier are made here (node:crypto), kept
     * server-side (the state hashed, bound to the browser's `browserKey`), single use and expiring.
     */
    async start(
      idpConnectionId: string,
      opts: { sessionId: string | null; visitorId: string | null; browserKey: string },
    ): Promise<URL> {
      const provider = await usable(idpConnectionId);
      const config = await configOf(provider);
      const state = randomToken();
      const nonce = randomToken();
      const verifier = randomToken(32);
      const at = deps.clock.now();
      await deps.db
        .insertInto('sso_states')
        .values({
          state_hash: sha256(state),
          provider_id: provider.id,
          session_id: opts.sessionId,
          visitor_id: opts.visitorId,
          code_verifier: verifier,
          nonce,
          browser_hash: sha256(opts.browserKey),
          created_date: at.toISOString(),
          expires_date: new Date(at.getTime() + SSO_STATE_TTL * 1000).toISOString(),
        })
        .execute();
      // Expired sign-ins are dropped as new ones start (they are single rows, refused once expired anyway).
      await deps.db.deleteFrom('sso_states').where('expires_date', '<', at.toISOString()).execute();
      const client = await openidClient();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: provider.scopes,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * The provider's answer at the callback: the state is used up (whatever happens next), the code exchanged and
     * the ID token checked (issuer, audience, nonce, expiry, by `openid-client`), then the member signed in.
     */
    async finish(currentUrl: URL, opts: { browserKey: string | undefined; ip: string | null }): Promise<SsoSignIn> {
      const state = currentUrl.searchParams.get('state') ?? '';
      const stateRefused = async (detail: string) => {
        await record(
          deps.db,
          undefined,
          opts.ip,
          { action: 'member.sso-refused' },
          {
            reason: ssoErrorCodes.stateInvalid,
            detail,
          },
        );
        return refusal(
          ssoErrorCodes.stateInvalid,
          'This sign-in link is not valid any more; start signing in again',
          'INVALID_ARGUMENT',
        );
      };
      if (!state || state.length > 200) throw await stateRefused('missing');
      const hash = sha256(state);
      const pending = await withTransaction(deps.db, async (uow) => {
        const found = await uow.trx
          .selectFrom('sso_states')
          .selectAll()
          .where('state_hash', '=', hash)
          .executeTakeFirst();
        if (!found) return undefined;
        const gone = await uow.trx.deleteFrom('sso_states').where('state_hash', '=', hash).executeTakeFirst();
        return Number(gone.numDeletedRows) === 1 ? found : undefined;
      });
      if (!pending) throw await stateRefused('unknown or used');
      try {
        if (pending.expires_date < now()) throw await stateRefused('expired');
        const nonce = pending.nonce;
        if (!opts.browserKey || !safeEqual(sha256(opts.browserKey), pending.browser_hash))
          throw await stateRefused('another browser');
        const provider = await row(deps.db, pending.provider_id);
        if (provider?.enabled !== 1) throw await stateRefused('provider removed or disabled');
        let claims: Awaited<ReturnType<typeof claimsOf>>;
        try {
          const config = await configOf(provider);
          const client = await openidClient();
          const tokens = await client.authorizationCodeGrant(config, currentUrl, {
            pkceCodeVerifier: pending.code_verifier,
            expectedState: state,
            expectedNonce: nonce,
            idTokenExpected: true,
          });
          claims = await claimsOf(config, tokens);
        } catch (error) {
          const failure = exchangeFailure(provider, error);
          await record(
            deps.db,
            provider,
            opts.ip,
            { action: 'member.sso-refused' },
            {
              reason: failure.code,
              detail: failure.message,
            },
          );
          throw failure;
        }
        return await signInAs(provider, claims, pending.session_id, opts.ip);
      } catch (error) {
        // The refusal page leads back to the sign-in this one started from.
        if (error instanceof AppError) (error.data as Record<string, unknown>).sessionId = pending.session_id;
        throw error;
      }
    },

    /**
     * `POST /v1/sso/login-with-token-params`: the client ran the provider's authorization itself (with its own
     * PKCE verifier, state and nonce) and hands Merx the provider's answer. Merx exchanges the code and checks the
     * ID token exactly as at its own callback.
     */
    async loginWithTokenParams(
      idpConnectionId: string,
      params: { callbackUrl: string; codeVerifier: string; state?: string | undefined; nonce?: string | undefined },
      ip: string | null,
    ): Promise<SsoSignIn> {
      const provider = await usable(idpConnectionId);
      let url: URL;
      try {
        url = new URL(params.callbackUrl);
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      } catch {
        throw invalid('tokenParams.callbackUrl', 'must be the URL the provider redirected to', 'FORMAT');
      }
      if (!url.searchParams.get('code') && !url.searchParams.get('error')) {
        throw invalid('tokenParams.callbackUrl', 'must carry the code the provider sent', 'VALIDATION');
      }
      let claims: Awaited<ReturnType<typeof claimsOf>>;
      try {
        const config = await configOf(provider);
        const client = await openidClient();
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: params.codeVerifier,
          expectedState: params.state ?? client.skipStateCheck,
          ...(params.nonce ? { expectedNonce: params.nonce } : {}),
          idTokenExpected: true,
        });
        claims = await claimsOf(config, tokens);
      } catch (error) {
        const failure = exchangeFailure(provider, error);
        await record(
          deps.db,
          provider,
          ip,
          { action: 'member.sso-refused' },
          {
            reason: failure.code,
            detail: failure.message,
          },
        );
        throw failure;
      }
      return signInAs(provider, claims, null, ip);
    },
  };
  return service;
}

export type SsoService = ReturnType<typeof createSsoService>;

import { createHash } from 'node:crypto';
import { type Database, type Executor, type UnitOfWork, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Caller, hasScope } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { safeEqual, sha256 } from '../../lib/secrets.js';
import type { ApiKeyService } from '../api-keys/api-keys.service.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { IdentityRecord } from '../identity/identity.repo.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { ClientService, OAuthClient } from './clients.service.js';
import type { AccessClaims, TokenService } from './tokens.service.js';

/** An OAuth failure, answered as `{ error, error_description }` (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope',
    description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  token_type: 'Bearer';
  scope: string;
}

export type SignInHandler = (uow: UnitOfWork, visitorId: string, memberId: string) => Promise<unknown>;

/** Authorization codes live for one minute and are used once. */
const CODE_TTL = 60;
const SCOPE = 'offline_access';

/** The token request in either spelling: the SDK sends camelCase, standard OAuth clients snake_case. */
const tokenRequest = z
  .object({
    grantType: z.string().max(50).optional(),
    grant_type: z.string().max(50).optional(),
    clientId: z.string().max(200).optional(),
    client_id: z.string().max(200).optional(),
    refreshToken: z.string().max(500).optional(),
    refresh_token: z.string().max(500).optional(),
    code: z.string().max(500).optional(),
    codeVerifier: z.string().max(500).optional(),
    code_verifier: z.string().max(500).optional(),
    redirectUri: z.string().max(2000).optional(),
    redirect_uri: z.string().max(2000).optional(),
    member_id: z.string().max(200).optional(),
    memberId: z.string().max(200).optional(),
    session_token: z.string().max(500).optional(),
    sessionToken: z.string().max(500).optional(),
    scope: z.string().max(200).optional(),
  })
  .passthrough();

/** base64url(SHA-256(verifier)), unpadded: the S256 PKCE challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function createOAuthService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  clients: ClientService;
  identity: IdentityService;
  apiKeys: ApiKeyService;
  audit: AuditLog;
}) {
  const roleOf = (identity: IdentityRecord) => (identity.kind === 'staff' ? 'staff' : 'member');
  /** What other modules do when a visitor becomes a member (the cart follows them), in the token's transaction. */
  const signInHandlers: SignInHandler[] = [];
  async function signedIn(uow: UnitOfWork, visitorId: string, memberId: string): Promise<void> {
    for (const handler of signInHandlers) await handler(uow, visitorId, memberId);
  }

  async function issueFor(
    ex: Executor,
    client: OAuthClient,
    role: 'visitor' | 'member' | 'staff',
    subjectId: string,
    identity?: IdentityRecord,
  ): Promise<TokenResponse> {
    const refresh = await deps.tokens.createRefresh(ex, { clientId: client.id, role, subjectId });
    const claims: AccessClaims = { role, sub: subjectId, cid: client.id, rid: refresh.id };
    if (role === 'staff' && identity) {
      claims.srole = (identity.role ?? 'staff') as AccessClaims['srole'];
      claims.perms = identity.permissions;
    }
    const access = await deps.tokens.issueAccess(claims);
    return {
      access_token: access.accessToken,
      expires_in: access.expiresIn,
      refresh_token: refresh.token,
      token_type: 'Bearer',
      scope: SCOPE,
    };
  }

  async function clientOf(id: string | undefined): Promise<OAuthClient> {
    if (!id) throw new OAuthError('invalid_request', 'clientId is required');
    const client = await deps.clients.find(id);
    if (!client) throw new OAuthError('invalid_client', 'Unknown client');
    return client;
  }

  async function activeIdentity(ex: Executor, id: string): Promise<IdentityRecord | undefined> {
    const identity = await deps.identity.repo.byId(ex, id);
    return identity?.status === 'ACTIVE' ? identity : undefined;
  }

  const service = {
    /** Registers what happens when a visitor signs in as a member (e.g. their cart moves to the member). */
    onMemberSignIn(handler: SignInHandler): void {
      signInHandlers.push(handler);
    },

    /** `POST /oauth2/token`: every grant of WIRE.md 2. */
    async token(body: unknown, authorization: string | undefined, ip?: string): Promise<TokenResponse> {
      const parsed = tokenRequest.safeParse(body ?? {});
      if (!parsed.success) throw new OAuthError('invalid_request', 'The token request is malformed');
      const r = parsed.data;
      const grant = r.grantType ?? r.grant_type;
      switch (grant) {
        case 'anonymous': {
          const client = await clientOf(r.clientId ?? r.client_id);
          return withTransaction(deps.db, (uow) => issueFor(uow.trx, client, 'visitor', newId()));
        }
        case 'refresh_token': {
          const token = r.refreshToken ?? r.refresh_token;
          if (!token) throw new OAuthError('invalid_request', 'refreshToken is required');
          const row = await deps.tokens.findRefresh(token);
          if (!row) throw new OAuthError('invalid_grant', 'The refresh token is not valid');
          const clientId = r.clientId ?? r.client_id;
          if (clientId && clientId !== row.client_id)
            throw new OAuthError('invalid_grant', 'The refresh token belongs to another client');
          const claims: AccessClaims = {
            role: row.role as AccessClaims['role'],
            sub: row.subject_id,
            cid: row.client_id,
            rid: row.id,
          };
          if (row.role !== 'visitor') {
            const identity = await activeIdentity(deps.db, row.subject_id);
            if (!identity) throw new OAuthError('invalid_grant', 'The account can no longer sign in');
            if (row.role === 'staff') {
              claims.srole = (identity.role ?? 'staff') as AccessClaims['srole'];
              claims.perms = identity.permissions;
            }
          }
          await deps.tokens.touchRefresh(row.id);
          const access = await deps.tokens.issueAccess(claims);
          // The same refresh token again: the contract's clients keep the first one they were given.
          return {
            access_token: access.accessToken,
            expires_in: access.expiresIn,
            refresh_token: token,
            token_type: 'Bearer',
            scope: SCOPE,
          };
        }
        case 'authorization_code': {
          const client = await clientOf(r.clientId ?? r.client_id);
          const code = r.code;
          const verifier = r.codeVerifier ?? r.code_verifier;
          if (!code || !verifier) throw new OAuthError('invalid_request', 'code and codeVerifier are required');
          return withTransaction(deps.db, async (uow) => {
            const row = await uow.trx
              .selectFrom('auth_codes')
              .selectAll()
              .where('code_hash', '=', sha256(code))
              .executeTakeFirst();
            const nowIso = deps.clock.now().toISOString();
            if (!row || row.used_date !== null || row.expires_date <= nowIso || row.client_id !== client.id) {
              throw new OAuthError('invalid_grant', 'The authorization code is not valid');
            }
            const redirectUri = r.redirectUri ?? r.redirect_uri;
            if (redirectUri !== undefined && redirectUri !== row.redirect_uri) {
              throw new OAuthError('invalid_grant', 'redirectUri does not match the authorization request');
            }
            if (!VERIFIER.test(verifier) || !safeEqual(pkceChallenge(verifier), row.code_challenge)) {
              throw new OAuthError('invalid_grant', 'The code verifier does not match the code challenge');
            }
            const used = await uow.trx
              .updateTable('auth_codes')
              .set({ used_date: nowIso })
              .where('code_hash', '=', row.code_hash)
              .where('used_date', 'is', null)
              .executeTakeFirst();
            if (Number(used.numUpdatedRows) !== 1)
              throw new OAuthError('invalid_grant', 'The authorization code is not valid');
            const identity = await activeIdentity(uow.trx, row.identity_id);
            if (!identity) throw new OAuthError('invalid_grant', 'The account can no longer sign in');
            if (row.visitor_id && identity.kind === 'member') await signedIn(uow, row.visitor_id, identity.id);
            return issueFor(uow.trx, client, roleOf(identity), identity.id, identity);
          });
        }
        case 'authorized_client': {
          // `Authorization: <current access token>,<API key>` (WIRE.md 0.2): the key must be valid and allowed to
          // sign members in; the client is the one the current token was issued to.
          const parts = (authorization ?? '')
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean);
          // Only a key that names `members:sign-on` (no wildcard grants it: it mints tokens for any member).
          let signOnKey: Caller | undefined;
          let clientId: string | undefined = r.clientId ?? r.client_id;
          let visitorId: string | undefined;
          for (const part of parts) {
            const key = await deps.apiKeys.lookup(part).catch(() => null);
            if (key && key.kind === 'apiKey') {
              if (hasScope(key, 'members:sign-on')) signOnKey = key;
              continue;
            }
            const claims = await deps.tokens.verifyAccess(part);
            if (claims) clientId ??= claims.cid;
            if (claims?.role === 'visitor') visitorId = claims.sub;
          }
          if (!signOnKey)
            throw new OAuthError(
              'unauthorized_client',
              'authorized_client needs an API key allowed to sign members in',
              401,
            );
          const client = clientId ? await clientOf(clientId) : await deps.clients.firstOfKind('storefront');
          if (!client) throw new OAuthError('invalid_client', 'Unknown client');
          const memberId = r.member_id ?? r.memberId;
          if (!memberId) throw new OAuthError('invalid_request', 'member_id is required');
          const context = await deps.audit.contextOf(signOnKey, ip ?? null);
          return withTransaction(deps.db, async (uow) => {
            const identity = await activeIdentity(uow.trx, memberId);
            if (identity?.kind !== 'member') throw new OAuthError('invalid_grant', 'Unknown or inactive member');
            const sessionToken = r.session_token ?? r.sessionToken;
            if (sessionToken) {
              const fromSession = await deps.identity.consumeSession(uow.trx, sessionToken);
              if (fromSession?.id !== identity.id)
                throw new OAuthError('invalid_grant', 'The session token is not valid for this member');
            }
            if (visitorId) await signedIn(uow, visitorId, identity.id);
            await deps.audit.record(uow.trx, context, {
              action: 'member.signed-on',
              target: { kind: 'MEMBER', id: identity.id, name: identity.email },
              details: { grant: 'authorized_client', clientId: client.id, withSessionToken: Boolean(sessionToken) },
            });
            return issueFor(uow.trx, client, 'member', identity.id, identity);
          });
        }
        case undefined:
          throw new OAuthError('invalid_request', 'grantType is required');
        default:
          throw new OAuthError('unsupported_grant_type', `Unsupported grant type "${grant}"`);
      }
    },

    /**
     * Tokens of a shopper for one of the store's clients, outside `/oauth2/token`: the checkout hand-off of a redirect
     * session gives the browser it reaches the visitor or member who made the session. A member must still be
     * active; the caller has checked that the session names them.
     */
    async tokensFor(
      ex: Executor,
      input: { client: OAuthClient; role: 'visitor' | 'member'; subjectId: string },
    ): Promise<TokenResponse> {
      if (input.role === 'visitor') return issueFor(ex, input.client, 'visitor', input.subjectId);
      const identity = await activeIdentity(ex, input.subjectId);
      if (identity?.kind !== 'member')
        throw new AppError('FAILED_PRECONDITION', 'MEMBER_NOT_ACTIVE', 'This account can no longer sign in');
      return issueFor(ex, input.client, 'member', identity.id, identity);
    },

    /** A single-use code for a signed-in identity, bound to the client, redirect URI and PKCE challenge. */
    async issueCode(
      ex: Executor,
      input: {
        clientId: string;
        redirectUri: string;
        codeChallenge: string;
        identityId: string;
        /** The visitor who signed in, when known: their cart moves to the member at the exchange. */
        visitorId?: string | null | undefined;
      },
    ): Promise<string> {
      const code = randomToken(32);
      const now = deps.clock.now();
      await ex
        .insertInto('auth_codes')
        .values({
          code_hash: sha256(code),
          client_id: input.clientId,
          redirect_uri: input.redirectUri,
          code_challenge: input.codeChallenge,
          identity_id: input.identityId,
          scope: SCOPE,
          created_date: now.toISOString(),
          expires_date: new Date(now.getTime() + CODE_TTL * 1000).toISOString(),
          used_date: null,
          visitor_id: input.visitorId ?? null,
        })
        .execute();
      return code;
    },
  };
  return service;
}

export type OAuthService = ReturnType<typeof createOAuthService>;

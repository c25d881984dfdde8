import type { Database, Executor } from '@merx/db';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { sha256 } from '../../lib/secrets.js';
import type { SigningKeys } from './signing-keys.js';

export type TokenRole = 'visitor' | 'member' | 'staff';

/** What an access token says about its holder. */
export interface AccessClaims {
  role: TokenRole;
  /** Visitor id, member id or staff id. */
  sub: string;
  /** OAuth client the token was issued to. */
  cid: string;
  /** Refresh token it was issued under (members and staff: checked on every request). */
  rid: string;
  /** Staff role and permissions. */
  srole?: StaffRole;
  perms?: string[];
}

/** Lifetime of access tokens, in seconds (the contract's example: four hours). */
export const ACCESS_TOKEN_TTL = 14_400;
export const REFRESH_TOKEN_PREFIX = 'merx_rt_';

/** Checked access tokens remembered per process. */
const VERIFIED_CACHE_SIZE = 20_000;

/** Access tokens (signed JWTs) and refresh tokens (random, stored hashed, not rotated on use). */
export function createTokenService(deps: { db: Kysely<Database>; clock: Clock; keys: SigningKeys; issuer: string }) {
  /** Access tokens whose signature was checked, with their claims and expiry (seconds), oldest first. */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    db: deps.db,
    async issueAccess(claims: AccessClaims): Promise<{ accessToken: string; expiresIn: number }> {
      const { kid, key } = deps.keys.signingKey();
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      const { sub, ...rest } = claims;
      const accessToken = await new SignJWT({ ...rest })
        .setProtectedHeader({ alg: deps.keys.alg, kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(deps.issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL)
        .setJti(newId())
        .sign(key);
      return { accessToken, expiresIn: ACCESS_TOKEN_TTL };
    },

    /**
     * The claims of a valid access token; `null` when it is malformed, forged or expired. A token whose signature
     * was checked is remembered until it expires (bounded, oldest dropped first): its claims cannot change, and
     * checking an ES256 signature on every request of a busy storefront is the larger part of resolving its caller.
     * Revocation (members, staff) is checked by the caller resolver on every request all the same.
     */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const nowSeconds = deps.clock.now().getTime() / 1000;
      const known = verified.get(token);
      if (known) {
        if (known.exp > nowSeconds) return known.claims;
        verified.delete(token);
      }
      const claims = await this.verifySignature(token);
      if (claims) {
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      }
      return claims?.claims ?? null;
    },

    async verifySignature(token: string): Promise<{ claims: AccessClaims; exp: number } | null> {
      try {
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            const key = header.kid ? await deps.keys.verificationKey(header.kid) : undefined;
            if (!key) throw new joseErrors.JWKSNoMatchingKey();
            return key;
          },
          { issuer: deps.issuer, algorithms: [deps.keys.alg], currentDate: deps.clock.now() },
        );
        const role = payload.role;
        if (role !== 'visitor' && role !== 'member' && role !== 'staff') return null;
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.rid !== 'string')
          return null;
        if (typeof payload.exp !== 'number') return null;
        const claims: AccessClaims = {
          role,
          sub: payload.sub,
          cid: payload.cid,
          rid: payload.rid,
          ...(typeof payload.srole === 'string' ? { srole: payload.srole as StaffRole } : {}),
          ...(Array.isArray(payload.perms) ? { perms: payload.perms.map(String) } : {}),
        };
        return { claims, exp: payload.exp };
      } catch {
        return null;
      }
    },

    async createRefresh(
      ex: Executor,
      input: { clientId: string; role: TokenRole; subjectId: string },
    ): Promise<{ id: string; token: string }> {
      const token = `${REFRESH_TOKEN_PREFIX}${randomToken(32)}`;
      const id = newId();
      await ex
        .insertInto('refresh_tokens')
        .values({
          id,
          token_hash: sha256(token),
          client_id: input.clientId,
          role: input.role,
          subject_id: input.subjectId,
          created_date: deps.clock.now().toISOString(),
          last_used_date: null,
          revoked_date: null,
        })
        .execute();
      return { id, token };
    },

    /** A refresh token that has not been revoked. */
    async findRefresh(token: string) {
      return deps.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .where('revoked_date', 'is', null)
        .executeTakeFirst();
    },

    async touchRefresh(id: string): Promise<void> {
      await deps.db
        .updateTable('refresh_tokens')
        .set({ last_used_date: deps.clock.now().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** True while the refresh token an access token was issued under is live and its identity active. */
    async isLive(tokenId: string, identityId: string): Promise<boolean> {
      const row = await deps.db
        .selectFrom('refresh_tokens')
        .innerJoin('identities', 'identities.id', 'refresh_tokens.subject_id')
        .select('identities.status')
        .where('refresh_tokens.id', '=', tokenId)
        .where('refresh_tokens.subject_id', '=', identityId)
        .where('refresh_tokens.revoked_date', 'is', null)
        .executeTakeFirst();
      return row?.status === 'ACTIVE';
    },

    async revoke(ex: Executor, tokenId: string): Promise<void> {
      await ex
        .updateTable('refresh_tokens')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('id', '=', tokenId)
        .where('revoked_date', 'is', null)
        .execute();
    },

    /** Revokes every refresh token of an identity (logout everywhere, password change, blocking). */
    async revokeAllOf(ex: Executor, subjectId: string): Promise<void> {
      await ex
        .updateTable('refresh_tokens')
        .set({ revoked_date: deps.clock.now().toISOString() })
        .where('subject_id', '=', subjectId)
        .where('revoked_date', 'is', null)
        .execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

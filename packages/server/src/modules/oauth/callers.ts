import { errorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';
import type { Caller, CallerResolver } from '../../http/auth.js';
import { API_KEY_PREFIX, type ApiKeyService } from '../api-keys/api-keys.service.js';
import type { TokenService } from './tokens.service.js';

const invalidToken = () =>
  new AppError('UNAUTHENTICATED', errorCodes.unauthenticated, 'The access token is not valid or has expired');

/**
 * Reads `Authorization`: the raw credential (a `Bearer ` prefix is tolerated), possibly an access token and an
 * API key joined by a comma (the contract's external-login form, where the key decides). Access tokens are
 * verified by signature and expiry; a member's or staff token is also checked against its refresh token, so
 * logout, a password change or blocking ends it at once.
 */
export function createCallerResolver(apiKeys: ApiKeyService, tokens: TokenService): CallerResolver {
  async function fromToken(token: string): Promise<Caller> {
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw invalidToken();
    if (claims.role === 'visitor') return { kind: 'visitor', visitorId: claims.sub, clientId: claims.cid };
    if (!(await tokens.isLive(claims.rid, claims.sub))) throw invalidToken();
    if (claims.role === 'member')
      return { kind: 'member', memberId: claims.sub, clientId: claims.cid, tokenId: claims.rid };
    return {
      kind: 'staff',
      staffId: claims.sub,
      role: claims.srole ?? 'staff',
      permissions: claims.perms ?? [],
      clientId: claims.cid,
      tokenId: claims.rid,
    };
  }

  return {
    async resolve(authorization) {
      if (!authorization) return { kind: 'none' };
      const parts = authorization
        .replace(/^Bearer\s+/i, '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const key = parts.find((p) => p.startsWith(API_KEY_PREFIX));
      if (key) {
        const caller = await apiKeys.lookup(key);
        if (!caller) throw new AppError('UNAUTHENTICATED', errorCodes.unauthenticated, 'The API key is not valid');
        return caller;
      }
      const token = parts[0];
      return token ? fromToken(token) : { kind: 'none' };
    },
  };
}

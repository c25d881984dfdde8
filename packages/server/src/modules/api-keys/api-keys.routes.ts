import { createApiKeyRequest, createApiKeyResponse, errorCodes, listApiKeysResponse } from '@merx/contract';
import { AppError } from '@merx/domain';
import { z } from 'zod';
import { type Caller, elevated, mayGrant } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { ApiKeyService } from './api-keys.service.js';

const tag = 'API keys';
const manage = elevated('api-keys:manage');
/** Throws unless the caller holds every scope (a key is never made or revoked beyond its maker's access). */
function assertHolds(caller: Caller, scopes: readonly string[], doing: string): void {
  const missing = scopes.filter((scope) => !mayGrant(caller, scope));
  if (missing.length > 0) {
    throw new AppError(
      'PERMISSION_DENIED',
      errorCodes.permissionDenied,
      `You cannot ${doing} a key with permissions you do not hold: ${missing.join(', ')}`,
      { scopes: missing },
    );
  }
}

/** API keys for integrations: made and revoked by staff and keys holding api-keys:manage, within their own access. */
export function apiKeyRoutes(s: { apiKeys: ApiKeyService; audit: AuditLog }): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/api-keys',
      summary: 'List API keys (never their secrets)',
      tag,
      access: manage,
      response: listApiKeysResponse,
      handler: async () => ({ apiKeys: await s.apiKeys.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/api-keys',
      summary: 'Make an API key with scopes the caller holds; the secret is answered once',
      tag,
      access: manage,
      input: createApiKeyRequest,
      response: createApiKeyResponse,
      handler: async ({ caller, input, request }) => {
        assertHolds(caller, input.scopes, 'make');
        const { key, warnings, ...made } = await s.apiKeys.create(input, await s.audit.contextOf(caller, request.ip));
        return { apiKey: { ...made, revokedDate: null }, key, warnings };
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/api-keys/:id',
      summary: 'Revoke an API key (one holding no more than the caller)',
      tag,
      access: manage,
      params: z.object({ id: z.string().min(1).max(200) }),
      response: z.object({}),
      handler: async ({ caller, params, request }) => {
        const scopes = await s.apiKeys.scopesOf(params.id);
        if (!scopes) throw new AppError('NOT_FOUND', 'API_KEY_NOT_FOUND', 'No active API key with this id', params);
        assertHolds(caller, scopes, 'revoke');
        await s.apiKeys.revoke(params.id, await s.audit.contextOf(caller, request.ip));
        return {};
      },
    }),
  ];
}

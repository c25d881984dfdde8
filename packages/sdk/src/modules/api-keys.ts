import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/api-keys';

export type ApiKey = c.ApiKey;

/**
 * API keys for integrations (Merx; `api-keys:manage`). A key never gets more than its maker holds, and the
 * named-only scopes (`members:sign-on`, `audit:read`) only from an owner. Making and revoking are audited.
 */
export function apiKeys(transport: Transport) {
  const call = caller(transport, 'apiKeys');
  return {
    listApiKeys: (o?: CallOptions) =>
      call<Out<typeof c.listApiKeysResponse>>('listApiKeys', {
        method: 'GET',
        path: BASE,
        args: [],
        options: o,
        elevated: true,
      }),
    /** The secret (`key`) is in this answer only; `warnings` say what the scopes allow that deserves care. */
    createApiKey: (input: In<typeof c.createApiKeyRequest>, o?: CallOptions) =>
      call<Out<typeof c.createApiKeyResponse>>('createApiKey', {
        method: 'POST',
        path: BASE,
        body: input,
        args: [input],
        options: o,
        elevated: true,
      }),
    revokeApiKey: (id: string, o?: CallOptions) =>
      call<Empty>('revokeApiKey', {
        method: 'DELETE',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
  };
}

export type ApiKeysModule = ReturnType<typeof apiKeys>;

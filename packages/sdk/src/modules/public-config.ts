import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { createTransport } from '../http.js';
import { type CallOptions, caller, type Out } from '../module.js';

/** What a storefront or back office needs to start: the store's name and its default OAuth client ids. */
export type PublicConfig = c.PublicConfig;

/** `GET /_api/merx/v1/public-config`: public, no token needed. */
export function publicConfig(transport: Transport) {
  const call = caller(transport, 'publicConfig');
  return {
    getPublicConfig: (o?: CallOptions) =>
      call<PublicConfig>('getPublicConfig', {
        method: 'GET',
        path: '/_api/merx/v1/public-config',
        args: [],
        options: o,
      }),
    /** The JSON Web Key Set that verifies the server's access tokens (`/.well-known/jwks.json`). */
    getSigningKeys: (o?: CallOptions) =>
      call<Out<typeof c.jwksResponse>>('getSigningKeys', {
        method: 'GET',
        path: '/.well-known/jwks.json',
        args: [],
        options: o,
      }),
  };
}

export type PublicConfigModule = ReturnType<typeof publicConfig>;

/** The public config before any client exists (a storefront needs its client id to build its OAuth strategy). */
export async function fetchPublicConfig(options: { baseUrl: string; fetch?: typeof fetch }): Promise<PublicConfig> {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    auth: { getAuthHeaders: async () => ({ headers: {} }) },
    fetch: options.fetch,
  });
  return publicConfig(transport).getPublicConfig();
}

import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/oauth-clients';

export type OAuthClient = c.OAuthClient;
type One = Out<typeof c.oauthClientResponse>;

/**
 * OAuth clients (Merx): the storefronts and apps that sign visitors and members in, with their exact redirect URIs
 * and allowed origins. Elevated only (`oauth-clients:manage`).
 */
export function oauthClients(transport: Transport) {
  const call = caller(transport, 'oauthClients');
  const at = (id: string) => fillPath(`${BASE}/{id}`, { id });
  return {
    listOAuthClients: (o?: CallOptions) =>
      call<Out<typeof c.listOAuthClientsResponse>>('listOAuthClients', {
        method: 'GET',
        path: BASE,
        args: [],
        options: o,
        elevated: true,
      }),
    /** Registers a client (kind `custom`). */
    createOAuthClient: (client: In<typeof c.oauthClientInput>, o?: CallOptions) =>
      call<One>('createOAuthClient', {
        method: 'POST',
        path: BASE,
        body: { client },
        args: [client],
        options: o,
        elevated: true,
      }),
    getOAuthClient: (id: string, o?: CallOptions) =>
      call<One>('getOAuthClient', { method: 'GET', path: at(id), args: [id], options: o, elevated: true }),
    updateOAuthClient: (id: string, client: In<typeof c.updateOAuthClientRequest>['client'], o?: CallOptions) =>
      call<One>('updateOAuthClient', {
        method: 'PATCH',
        path: at(id),
        body: { client },
        args: [id, client],
        options: o,
        elevated: true,
      }),
    /** Deletes a client; the refresh tokens issued to it are revoked. */
    deleteOAuthClient: (id: string, o?: CallOptions) =>
      call<Empty>('deleteOAuthClient', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
  };
}

export type OAuthClientsModule = ReturnType<typeof oauthClients>;

import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty } from '../module.js';

const BASE = '/_api/merx/v1/identity-providers';

/** An OpenID Connect identity provider members may sign in with, as staff read it (the client secret never is). */
export type IdentityProvider = c.IdentityProvider;
/** What staff send; `clientSecret` is write-only (`null` or "" removes it: a public client). */
export type IdentityProviderInput = c.IdentityProviderInput;

type One = { identityProvider: IdentityProvider };
const redacted = <T extends { clientSecret?: string | null | undefined }>(input: T): T =>
  input.clientSecret ? { ...input, clientSecret: '<redacted>' } : input;

/**
 * Single sign-on for members: the store's identity providers (`members:read` to list, `members:manage` to change).
 * An issuer that does not answer as an OpenID Connect issuer is refused with a field violation on
 * `identityProvider.issuer`.
 */
export function identityProviders(transport: Transport) {
  const call = caller(transport, 'identityProviders');
  return {
    listIdentityProviders: (o?: CallOptions) =>
      call<{ identityProviders: IdentityProvider[]; callbackUrl: string }>('listIdentityProviders', {
        method: 'GET',
        path: BASE,
        args: [],
        options: o,
        elevated: true,
      }),
    getIdentityProvider: (id: string, o?: CallOptions) =>
      call<One>('getIdentityProvider', {
        method: 'GET',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
    createIdentityProvider: (identityProvider: IdentityProviderInput, o?: CallOptions) =>
      call<One>('createIdentityProvider', {
        method: 'POST',
        path: BASE,
        body: { identityProvider },
        // The secret never rides on an error's request arguments.
        args: [redacted(identityProvider)],
        options: o,
        elevated: true,
      }),
    updateIdentityProvider: (id: string, identityProvider: Partial<IdentityProviderInput>, o?: CallOptions) =>
      call<One>('updateIdentityProvider', {
        method: 'PATCH',
        path: fillPath(`${BASE}/{id}`, { id }),
        body: { identityProvider },
        args: [id, redacted(identityProvider)],
        options: o,
        elevated: true,
      }),
    deleteIdentityProvider: (id: string, o?: CallOptions) =>
      call<Empty>('deleteIdentityProvider', {
        method: 'DELETE',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
  };
}

export type IdentityProvidersModule = ReturnType<typeof identityProviders>;

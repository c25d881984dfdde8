import type { AuthStrategy } from './auth/types.js';
import { createTransport } from './http.js';
import type { ModuleFactory } from './module.js';

export interface ClientOptions<A extends AuthStrategy, M extends Record<string, ModuleFactory>> {
  /** The Merx server, e.g. `https://shop.example` (every path of the contract is served under it). */
  baseUrl: string;
  /** `OAuthStrategy({ clientId })` for storefronts, `ApiKeyStrategy({ apiKey })` for scripts and back offices. */
  auth: A;
  /** The modules this client uses, e.g. `{ products, currentCart }`; only these end up in your bundle. */
  modules: M;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type MerxClient<A extends AuthStrategy, M extends Record<string, ModuleFactory>> = {
  readonly [K in keyof M]: ReturnType<M[K]>;
} & { readonly auth: A };

/** A typed client of one Merx server: `client.auth` and one property per module. */
export function createClient<A extends AuthStrategy, M extends Record<string, ModuleFactory>>(
  options: ClientOptions<A, M>,
): MerxClient<A, M> {
  options.auth.connect?.({ baseUrl: options.baseUrl, fetch: options.fetch });
  const transport = createTransport({ baseUrl: options.baseUrl, auth: options.auth, fetch: options.fetch });
  const client: Record<string, unknown> = { auth: options.auth };
  for (const [name, factory] of Object.entries(options.modules)) {
    if (name === 'auth') throw new TypeError('"auth" is the client\'s auth strategy: name the module otherwise');
    client[name] = factory(transport);
  }
  return client as MerxClient<A, M>;
}

import type { z } from 'zod';
import type { CallOptions, CallSpec, Transport } from './http.js';

/** A module: given the client's transport, its functions. Import only the modules you use (tree-shaking). */
export type ModuleFactory<T = unknown> = (transport: Transport) => T;

/** What a request schema of the contract accepts (its input type). */
export type In<S extends z.ZodType> = z.input<S>;
/** What a response schema of the contract holds (its output type). */
export type Out<S extends z.ZodType> = z.output<S>;

/** An empty answer (`{}`), as deletes and other calls without a result send. */
export type Empty = Record<string, never>;

/** Binds a module's name to the transport: `call('getProduct', spec)` names the call for errors and checks. */
export function caller(transport: Transport, moduleName: string) {
  return <T>(fn: string, spec: Omit<CallSpec, 'name'>): Promise<T> =>
    transport.call<T>({ ...spec, name: `${moduleName}.${fn}` });
}

export type { CallOptions };

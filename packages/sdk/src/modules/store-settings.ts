import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Out } from '../module.js';

const PATH = '/_api/merx/v1/store-settings';

export type StoreSettings = c.StoreSettings;
export type StoreSettingsPatch = c.StoreSettingsPatch;
export type BusinessAddress = c.BusinessAddress;
type One = Out<typeof c.storeSettingsResponse>;

/** The store's name, currency, locale, logo, contact and address (Merx): elevated only (`settings:read`, `settings:write`). */
export function storeSettings(transport: Transport) {
  const call = caller(transport, 'storeSettings');
  return {
    getStoreSettings: (o?: CallOptions) =>
      call<One>('getStoreSettings', { method: 'GET', path: PATH, args: [], options: o, elevated: true }),
    /** Name, locale, logo (a path on the store), email, phone or address (`null` removes those); the currency is fixed. */
    updateStoreSettings: (store: c.StoreSettingsPatch, o?: CallOptions) =>
      call<One>('updateStoreSettings', {
        method: 'PATCH',
        path: PATH,
        body: { store },
        args: [store],
        options: o,
        elevated: true,
      }),
  };
}

export type StoreSettingsModule = ReturnType<typeof storeSettings>;

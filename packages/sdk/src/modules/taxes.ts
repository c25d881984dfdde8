import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const REGIONS = '/_api/merx/v1/tax-regions';
const SETTINGS = '/_api/merx/v1/tax-settings';
const FEES = '/_api/merx/v1/additional-fees';

export type TaxRegion = c.TaxRegion;
export type TaxSettings = c.TaxSettings;
/** A fee the merchant adds to checkouts (handling, insurance). */
export type AdditionalFee = c.StoreAdditionalFee;
type Region = Out<typeof c.taxRegionResponse>;
type Fee = Out<typeof c.storeAdditionalFeeResponse>;

/** Merx's tax regions and settings, and the merchant's additional fees: elevated only. */
export function taxes(transport: Transport) {
  const call = caller(transport, 'taxes');
  const admin = <T>(
    fn: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) => call<T>(fn, { method, path, ...(body === undefined ? {} : { body }), args, options: o, elevated: true });
  const region = (id: string) => fillPath(`${REGIONS}/{id}`, { id });
  const fee = (id: string) => fillPath(`${FEES}/{id}`, { id });
  return {
    listTaxRegions: (o?: CallOptions) =>
      admin<Out<typeof c.listTaxRegionsResponse>>('listTaxRegions', 'GET', REGIONS, undefined, [], o),
    getTaxRegion: (id: string, o?: CallOptions) => admin<Region>('getTaxRegion', 'GET', region(id), undefined, [id], o),
    createTaxRegion: (input: In<typeof c.taxRegionInput>, o?: CallOptions) =>
      admin<Region>('createTaxRegion', 'POST', REGIONS, { taxRegion: input }, [input], o),
    updateTaxRegion: (id: string, patch: In<typeof c.updateTaxRegionRequest>['taxRegion'], o?: CallOptions) =>
      admin<Region>('updateTaxRegion', 'PATCH', region(id), { taxRegion: patch }, [id, patch], o),
    deleteTaxRegion: (id: string, o?: CallOptions) =>
      admin<Empty>('deleteTaxRegion', 'DELETE', region(id), undefined, [id], o),
    getTaxSettings: (o?: CallOptions) =>
      admin<Out<typeof c.taxSettingsResponse>>('getTaxSettings', 'GET', SETTINGS, undefined, [], o),
    updateTaxSettings: (patch: In<typeof c.updateTaxSettingsRequest>['taxSettings'], o?: CallOptions) =>
      admin<Out<typeof c.taxSettingsResponse>>(
        'updateTaxSettings',
        'PATCH',
        SETTINGS,
        { taxSettings: patch },
        [patch],
        o,
      ),

    listAdditionalFees: (o?: CallOptions) =>
      admin<Out<typeof c.listStoreAdditionalFeesResponse>>('listAdditionalFees', 'GET', FEES, undefined, [], o),
    getAdditionalFee: (id: string, o?: CallOptions) =>
      admin<Fee>('getAdditionalFee', 'GET', fee(id), undefined, [id], o),
    createAdditionalFee: (input: In<typeof c.storeAdditionalFeeInput>, o?: CallOptions) =>
      admin<Fee>('createAdditionalFee', 'POST', FEES, { additionalFee: input }, [input], o),
    updateAdditionalFee: (
      id: string,
      patch: In<typeof c.updateStoreAdditionalFeeRequest>['additionalFee'],
      o?: CallOptions,
    ) => admin<Fee>('updateAdditionalFee', 'PATCH', fee(id), { additionalFee: patch }, [id, patch], o),
    deleteAdditionalFee: (id: string, o?: CallOptions) =>
      admin<Empty>('deleteAdditionalFee', 'DELETE', fee(id), undefined, [id], o),
  };
}

export type TaxesModule = ReturnType<typeof taxes>;

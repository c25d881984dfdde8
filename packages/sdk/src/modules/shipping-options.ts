import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

const BASE = '/ecom/v1/shipping-options';
const REGIONS = '/_api/merx/v1/delivery-regions';

export type ShippingOption = c.ShippingOption;
export type DeliveryRegion = c.DeliveryRegion;
type OptionResponse = Out<typeof c.shippingOptionResponse>;
type RegionResponse = Out<typeof c.deliveryRegionResponse>;

/** Shipping options (`ecom_shipping-options`, WIRE.md Appendix B): elevated only. Updates carry the revision read. */
export function shippingOptions(transport: Transport) {
  const call = caller(transport, 'shippingOptions');
  const at = (id: string, tail = '') => fillPath(`${BASE}/{id}${tail}`, { id });
  const admin = <T>(
    fn: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) => call<T>(fn, { method, path, ...(body === undefined ? {} : { body }), args, options: o, elevated: true });
  return {
    /** Options matching a query; cursor paging by default (`'offset'` for page numbers). */
    queryShippingOptions: (paging: 'cursor' | 'offset' = 'cursor') =>
      new QueryBuilder<ShippingOption>(async (query, o) => {
        const body = await call<Out<typeof c.queryShippingOptionsResponse>>('queryShippingOptions', {
          method: 'GET',
          path: `${BASE}/query`,
          query: { query },
          args: [query],
          options: o,
          elevated: true,
        });
        return { items: body.shippingOptions, ...body.pagingMetadata };
      }, paging),
    getShippingOption: (id: string, o?: CallOptions) =>
      admin<OptionResponse>('getShippingOption', 'GET', at(id), undefined, [id], o),
    createShippingOption: (option: In<typeof c.shippingOptionInput>, o?: CallOptions) =>
      admin<OptionResponse>('createShippingOption', 'POST', BASE, { shippingOption: option }, [option], o),
    updateShippingOption: (
      id: string,
      patch: In<typeof c.updateShippingOptionRequest>['shippingOption'],
      o?: CallOptions,
    ) => admin<OptionResponse>('updateShippingOption', 'PATCH', at(id), { shippingOption: patch }, [id, patch], o),
    deleteShippingOption: (id: string, o?: CallOptions) =>
      admin<Empty>('deleteShippingOption', 'DELETE', at(id), undefined, [id], o),
    addDeliveryRegion: (id: string, deliveryRegionId: string, options: { revision?: string } = {}, o?: CallOptions) =>
      admin<OptionResponse>(
        'addDeliveryRegion',
        'POST',
        at(id, '/add-delivery-region'),
        { deliveryRegionId, ...options },
        [id, deliveryRegionId, options],
        o,
      ),
    removeDeliveryRegion: (
      id: string,
      deliveryRegionId: string,
      options: { revision?: string } = {},
      o?: CallOptions,
    ) =>
      admin<OptionResponse>(
        'removeDeliveryRegion',
        'POST',
        at(id, '/remove-delivery-region'),
        { deliveryRegionId, ...options },
        [id, deliveryRegionId, options],
        o,
      ),
    updateExtendedFields: (id: string, namespace: string, namespaceData: Record<string, unknown>, o?: CallOptions) =>
      admin<OptionResponse>(
        'updateExtendedFields',
        'POST',
        at(id, '/update-extended-fields'),
        { namespace, namespaceData },
        [id, namespace, namespaceData],
        o,
      ),

    /** Merx's delivery regions: the countries and subdivisions an option delivers to. */
    listDeliveryRegions: (o?: CallOptions) =>
      admin<Out<typeof c.listDeliveryRegionsResponse>>('listDeliveryRegions', 'GET', REGIONS, undefined, [], o),
    getDeliveryRegion: (id: string, o?: CallOptions) =>
      admin<RegionResponse>('getDeliveryRegion', 'GET', fillPath(`${REGIONS}/{id}`, { id }), undefined, [id], o),
    createDeliveryRegion: (region: In<typeof c.deliveryRegionInput>, o?: CallOptions) =>
      admin<RegionResponse>('createDeliveryRegion', 'POST', REGIONS, { deliveryRegion: region }, [region], o),
    updateDeliveryRegion: (
      id: string,
      patch: In<typeof c.updateDeliveryRegionRequest>['deliveryRegion'],
      o?: CallOptions,
    ) =>
      admin<RegionResponse>(
        'updateDeliveryRegion',
        'PATCH',
        fillPath(`${REGIONS}/{id}`, { id }),
        { deliveryRegion: patch },
        [id, patch],
        o,
      ),
    deleteDeliveryRegion: (id: string, o?: CallOptions) =>
      admin<Empty>('deleteDeliveryRegion', 'DELETE', fillPath(`${REGIONS}/{id}`, { id }), undefined, [id], o),
  };
}

export type ShippingOptionsModule = ReturnType<typeof shippingOptions>;

import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

/** Orders settings (`/ecom/v1/orders-settings`): elevated only. */
export function ordersSettings(transport: Transport) {
  const call = caller(transport, 'ordersSettings');
  const path = '/ecom/v1/orders-settings';
  return {
    getOrdersSettings: (o?: CallOptions) =>
      call<Out<typeof c.ordersSettingsResponse>>('getOrdersSettings', {
        method: 'GET',
        path,
        args: [],
        options: o,
        elevated: true,
      }),
    updateOrdersSettings: (settings: In<typeof c.updateOrdersSettingsRequest>['ordersSettings'], o?: CallOptions) =>
      call<Out<typeof c.ordersSettingsResponse>>('updateOrdersSettings', {
        method: 'PATCH',
        path,
        body: { ordersSettings: settings },
        args: [settings],
        options: o,
        elevated: true,
      }),
  };
}

export type OrdersSettingsModule = ReturnType<typeof ordersSettings>;

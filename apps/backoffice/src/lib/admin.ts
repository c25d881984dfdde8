import {
  abandonedCheckouts,
  apiKeys,
  auditLog,
  checkout,
  collections,
  coupons,
  createClient,
  discountRules,
  inventory,
  inventoryChanges,
  mailMessages,
  media,
  memberSettings,
  members,
  oauthClients,
  orderFulfillments,
  orders,
  ordersSettings,
  productCsv,
  products,
  shippingOptions,
  staff,
  storeSettings,
  taxes,
  tipSettings,
} from '@merx/sdk';
import { staffAuth } from './session';

function makeAdmin(auth: Awaited<ReturnType<typeof staffAuth>>) {
  return createClient({
    baseUrl: location.origin,
    auth,
    modules: {
      abandonedCheckouts,
      apiKeys,
      auditLog,
      checkout,
      collections,
      coupons,
      discountRules,
      inventory,
      inventoryChanges,
      mailMessages,
      media,
      memberSettings,
      members,
      oauthClients,
      orderFulfillments,
      orders,
      ordersSettings,
      productCsv,
      products,
      shippingOptions,
      staff,
      storeSettings,
      taxes,
      tipSettings,
    },
  });
}

/** The back office's client: every call as the signed-in staff member (StaffStrategy). */
export type Admin = ReturnType<typeof makeAdmin>;

let adminPromise: Promise<Admin> | undefined;

/** The one client of the back office; features call the SDK only through it. */
export function admin(): Promise<Admin> {
  adminPromise ??= staffAuth().then(makeAdmin);
  return adminPromise;
}

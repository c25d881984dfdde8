import {
  abandonedCheckouts,
  apiKeys,
  auditLog,
  brands,
  categories,
  checkout,
  collections,
  coupons,
  createClient,
  customizations,
  discountRules,
  infoSections,
  inventory,
  inventoryChanges,
  inventoryItemsV3,
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
  productsV3,
  ribbons,
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
      brands,
      categories,
      checkout,
      collections,
      coupons,
      customizations,
      discountRules,
      infoSections,
      inventory,
      inventoryChanges,
      inventoryItemsV3,
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
      productsV3,
      ribbons,
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

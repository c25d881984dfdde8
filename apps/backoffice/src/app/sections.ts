import type { RouteObject } from 'react-router';
import { page } from './page-module';

/**
 * The back office's sections: each one's place in the navigation, the permission it needs to be shown (the server
 * still refuses what a role may not do), and its pages. A feature adds its section here.
 */
export interface Section {
  id: string;
  label: string;
  /** Where the navigation link leads (relative to /admin/). */
  to: string;
  /** `account`: reached from the account menu, not the side navigation. */
  group: 'store' | 'settings' | 'account';
  /** Shown only to staff holding it (`orders:read`…); absent: everyone signed in. */
  permission?: string;
  /** What the page holds, in a line: the settings index shows it under the label. */
  description?: string;
  routes: RouteObject[];
}

export const sections: Section[] = [
  {
    id: 'home',
    label: 'Home',
    to: '/',
    group: 'store',
    routes: [{ index: true, lazy: page(() => import('../features/home/home-route')) }],
  },
  {
    id: 'orders',
    label: 'Orders',
    to: '/orders',
    group: 'store',
    permission: 'orders:read',
    routes: [
      { path: 'orders', lazy: page(() => import('../features/orders/orders-route')) },
      { path: 'orders/new', lazy: page(() => import('../features/orders/new-order-route')) },
      { path: 'orders/:id', lazy: page(() => import('../features/orders/order-route')) },
      { path: 'orders/:id/packing-slip', lazy: page(() => import('../features/orders/packing-slip-route')) },
    ],
  },
  {
    id: 'products',
    label: 'Products',
    to: '/products',
    group: 'store',
    permission: 'catalog:read',
    routes: [
      { path: 'products', lazy: page(() => import('../features/products/products-route')) },
      { path: 'products/new', lazy: page(() => import('../features/products/product-route')) },
      { path: 'products/import', lazy: page(() => import('../features/product-csv/import-route')) },
      { path: 'products/import/:id', lazy: page(() => import('../features/product-csv/import-job-route')) },
      { path: 'products/export', lazy: page(() => import('../features/product-csv/export-route')) },
      { path: 'products/:id', lazy: page(() => import('../features/products/product-route')) },
    ],
  },
  {
    id: 'collections',
    label: 'Collections',
    to: '/collections',
    group: 'store',
    permission: 'catalog:read',
    routes: [
      { path: 'collections', lazy: page(() => import('../features/collections/collections-route')) },
      { path: 'collections/new', lazy: page(() => import('../features/collections/collection-route')) },
      { path: 'collections/:id', lazy: page(() => import('../features/collections/collection-route')) },
    ],
  },
  {
    id: 'categories',
    label: 'Categories',
    to: '/categories',
    group: 'store',
    permission: 'catalog:read',
    routes: [
      { path: 'categories', lazy: page(() => import('../features/categories/categories-route')) },
      { path: 'categories/:id', lazy: page(() => import('../features/categories/category-route')) },
    ],
  },
  {
    id: 'ribbons-brands',
    label: 'Ribbons & brands',
    to: '/ribbons-brands',
    group: 'store',
    permission: 'catalog:read',
    routes: [
      { path: 'ribbons-brands', lazy: page(() => import('../features/ribbons-brands/ribbons-brands-route')) },
      { path: 'ribbons-brands/brands', lazy: page(() => import('../features/ribbons-brands/ribbons-brands-route')) },
    ],
  },
  {
    id: 'info-sections',
    label: 'Info sections',
    to: '/info-sections',
    group: 'store',
    permission: 'catalog:read',
    routes: [
      { path: 'info-sections', lazy: page(() => import('../features/info-sections/info-sections-route')) },
      { path: 'info-sections/new', lazy: page(() => import('../features/info-sections/info-section-route')) },
      { path: 'info-sections/:id', lazy: page(() => import('../features/info-sections/info-section-route')) },
    ],
  },
  {
    id: 'inventory',
    label: 'Inventory',
    to: '/inventory',
    group: 'store',
    permission: 'catalog:read',
    routes: [{ path: 'inventory', lazy: page(() => import('../features/inventory/inventory-route')) }],
  },
  {
    id: 'customers',
    label: 'Customers',
    to: '/customers',
    group: 'store',
    permission: 'members:read',
    routes: [
      { path: 'customers', lazy: page(() => import('../features/customers/customers-route')) },
      { path: 'customers/:id', lazy: page(() => import('../features/customers/customer-route')) },
    ],
  },
  {
    id: 'abandoned-checkouts',
    label: 'Abandoned checkouts',
    to: '/abandoned-checkouts',
    group: 'store',
    permission: 'orders:read',
    routes: [
      {
        path: 'abandoned-checkouts',
        lazy: page(() => import('../features/abandoned-checkouts/abandoned-checkouts-route')),
      },
      {
        path: 'abandoned-checkouts/:id',
        lazy: page(() => import('../features/abandoned-checkouts/abandoned-checkout-route')),
      },
    ],
  },
  {
    id: 'discounts',
    label: 'Discounts',
    to: '/discounts',
    group: 'store',
    permission: 'discounts:read',
    routes: [
      { path: 'discounts', lazy: page(() => import('../features/discounts/coupons-route')) },
      { path: 'discounts/coupons/:id', lazy: page(() => import('../features/discounts/coupon-route')) },
      { path: 'discounts/automatic', lazy: page(() => import('../features/discounts/rules-route')) },
      { path: 'discounts/automatic/:id', lazy: page(() => import('../features/discounts/rule-route')) },
    ],
  },
  {
    id: 'settings',
    label: 'All settings',
    to: '/settings',
    group: 'settings',
    routes: [{ path: 'settings', lazy: page(() => import('../features/settings/settings-index-route')) }],
  },
  {
    id: 'store-settings',
    label: 'Store details',
    to: '/settings/store',
    group: 'settings',
    permission: 'settings:read',
    description: 'Name, currency, locale, logo and catalog version.',
    routes: [{ path: 'settings/store', lazy: page(() => import('../features/settings/store-settings-route')) }],
  },
  {
    id: 'orders-settings',
    label: 'Order settings',
    to: '/settings/orders',
    group: 'settings',
    permission: 'orders:read',
    description: 'When stock is taken, and when a checkout counts as abandoned.',
    routes: [{ path: 'settings/orders', lazy: page(() => import('../features/settings/orders-settings-route')) }],
  },
  {
    id: 'member-settings',
    label: 'Member sign-up',
    to: '/settings/members',
    group: 'settings',
    permission: 'members:read',
    description: 'Who can become a member, email verification and captcha.',
    routes: [{ path: 'settings/members', lazy: page(() => import('../features/settings/member-settings-route')) }],
  },
  {
    id: 'identity-providers',
    label: 'Identity providers',
    to: '/settings/identity-providers',
    group: 'settings',
    permission: 'members:read',
    description: 'Let members sign in with Google, Microsoft, Okta or any OpenID Connect provider.',
    routes: [
      {
        path: 'settings/identity-providers',
        lazy: page(() => import('../features/identity-providers/identity-providers-route')),
      },
    ],
  },
  {
    id: 'payments-settings',
    label: 'Payments',
    to: '/settings/payments',
    group: 'settings',
    permission: 'settings:read',
    description: 'Card payments through Stripe: keys, when cards are charged, and the webhook.',
    routes: [
      {
        path: 'settings/payments',
        lazy: page(() => import('../features/payments-settings/payments-settings-route')),
      },
    ],
  },
  {
    id: 'shipping',
    label: 'Shipping and delivery',
    to: '/settings/shipping',
    group: 'settings',
    permission: 'shipping:read',
    description: 'Where you deliver, shipping options and their rates, delivery times, pickup points.',
    routes: [
      { path: 'settings/shipping', lazy: page(() => import('../features/shipping/shipping-route')) },
      { path: 'settings/shipping/options/:id', lazy: page(() => import('../features/shipping/option-route')) },
      { path: 'settings/shipping/regions/:id', lazy: page(() => import('../features/shipping/region-route')) },
    ],
  },
  {
    id: 'taxes',
    label: 'Taxes',
    to: '/settings/taxes',
    group: 'settings',
    permission: 'shipping:read',
    description: 'Tax rates by country and region, prices with or without tax, tax on shipping.',
    routes: [
      { path: 'settings/taxes', lazy: page(() => import('../features/shipping/taxes-route')) },
      { path: 'settings/taxes/regions/:id', lazy: page(() => import('../features/shipping/tax-region-route')) },
    ],
  },
  {
    id: 'fees-tips',
    label: 'Tips and fees',
    to: '/settings/fees-tips',
    group: 'settings',
    permission: 'shipping:read',
    description: 'Tips shoppers can add at checkout, and fees such as handling or insurance.',
    routes: [
      { path: 'settings/fees-tips', lazy: page(() => import('../features/shipping/fees-tips-route')) },
      { path: 'settings/fees-tips/fees/:id', lazy: page(() => import('../features/shipping/fee-route')) },
    ],
  },
  {
    id: 'staff',
    label: 'Staff',
    to: '/settings/staff',
    group: 'settings',
    permission: 'staff:read',
    description: 'Who signs in to this back office, their roles and permissions, and invitations.',
    routes: [
      { path: 'settings/staff', lazy: page(() => import('../features/staff/staff-route')) },
      { path: 'settings/staff/:id', lazy: page(() => import('../features/staff/staff-member-route')) },
    ],
  },
  {
    id: 'api-keys',
    label: 'API keys',
    to: '/settings/api-keys',
    group: 'settings',
    permission: 'api-keys:manage',
    description: 'Keys for integrations (a warehouse, accounting), each with the permissions it needs.',
    routes: [{ path: 'settings/api-keys', lazy: page(() => import('../features/api-keys/api-keys-route')) }],
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    to: '/settings/webhooks',
    group: 'settings',
    permission: 'webhooks:read',
    description: 'Tell other apps (a warehouse, accounting, your own code) about new orders and other changes at once.',
    routes: [
      { path: 'settings/webhooks', lazy: page(() => import('../features/webhooks/webhooks-route')) },
      { path: 'settings/webhooks/new', lazy: page(() => import('../features/webhooks/new-endpoint-route')) },
      { path: 'settings/webhooks/:id', lazy: page(() => import('../features/webhooks/endpoint-route')) },
    ],
  },
  {
    id: 'oauth-clients',
    label: 'Sign-in apps',
    to: '/settings/oauth-clients',
    group: 'settings',
    permission: 'oauth-clients:manage',
    description: 'The shop, the back office and your own apps that members sign in to.',
    routes: [
      { path: 'settings/oauth-clients', lazy: page(() => import('../features/oauth-clients/oauth-clients-route')) },
      {
        path: 'settings/oauth-clients/new',
        lazy: page(() => import('../features/oauth-clients/oauth-client-route')),
      },
      {
        path: 'settings/oauth-clients/:id',
        lazy: page(() => import('../features/oauth-clients/oauth-client-route')),
      },
    ],
  },
  {
    id: 'mail-log',
    label: 'Mail log',
    to: '/settings/mail',
    group: 'settings',
    permission: 'mail:read',
    description: 'Every mail the store sent or keeps: codes, links, invitations, order mail.',
    routes: [
      { path: 'settings/mail', lazy: page(() => import('../features/mail-log/mail-log-route')) },
      { path: 'settings/mail/:id', lazy: page(() => import('../features/mail-log/mail-message-route')) },
    ],
  },
  {
    id: 'audit-log',
    label: 'Audit log',
    to: '/settings/audit-log',
    group: 'settings',
    permission: 'audit:read',
    description: 'Who changed whose access, when and from where.',
    routes: [{ path: 'settings/audit-log', lazy: page(() => import('../features/audit-log/audit-log-route')) }],
  },
  {
    id: 'account',
    label: 'Your account',
    to: '/account',
    group: 'account',
    routes: [{ path: 'account', lazy: page(() => import('../features/account/account-route')) }],
  },
];

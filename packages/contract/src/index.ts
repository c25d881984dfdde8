export * from './common.js';
export * from './ecom/cart.js';
export * from './ecom/discounts.js';
export * from './ecom/shipping.js';
export * from './error-codes.js';
export * from './events.js';
export * from './iam/identity.js';
export * from './stores/catalog-v1.js';

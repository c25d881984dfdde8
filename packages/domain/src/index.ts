export * from './catalog/pricing.js';
export * from './catalog/slug.js';
export * from './catalog/variants.js';
export * from './errors.js';
export * from './money/money.js';
export * from './query/parse.js';
export * from './query/types.js';
export * from './totals/index.js';

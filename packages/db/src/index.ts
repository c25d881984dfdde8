export * from './create-db.js';
export * from './data-version.js';
export * from './dialect.js';
export * from './json.js';
export * from './migrate.js';
export * from './query/index.js';
export * from './schema.js';
export * from './transaction.js';

export * from './errors.js';
export * from './query/types.js';

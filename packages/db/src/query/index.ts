export * from './aggregate.js';
export * from './compile.js';
export * from './cursor.js';
export * from './run.js';
export * from './search.js';

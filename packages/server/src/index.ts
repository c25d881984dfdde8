export { type BuildAppOptions, buildApp, type MerxApp } from './app.js';
export { type Config, loadConfig } from './config.js';

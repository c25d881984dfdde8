import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { chooseLogLevel } from './logger.js';

/** `npm start` on a terminal keeps its banner in view: no line per request unless LOG_LEVEL asks for them. */
describe('the log level', () => {
  it('is warn on a terminal, so requests (logged at info) print nothing after the start banner', () => {
    expect(chooseLogLevel({}, true)).toBe('warn');
    expect(loadConfig({}, true).logLevel).toBe('warn');
  });

  it('stays info, one JSON line per request, when piped or in production', () => {
    expect(chooseLogLevel({}, false)).toBe('info');
    expect(chooseLogLevel({ NODE_ENV: 'production' }, true)).toBe('info');
    expect(loadConfig({}, false).logLevel).toBe('info');
  });

  it('is LOG_LEVEL when set, on a terminal too', () => {
    expect(chooseLogLevel({ LOG_LEVEL: 'info' }, true)).toBe('info');
    expect(chooseLogLevel({ LOG_LEVEL: ' Debug ' }, false)).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'trace' }, true).logLevel).toBe('trace');
  });

  it('refuses an unknown LOG_LEVEL with the levels it takes', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' }, true)).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    );
  });
});

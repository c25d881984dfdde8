import type { FastifyInstance } from 'fastify';
import { parseJsonInput } from './json-input.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * JSON is the only body type of the API (others get 415). JSON bodies: an empty body counts as `{}`; malformed or
 * too deeply nested JSON, or prototype pollution, is a validation error.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, parseJsonInput(text, 'body'));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * HTML forms (`application/x-www-form-urlencoded`) as a flat object of strings: registered only in the plugin
 * contexts of the hosted pages and `/oauth2/token` (OAuth clients post forms), never on the API.
 */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
        fields[key] = value;
      }
      done(null, { ...fields });
    },
  );
}

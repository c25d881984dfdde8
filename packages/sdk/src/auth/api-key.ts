import type { AuthStrategy } from './types.js';

/** An elevated client for scripts and back offices: every request carries the API key. Keep keys off browsers. */
export function ApiKeyStrategy(options: { apiKey: string }): AuthStrategy {
  const headers = { Authorization: options.apiKey };
  return {
    elevated: true,
    getAuthHeaders: async () => ({ headers: { ...headers } }),
  };
}

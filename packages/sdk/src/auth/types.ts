/** What `createClient` needs from an auth strategy: the headers of the next request. */
export interface AuthStrategy {
  /** Headers for the next request, e.g. `{ Authorization: <access token> }` (renewing the token first if needed). */
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
  /** True for elevated clients (an API key): only they may call elevated-only modules. */
  readonly elevated?: boolean;
  /** Optional: `createClient` hands over its base URL and fetch, for strategies that make calls of their own. */
  connect?(connection: { baseUrl: string; fetch?: typeof fetch | undefined }): void;
}

/**
 * Token roles move none → visitor (anonymous grant) → member (code exchange); spec section 4. A back office's
 * staff sign-in holds `staff` tokens (StaffStrategy).
 */
export type TokenRole = 'none' | 'visitor' | 'member' | 'staff';

export interface AccessToken {
  value: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** No tokens: the next call mints visitor tokens. */
export const EMPTY_TOKENS: Tokens = Object.freeze({
  accessToken: Object.freeze({ value: '', expiresAt: 0 }),
  refreshToken: Object.freeze({ value: '', role: 'none' as const }),
});

/** Where an OAuth strategy keeps its tokens: memory, localStorage, a cookie, or your own. */
export interface TokenStorage {
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
}

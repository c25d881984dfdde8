/** A merchant's OpenID Connect identity provider for member sign-in (`identity_providers`). */
export interface IdentityProvidersTable {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  /** Sealed (lib/secrets.ts); null for a public client. */
  client_secret: string | null;
  /** Space-separated scopes asked for. */
  scopes: string;
  enabled: number;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** A provider's subject (`sub`) signed in as a member. */
export interface IdentityProviderLinksTable {
  provider_id: string;
  subject: string;
  identity_id: string;
  email: string;
  created_date: string;
  last_sign_in_date: string;
}

/** A single sign-on in flight: single use, expiring. */
export interface SsoStatesTable {
  state_hash: string;
  provider_id: string;
  session_id: string | null;
  visitor_id: string | null;
  code_verifier: string;
  nonce: string;
  /** SHA-256 of the starting browser's cookie. */
  browser_hash: string;
  created_date: string;
  expires_date: string;
}

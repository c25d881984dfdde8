import type { ColumnType, Generated } from 'kysely';

/** A nullable column that inserts may leave out. */
type OptionalNullable = ColumnType<string | null, string | null | undefined, string | null>;

/** Keys that sign access tokens (JWK as JSON text); the newest unretired one signs. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_date: string;
  retired_date: string | null;
}

/** Registered OAuth clients: exact redirect URIs and origins allowed to receive web_message results. */
export interface OAuthClientsTable {
  id: string;
  name: string;
  /** `storefront` | `backoffice` | `custom` */
  kind: string;
  /** JSON array of exact URIs. */
  redirect_uris: string;
  /** JSON array of origins (`https://shop.example`). */
  allowed_origins: string;
  created_date: string;
  updated_date: string;
  revision: Generated<number>;
}

/** Members and staff. Email is kept lower-cased; one identity per (kind, email). */
export interface IdentitiesTable {
  id: string;
  /** `member` | `staff` */
  kind: string;
  email: string;
  email_verified: number;
  /** argon2id PHC string; null until a password is set (invited staff, sign-on members). */
  password_hash: string | null;
  password_reset_required: Generated<number>;
  /** PENDING | ACTIVE | DELETED | BLOCKED | OFFLINE */
  status: string;
  /** Staff role: owner | admin | staff. */
  role: string | null;
  /** JSON array of permission scopes (staff). */
  permissions: string;
  /** JSON: the contract's identityProfile. */
  profile: string;
  /** JSON: second factors, `{ totp?: { secret (sealed), enabled }, email?: { enabled } }`. */
  factors: string;
  last_login_date: string | null;
  created_date: string;
  updated_date: string;
  revision: Generated<number>;
}

/** Refresh tokens (hashed). Not rotated on use; revoked by logout, password change, blocking and staff. */
export interface RefreshTokensTable {
  id: string;
  token_hash: string;
  client_id: string;
  /** visitor | member | staff */
  role: string;
  /** Visitor id or identity id. */
  subject_id: string;
  created_date: string;
  last_used_date: string | null;
  revoked_date: string | null;
}

/** Session tokens (hashed): `login` (returned by login/register, exchanged at the hosted page) and `browser`. */
export interface SessionsTable {
  id: string;
  token_hash: string;
  kind: string;
  identity_id: string;
  created_date: string;
  expires_date: string;
  revoked_date: string | null;
}

/** Authorization codes (hashed), single-use, bound to client, redirect URI and PKCE challenge. */
export interface AuthCodesTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  identity_id: string;
  scope: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
  /** The visitor who signed in (their cart moves to the member when the code is exchanged). */
  visitor_id: OptionalNullable;
}

/** Redirect sessions: the intent and its callbacks, behind a short id in the hosted URL. */
export interface RedirectSessionsTable {
  id: string;
  short_id: string;
  intent: string;
  /** JSON: the request body that created the session. */
  request: string;
  created_date: string;
  expires_date: string;
  /** The visitor whose token created the session. */
  visitor_id: OptionalNullable;
  /**
   * Checkout hand-off: whose identity the checkout page takes (`visitor` or `member` with `subject_id`, or
   * `checkout-owner` when an elevated caller made the session for a shopper's checkout).
   */
  subject_kind: OptionalNullable;
  subject_id: OptionalNullable;
  /** SHA-256 of the one-time key the hand-off URL carries. */
  hand_off_hash: OptionalNullable;
  /** When a browser took the hand-off (it is taken once). */
  claimed_date: OptionalNullable;
}

/**
 * One-time challenges: email verification (state token + emailed code), second factors, recovery and
 * activation links. Token and code are stored hashed; attempts are counted; single use.
 */
export interface ChallengesTable {
  id: string;
  purpose: string;
  identity_id: string;
  token_hash: string;
  code_hash: string | null;
  attempts: Generated<number>;
  data: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

/** Fixed-window counters for throttling, shared by every process. */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** Outgoing mail: sent by SMTP when configured, otherwise kept for staff to read. */
export interface MailMessagesTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** pending | sent | failed | kept */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_date: string;
  sent_date: string | null;
}

export interface StaffInvitationsTable {
  id: string;
  email: string;
  role: string;
  permissions: string;
  token_hash: string;
  invited_by: string;
  created_date: string;
  expires_date: string;
  accepted_date: string | null;
  revoked_date: string | null;
}

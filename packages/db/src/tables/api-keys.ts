import type { Generated } from 'kysely';

/** API keys of elevated callers. Only a SHA-256 hash of the secret is kept. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** First characters of the key, shown to merchants to tell keys apart. */
  prefix: string;
  key_hash: string;
  /** JSON array of scope names, e.g. `["*"]` or `["catalog:write"]`. */
  scopes: string;
  created_date: string;
  last_used_date: string | null;
  revoked_date: string | null;
  revision: Generated<number>;
}

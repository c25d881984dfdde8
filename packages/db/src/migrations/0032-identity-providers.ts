import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/**
 * Single sign-on for members (docs/decisions/0038-member-sso.md): the merchant's OpenID Connect identity providers
 * (client secret sealed), the link from a provider's subject to a member, and the sign-ins in flight (state, nonce
 * and PKCE verifier kept server-side, single use, expiring).
 */
export function migration0032() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('identity_providers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        // Sealed with the store's sealer (lib/secrets.ts); null for a public client.
        .addColumn('client_secret', 'text')
        // Space-separated, as OAuth writes them.
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('identity_provider_links')
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('identity_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('last_sign_in_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('identity_provider_links_pk', ['provider_id', 'subject'])
        .execute();
      await db.schema
        .createIndex('identity_provider_links_identity')
        .on('identity_provider_links')
        .column('identity_id')
        .execute();

      await db.schema
        .createTable('sso_states')
        // SHA-256 of the state sent to the provider: the state itself is never stored.
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('visitor_id', 'text')
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        // SHA-256 of the cookie of the browser that started it: the answer must come back to that browser.
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sso_states_expires').on('sso_states').column('expires_date').execute();
    },
  };
}

import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DialectName } from './dialect.js';
import { migration0001 } from './migrations/0001-catalog.js';
import { migration0002 } from './migrations/0002-catalog-read-indexes.js';
import { migration0003 } from './migrations/0003-identity.js';
import { migration0004 } from './migrations/0004-discounts.js';
import { migration0005 } from './migrations/0005-shipping-tax-tips.js';
import { migration0006 } from './migrations/0006-carts.js';
import { migration0007 } from './migrations/0007-sign-in-visitor.js';
import { migration0008 } from './migrations/0008-checkouts.js';
import { migration0009 } from './migrations/0009-orders.js';
import { migration0010 } from './migrations/0010-outbox-queue.js';
import { migration0011 } from './migrations/0011-abandoned-details.js';
import { migration0012 } from './migrations/0012-order-tags.js';
import { migration0013 } from './migrations/0013-audit-log.js';
import { migration0014 } from './migrations/0014-media-files.js';
import { migration0015 } from './migrations/0015-product-imports.js';
import { migration0016 } from './migrations/0016-order-search.js';
import { migration0017 } from './migrations/0017-coupon-discount-totals.js';
import { migration0018 } from './migrations/0018-inventory-change-reasons.js';
import { migration0019 } from './migrations/0019-order-timers.js';
import { migration0020 } from './migrations/0020-product-search.js';
import { migration0021 } from './migrations/0021-redirect-hand-off.js';
import { migration0022 } from './migrations/0022-ribbons-and-brands.js';
import { migration0023 } from './migrations/0023-categories.js';
import { migration0024 } from './migrations/0024-info-sections.js';
import { migration0025 } from './migrations/0025-customizations.js';
import { migration0026 } from './migrations/0026-product-option-choices.js';
import { migration0027 } from './migrations/0027-product-info-sections.js';
import { migration0028 } from './migrations/0028-preorder.js';
import { migration0029 } from './migrations/0029-actual-price-columns.js';
import { migration0030 } from './migrations/0030-webhooks.js';
import { migration0031 } from './migrations/0031-facet-tallies.js';
import { migration0032 } from './migrations/0032-identity-providers.js';
import { migration0033 } from './migrations/0033-webhook-last-attempt.js';
import { migration0034 } from './migrations/0034-stripe.js';
import type { Database } from './schema.js';

/** All migrations in order; the key is the frozen name recorded in the database. */
function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-catalog': migration0001(dialect),
    '0002-catalog-read-indexes': migration0002(),
    '0003-identity': migration0003(),
    '0004-discounts': migration0004(dialect),
    '0005-shipping-tax-tips': migration0005(dialect),
    '0006-carts': migration0006(dialect),
    '0007-sign-in-visitor': migration0007(),
    '0008-checkouts': migration0008(dialect),
    '0009-orders': migration0009(dialect),
    '0010-outbox-queue': migration0010(dialect),
    '0011-abandoned-details': migration0011(),
    '0012-order-tags': migration0012(),
    '0013-audit-log': migration0013(),
    '0014-media-files': migration0014(),
    '0015-product-imports': migration0015(),
    '0016-order-search': migration0016(),
    '0017-coupon-discount-totals': migration0017(),
    '0018-inventory-change-reasons': migration0018(),
    '0019-order-timers': migration0019(),
    '0020-product-search': migration0020(dialect),
    '0021-redirect-hand-off': migration0021(),
    '0022-ribbons-and-brands': migration0022(),
    '0023-categories': migration0023(),
    '0024-info-sections': migration0024(),
    '0025-customizations': migration0025(),
    '0026-product-option-choices': migration0026(),
    '0027-product-info-sections': migration0027(),
    '0028-preorder': migration0028(),
    '0029-actual-price-columns': migration0029(dialect),
    '0030-webhooks': migration0030(dialect),
    '0031-facet-tallies': migration0031(),
    '0032-identity-providers': migration0032(),
    '0033-webhook-last-attempt': migration0033(),
    '0034-stripe': migration0034(),
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.dialect);
  }
}

/**
 * Brings the schema up to date; throws with the failing migration's error. `schema` names the PostgreSQL schema
 * that holds the migration tables: without it Kysely takes a migration table in any other schema of the database
 * (another test file's) for its own.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName, schema?: string): Promise<string[]> {
  return migrate(db, dialect, schema);
}

/** Brings the schema up to the migration `name` (tests of a migration over data written before it). */
export async function migrateUpTo(
  db: Kysely<Database>,
  dialect: DialectName,
  name: string,
  schema?: string,
): Promise<string[]> {
  return migrate(db, dialect, schema, name);
}

async function migrate(db: Kysely<Database>, dialect: DialectName, schema?: string, upTo?: string) {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // SQLite keeps the statement journal of a savepoint in memory while serving (create-db.ts); a migration may
  // change every page of a large table inside one, so migrations journal to a temp file as SQLite does by default.
  const tempStore = dialect === 'sqlite' ? await pragma(db, 'temp_store') : undefined;
  if (tempStore !== undefined) await sql.raw('pragma temp_store = FILE').execute(db);
  try {
    const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    if (tempStore !== undefined) await sql.raw(`pragma temp_store = ${Number(tempStore)}`).execute(db);
  }
}

/** A SQLite pragma's current value. */
async function pragma(db: Kysely<Database>, name: string): Promise<unknown> {
  const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
  return rows[0]?.[name];
}

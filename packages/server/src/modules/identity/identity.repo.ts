import type { IdentityProfile } from '@merx/contract';
import type { Database, DialectName, Executor, IdentitiesTable } from '@merx/db';
import { type Kysely, type Selectable, sql } from 'kysely';

export type IdentityKind = 'member' | 'staff';
export type IdentityStatus = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

/** Second factors of an identity; the TOTP seed is sealed (encrypted) at rest. */
export interface Factors {
  totp?: { id: string; sealedSecret: string; enabled: boolean; createdDate: string };
  email?: { id: string; enabled: boolean; createdDate: string };
}

export interface IdentityRecord {
  id: string;
  kind: IdentityKind;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  passwordResetRequired: boolean;
  status: IdentityStatus;
  role: string | null;
  permissions: string[];
  profile: IdentityProfile;
  factors: Factors;
  lastLoginDate: string | null;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

/** Emails are compared and kept lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toRecord(row: Selectable<IdentitiesTable>): IdentityRecord {
  return {
    id: row.id,
    kind: row.kind as IdentityKind,
    email: row.email,
    emailVerified: row.email_verified === 1,
    passwordHash: row.password_hash,
    passwordResetRequired: row.password_reset_required === 1,
    status: row.status as IdentityStatus,
    role: row.role,
    permissions: JSON.parse(row.permissions) as string[],
    profile: JSON.parse(row.profile) as IdentityProfile,
    factors: JSON.parse(row.factors) as Factors,
    lastLoginDate: row.last_login_date,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

/** `like` pattern matching `text` anywhere, lower-cased, with the pattern characters escaped (escape `\\`). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A text field of the profile JSON (the engines read JSON text differently). */
const profileText = (dialect: DialectName, key: 'firstName' | 'lastName') =>
  dialect === 'postgres'
    ? sql<string>`coalesce(cast(identities.profile as jsonb) ->> ${sql.lit(key)}, '')`
    : sql<string>`coalesce(json_extract(identities.profile, ${sql.lit(`$.${key}`)}), '')`;

/** The identity's email, or its name as "first last", holds `text` (case-insensitive). */
function emailOrNameContains(dialect: DialectName, text: string) {
  const pattern = containing(text.trim());
  const name = sql<string>`lower(${profileText(dialect, 'firstName')} || ' ' || ${profileText(dialect, 'lastName')})`;
  return sql<boolean>`(identities.email like ${pattern} escape '\\' or ${name} like ${pattern} escape '\\')`;
}

export function createIdentityRepo(db: Kysely<Database>) {
  return {
    async byId(ex: Executor, id: string, kind?: IdentityKind): Promise<IdentityRecord | undefined> {
      let q = ex.selectFrom('identities').selectAll().where('id', '=', id);
      if (kind) q = q.where('kind', '=', kind);
      const row = await q.executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async byEmail(ex: Executor, kind: IdentityKind, email: string): Promise<IdentityRecord | undefined> {
      const row = await ex
        .selectFrom('identities')
        .selectAll()
        .where('kind', '=', kind)
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async insert(ex: Executor, r: IdentityRecord): Promise<void> {
      await ex
        .insertInto('identities')
        .values({
          id: r.id,
          kind: r.kind,
          email: r.email,
          email_verified: r.emailVerified ? 1 : 0,
          password_hash: r.passwordHash,
          password_reset_required: r.passwordResetRequired ? 1 : 0,
          status: r.status,
          role: r.role,
          permissions: JSON.stringify(r.permissions),
          profile: JSON.stringify(r.profile),
          factors: JSON.stringify(r.factors),
          last_login_date: r.lastLoginDate,
          created_date: r.createdDate,
          updated_date: r.updatedDate,
          revision: r.revision,
        })
        .execute();
    },
    /** Writes the changed fields and bumps the revision. */
    async update(
      ex: Executor,
      id: string,
      patch: Partial<Omit<IdentityRecord, 'id' | 'kind' | 'createdDate' | 'revision'>>,
      updatedDate: string,
    ): Promise<void> {
      await ex
        .updateTable('identities')
        .set((eb) => ({
          ...(patch.email !== undefined ? { email: patch.email } : {}),
          ...(patch.emailVerified !== undefined ? { email_verified: patch.emailVerified ? 1 : 0 } : {}),
          ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
          ...(patch.passwordResetRequired !== undefined
            ? { password_reset_required: patch.passwordResetRequired ? 1 : 0 }
            : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.role !== undefined ? { role: patch.role } : {}),
          ...(patch.permissions !== undefined ? { permissions: JSON.stringify(patch.permissions) } : {}),
          ...(patch.profile !== undefined ? { profile: JSON.stringify(patch.profile) } : {}),
          ...(patch.factors !== undefined ? { factors: JSON.stringify(patch.factors) } : {}),
          ...(patch.lastLoginDate !== undefined ? { last_login_date: patch.lastLoginDate } : {}),
          updated_date: updatedDate,
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },
    /** Sets the status only if it is still `from` (compare-and-set); false when it was not. */
    async setStatusFrom(
      ex: Executor,
      id: string,
      from: IdentityStatus,
      to: IdentityStatus,
      updatedDate: string,
    ): Promise<boolean> {
      const result = await ex
        .updateTable('identities')
        .set((eb) => ({ status: to, updated_date: updatedDate, revision: eb('revision', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async list(
      ex: Executor,
      opts: {
        kind: IdentityKind;
        status?: IdentityStatus;
        email?: string;
        /** Text looked for in the email and the name (first and last) of each identity. */
        search?: { text: string; dialect: DialectName };
        limit: number;
        offset: number;
      },
    ): Promise<{ items: IdentityRecord[]; total: number }> {
      let q = ex.selectFrom('identities').where('kind', '=', opts.kind);
      if (opts.status) q = q.where('status', '=', opts.status);
      // A staff search box: `_` in the text matches any one character, which only widens the result a little.
      if (opts.email) q = q.where('email', 'like', `%${normaliseEmail(opts.email).replaceAll('%', '')}%`);
      if (opts.search?.text) q = q.where(emailOrNameContains(opts.search.dialect, opts.search.text));
      const rows = await q
        .selectAll()
        .orderBy('created_date', 'desc')
        .orderBy('id')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute();
      const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return { items: rows.map(toRecord), total: Number(total.n) };
    },
    db,
  };
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;

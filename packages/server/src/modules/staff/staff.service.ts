import { type Database, type Executor, withTransaction } from '@merx/db';
import { AppError, invalid, notFound } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Caller, StaffRole } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { hashPassword, passwordProblem } from '../../lib/passwords.js';
import { sha256 } from '../../lib/secrets.js';
import { type AuditContext, type AuditLog, commandLine } from '../audit/audit.service.js';
import { identityOf } from '../identity/identity.mapper.js';
import { createIdentityRepo, type IdentityRecord, normaliseEmail } from '../identity/identity.repo.js';
import type { MailService } from '../mail/mail.service.js';
import { staffInvitationMail } from '../mail/mail.templates.js';
import type { TokenService } from '../oauth/tokens.service.js';
import { createStaffAccount } from './staff.account.js';
import { type StaffMember, toStaff } from './staff.mapper.js';
import { assertMayChange, assertMayGrant, beyondCaller, type Grant, machineOwner } from './staff.rules.js';

export const STAFF_NOT_FOUND = 'STAFF_NOT_FOUND';
export const INVITATION_NOT_VALID = 'INVITATION_NOT_VALID';
export const INVITATION_NOT_FOUND = 'INVITATION_NOT_FOUND';
const INVITATION_TTL = 7 * 24 * 3600;
/** The settings row every change that could leave the store without an owner writes first (see assertAnotherOwner). */
const STAFF_ROLES_LOCK = 'lock:staff-roles';

/** Owners and admins hold everything; staff hold the permissions given (sorted, once each). */
function grantOf(role: StaffRole, permissions: readonly string[]): Grant {
  return { role, permissions: role === 'staff' ? [...new Set(permissions)].sort() : ['*'] };
}
export const staffRoles = ['owner', 'admin', 'staff'] as const;
export type { StaffMember };

export interface StaffInvitation {
  id: string;
  email: string;
  role: StaffRole;
  permissions: string[];
  /** The staff account or API key that sent it. */
  invitedBy: string;
  createdDate: string;
  expiresDate: string;
}

/** Back-office accounts: the owner made on first start, and staff invited by owners and admins. */
export function createStaffService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mail: MailService;
  tokens: TokenService;
  audit: AuditLog;
  storeName: () => string;
  publicUrl: string;
}) {
  const repo = createIdentityRepo(deps.db);
  const now = () => deps.clock.now().toISOString();

  async function load(id: string): Promise<IdentityRecord> {
    const r = await repo.byId(deps.db, id, 'staff');
    if (!r || r.status === 'DELETED') throw notFound(STAFF_NOT_FOUND, 'Staff account not found', { staffId: id });
    return r;
  }

  const service = {
    async count(): Promise<number> {
      const row = await deps.db
        .selectFrom('identities')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('kind', '=', 'staff')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The first owner: made once, on an empty store, with the given or a random password. */
    async ensureOwner(email: string, password?: string): Promise<{ email: string; password: string } | undefined> {
      if ((await service.count()) > 0) return undefined;
      const chosen = password ?? randomToken(12);
      const problem = passwordProblem(chosen);
      if (problem) throw new Error(`MERX_OWNER_PASSWORD ${problem}`);
      const at = now();
      await repo.insert(deps.db, {
        id: newId(),
        kind: 'staff',
        email: normaliseEmail(email),
        emailVerified: true,
        passwordHash: await hashPassword(chosen),
        passwordResetRequired: false,
        status: 'ACTIVE',
        role: 'owner',
        permissions: ['*'],
        profile: { firstName: 'Store', lastName: 'Owner' },
        factors: {},
        lastLoginDate: null,
        createdDate: at,
        updatedDate: at,
        revision: 1,
      });
      return { email: normaliseEmail(email), password: chosen };
    },

    async list(): Promise<StaffMember[]> {
      const { items } = await repo.list(deps.db, { kind: 'staff', limit: 1000, offset: 0 });
      return items.filter((r) => r.status !== 'DELETED').map(toStaff);
    },

    async get(id: string): Promise<StaffMember> {
      return toStaff(await load(id));
    },

    /**
     * Invites a person by email to a role the caller may give (only owners invite owners; staff get only
     * permissions the caller holds). Returns the link (also mailed).
     */
    async invite(
      caller: Caller,
      input: { email: string; role: StaffRole; permissions?: string[] | undefined },
      context: AuditContext,
    ): Promise<{ invitationId: string; url: string }> {
      const grant = grantOf(input.role, input.permissions ?? []);
      assertMayGrant(caller, grant);
      const email = normaliseEmail(input.email);
      if (await repo.byEmail(deps.db, 'staff', email)) {
        throw new AppError('ALREADY_EXISTS', 'STAFF_ALREADY_EXISTS', 'A staff account with this email already exists');
      }
      const token = randomToken(32);
      const id = newId();
      const url = `${deps.publicUrl.replace(/\/+$/, '')}/auth/accept-invitation?token=${encodeURIComponent(token)}`;
      await withTransaction(deps.db, async (uow) => {
        const at = deps.clock.now();
        await uow.trx
          .insertInto('staff_invitations')
          .values({
            id,
            email,
            role: grant.role,
            permissions: JSON.stringify(grant.permissions),
            token_hash: sha256(token),
            invited_by: context.actor.id ?? 'system',
            created_date: at.toISOString(),
            expires_date: new Date(at.getTime() + INVITATION_TTL * 1000).toISOString(),
            accepted_date: null,
            revoked_date: null,
          })
          .execute();
        const mail = staffInvitationMail({
          storeName: deps.storeName(),
          inviterName: context.actor.kind === 'STAFF' ? context.actor.name : 'The store owner',
          role: grant.role,
          url,
        });
        await deps.mail.queue(uow.trx, { kind: 'staff-invitation', to: email, ...mail });
        await deps.audit.record(uow.trx, context, {
          action: 'staff.invited',
          target: { kind: 'STAFF_INVITATION', id, name: email },
          details: { role: grant.role, permissions: grant.permissions },
        });
        uow.afterCommit(() => deps.mail.kick());
      });
      return { invitationId: id, url };
    },

    /** Invitations not yet accepted, revoked or expired. */
    async pendingInvitations(): Promise<StaffInvitation[]> {
      const rows = await deps.db
        .selectFrom('staff_invitations')
        .select(['id', 'email', 'role', 'permissions', 'invited_by', 'created_date', 'expires_date'])
        .where('accepted_date', 'is', null)
        .where('revoked_date', 'is', null)
        .where('expires_date', '>', now())
        .orderBy('created_date', 'desc')
        .limit(1000)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role as StaffRole,
        permissions: JSON.parse(r.permissions) as string[],
        invitedBy: r.invited_by,
        createdDate: r.created_date,
        expiresDate: r.expires_date,
      }));
    },

    /** Withdraws a pending invitation (the caller must be able to give what it offers). */
    async revokeInvitation(caller: Caller, id: string, context: AuditContext): Promise<void> {
      const invitation = (await service.pendingInvitations()).find((i) => i.id === id);
      if (!invitation) throw notFound(INVITATION_NOT_FOUND, 'No pending invitation with this id', { invitationId: id });
      assertMayGrant(caller, invitation);
      await withTransaction(deps.db, async (uow) => {
        await uow.trx
          .updateTable('staff_invitations')
          .set({ revoked_date: now() })
          .where('id', '=', id)
          .where('accepted_date', 'is', null)
          .execute();
        await deps.audit.record(uow.trx, context, {
          action: 'staff.invitation-revoked',
          target: { kind: 'STAFF_INVITATION', id, name: invitation.email },
          details: { role: invitation.role, permissions: invitation.permissions },
        });
      });
    },

    /** The invited person sets a password: the staff account exists from then on. */
    async acceptInvitation(token: string, password: string, profile: { firstName?: string; lastName?: string }) {
      const problem = passwordProblem(password);
      if (problem) throw invalid('password', problem, password.length < 8 ? 'MIN_LENGTH' : 'MAX_LENGTH');
      const passwordHash = await hashPassword(password);
      return withTransaction(deps.db, async (uow) => {
        const at = now();
        const inv = await uow.trx
          .selectFrom('staff_invitations')
          .selectAll()
          .where('token_hash', '=', sha256(token))
          .where('accepted_date', 'is', null)
          .where('revoked_date', 'is', null)
          .where('expires_date', '>', at)
          .executeTakeFirst();
        // The one who invited must still be able to give what the invitation offers (demoted or gone: not valid).
        const inviter = await inviterCaller(uow.trx, inv?.invited_by);
        const offered = inv ? grantOf(inv.role as StaffRole, JSON.parse(inv.permissions) as string[]) : undefined;
        if (!inv || !inviter || !offered || beyondCaller(inviter, offered).length > 0)
          throw new AppError('INVALID_ARGUMENT', INVITATION_NOT_VALID, 'The invitation has expired or was used');
        const res = await uow.trx
          .updateTable('staff_invitations')
          .set({ accepted_date: at })
          .where('id', '=', inv.id)
          .where('accepted_date', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) {
          throw new AppError('INVALID_ARGUMENT', INVITATION_NOT_VALID, 'The invitation has expired or was used');
        }
        const record: IdentityRecord = {
          id: newId(),
          kind: 'staff',
          email: inv.email,
          emailVerified: true,
          passwordHash,
          passwordResetRequired: false,
          status: 'ACTIVE',
          role: inv.role,
          permissions: JSON.parse(inv.permissions) as string[],
          profile,
          factors: {},
          lastLoginDate: null,
          createdDate: at,
          updatedDate: at,
          revision: 1,
        };
        await repo.insert(uow.trx, record);
        await deps.audit.record(
          uow.trx,
          { actor: { kind: 'STAFF', id: record.id, name: record.email }, ip: null },
          {
            action: 'staff.joined',
            target: { kind: 'STAFF', id: record.id, name: record.email },
            details: { invitationId: inv.id, role: record.role, permissions: record.permissions },
          },
        );
        return toStaff(record);
      });
    },

    /**
     * Changes another account's role and permissions, within what the caller may give; the last owner cannot be
     * demoted. Tokens carry the role, so the account's sign-ins end.
     */
    async update(
      caller: Caller,
      id: string,
      patch: { role?: StaffRole | undefined; permissions?: string[] | undefined },
      context: AuditContext,
    ): Promise<StaffMember> {
      const target = await load(id);
      const before = grantOf(target.role as StaffRole, target.permissions);
      assertMayChange(caller, id, before, 'change');
      const role = patch.role ?? before.role;
      const after = grantOf(role, patch.permissions ?? (role === before.role ? before.permissions : []));
      assertMayGrant(caller, after);
      return withTransaction(deps.db, async (uow) => {
        if (before.role === 'owner' && after.role !== 'owner') await assertAnotherOwner(uow.trx, id);
        await repo.update(uow.trx, id, { role: after.role, permissions: [...after.permissions] }, now());
        await deps.tokens.revokeAllOf(uow.trx, id);
        await deps.audit.record(uow.trx, context, {
          action: 'staff.updated',
          target: { kind: 'STAFF', id, name: target.email },
          details: { before, after },
        });
        return toStaff({ ...target, role: after.role, permissions: [...after.permissions] });
      });
    },

    /** Removes an account (one's own too); only owners remove owners, and the last owner stays. */
    async remove(caller: Caller, id: string, context: AuditContext): Promise<void> {
      const target = await load(id);
      const before = grantOf(target.role as StaffRole, target.permissions);
      assertMayChange(caller, id, before, 'remove');
      await withTransaction(deps.db, async (uow) => {
        if (before.role === 'owner') await assertAnotherOwner(uow.trx, id);
        await repo.update(uow.trx, id, { status: 'DELETED' }, now());
        await deps.tokens.revokeAllOf(uow.trx, id);
        await deps.audit.record(uow.trx, context, {
          action: 'staff.removed',
          target: { kind: 'STAFF', id, name: target.email },
          details: { before },
        });
      });
    },

    /**
     * Sets a staff account's password from the command line (the way back in for an owner who lost theirs);
     * every sign-in of the account ends. Returns the password (generated when none is given).
     */
    async setPassword(email: string, password?: string): Promise<string> {
      const record = await repo.byEmail(deps.db, 'staff', email);
      if (!record || record.status === 'DELETED') {
        throw notFound(STAFF_NOT_FOUND, 'No staff account with this email', { email });
      }
      const chosen = password ?? randomToken(12);
      const problem = passwordProblem(chosen);
      if (problem) throw invalid('password', problem, 'MIN_LENGTH');
      const passwordHash = await hashPassword(chosen);
      await withTransaction(deps.db, async (uow) => {
        await repo.update(uow.trx, record.id, { passwordHash, passwordResetRequired: false }, now());
        await deps.tokens.revokeAllOf(uow.trx, record.id);
        await deps.audit.record(uow.trx, commandLine, {
          action: 'staff.password-set',
          target: { kind: 'STAFF', id: record.id, name: record.email },
        });
      });
      return chosen;
    },

    wire: (r: IdentityRecord) => identityOf(r, { emailVerificationRequired: false }),

    /** The signed-in staff member's own account: name and password. */
    account: createStaffAccount(deps),
  };

  /**
   * Inside the change's transaction: refuses when no other active owner would be left. The store's staff-roles
   * row is written first, so that two such changes at once (on PostgreSQL) take turns instead of both seeing the
   * other owner still there.
   */
  async function assertAnotherOwner(ex: Executor, exceptId: string): Promise<void> {
    await ex
      .insertInto('settings')
      .values({ key: STAFF_ROLES_LOCK, value: '0' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '0' }))
      .execute();
    const other = await ex
      .selectFrom('identities')
      .select('id')
      .where('kind', '=', 'staff')
      .where('role', '=', 'owner')
      .where('status', '=', 'ACTIVE')
      .where('id', '!=', exceptId)
      .limit(1)
      .executeTakeFirst();
    if (!other) throw new AppError('FAILED_PRECONDITION', 'LAST_OWNER', 'The store must keep at least one owner');
  }

  /** The invitation's inviter as a caller, as they are now: an active staff account or a live API key. */
  async function inviterCaller(ex: Executor, invitedBy: string | undefined): Promise<Caller | undefined> {
    if (!invitedBy) return undefined;
    if (invitedBy === 'system') return machineOwner;
    const staff = await repo.byId(ex, invitedBy, 'staff');
    if (staff) {
      if (staff.status !== 'ACTIVE') return undefined;
      const role = (staff.role ?? 'staff') as StaffRole;
      return { kind: 'staff', staffId: staff.id, role, permissions: staff.permissions, clientId: '', tokenId: '' };
    }
    const key = await ex
      .selectFrom('api_keys')
      .select(['id', 'scopes'])
      .where('id', '=', invitedBy)
      .where('revoked_date', 'is', null)
      .executeTakeFirst();
    return key ? { kind: 'apiKey', keyId: key.id, scopes: JSON.parse(key.scopes) as string[] } : undefined;
  }

  return service;
}

export type StaffService = ReturnType<typeof createStaffService>;

import { type Database, withTransaction } from '@merx/db';
import { AppError, invalid, notFound } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { hashPassword, passwordProblem } from '../../lib/passwords.js';
import { sha256 } from '../../lib/secrets.js';
import { identityOf } from '../identity/identity.mapper.js';
import { createIdentityRepo, type IdentityRecord, normaliseEmail } from '../identity/identity.repo.js';
import type { MailService } from '../mail/mail.service.js';
import { staffInvitationMail } from '../mail/mail.templates.js';
import type { TokenService } from '../oauth/tokens.service.js';

export const STAFF_NOT_FOUND = 'STAFF_NOT_FOUND';
export const INVITATION_NOT_VALID = 'INVITATION_NOT_VALID';
const INVITATION_TTL = 7 * 24 * 3600;
export const staffRoles = ['owner', 'admin', 'staff'] as const;

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  permissions: string[];
  status: string;
  name: string;
  lastLoginDate: string | null;
  createdDate: string;
}

function toStaff(r: IdentityRecord): StaffMember {
  return {
    id: r.id,
    email: r.email,
    role: (r.role ?? 'staff') as StaffRole,
    permissions: r.permissions,
    status: r.status,
    name: [r.profile.firstName, r.profile.lastName].filter(Boolean).join(' ') || r.email,
    lastLoginDate: r.lastLoginDate,
    createdDate: r.createdDate,
  };
}

/** Back-office accounts: the owner made on first start, and staff invited by owners and admins. */
export function createStaffService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mail: MailService;
  tokens: TokenService;
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

    /** Invites a person by email; only owners may invite owners. Returns the link (also mailed). */
    async invite(
      inviter: { id: string; role: StaffRole },
      input: { email: string; role: StaffRole; permissions?: string[] },
    ): Promise<{ invitationId: string; url: string }> {
      if (input.role === 'owner' && inviter.role !== 'owner') {
        throw new AppError('PERMISSION_DENIED', 'PERMISSION_DENIED', 'Only an owner can invite another owner');
      }
      const email = normaliseEmail(input.email);
      if (await repo.byEmail(deps.db, 'staff', email)) {
        throw new AppError('ALREADY_EXISTS', 'STAFF_ALREADY_EXISTS', 'A staff account with this email already exists');
      }
      const token = randomToken(32);
      const id = newId();
      const url = `${deps.publicUrl.replace(/\/+$/, '')}/auth/accept-invitation?token=${encodeURIComponent(token)}`;
      const inviterRecord = await repo.byId(deps.db, inviter.id);
      await withTransaction(deps.db, async (uow) => {
        const at = deps.clock.now();
        await uow.trx
          .insertInto('staff_invitations')
          .values({
            id,
            email,
            role: input.role,
            permissions: JSON.stringify(input.role === 'staff' ? (input.permissions ?? []) : ['*']),
            token_hash: sha256(token),
            invited_by: inviter.id,
            created_date: at.toISOString(),
            expires_date: new Date(at.getTime() + INVITATION_TTL * 1000).toISOString(),
            accepted_date: null,
            revoked_date: null,
          })
          .execute();
        const mail = staffInvitationMail({
          storeName: deps.storeName(),
          inviterName: inviterRecord ? toStaff(inviterRecord).name : 'The store owner',
          role: input.role,
          url,
        });
        await deps.mail.queue(uow.trx, { kind: 'staff-invitation', to: email, ...mail });
        uow.afterCommit(() => deps.mail.kick());
      });
      return { invitationId: id, url };
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
        if (!inv)
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
        return toStaff(record);
      });
    },

    /** Changes role and permissions; the last owner cannot be demoted. Tokens carry the role, so they end. */
    async update(
      actor: { id: string; role: StaffRole },
      id: string,
      patch: { role?: StaffRole; permissions?: string[] },
    ): Promise<StaffMember> {
      const target = await load(id);
      if ((patch.role === 'owner' || target.role === 'owner') && actor.role !== 'owner') {
        throw new AppError('PERMISSION_DENIED', 'PERMISSION_DENIED', 'Only an owner can change an owner');
      }
      if (target.role === 'owner' && patch.role && patch.role !== 'owner') await assertAnotherOwner(id);
      return withTransaction(deps.db, async (uow) => {
        const role = patch.role ?? target.role ?? 'staff';
        const permissions = role === 'staff' ? (patch.permissions ?? target.permissions) : ['*'];
        await repo.update(uow.trx, id, { role, permissions }, now());
        await deps.tokens.revokeAllOf(uow.trx, id);
        return toStaff({ ...target, role, permissions });
      });
    },

    async remove(actor: { id: string; role: StaffRole }, id: string): Promise<void> {
      const target = await load(id);
      if (target.role === 'owner' && actor.role !== 'owner') {
        throw new AppError('PERMISSION_DENIED', 'PERMISSION_DENIED', 'Only an owner can remove an owner');
      }
      if (target.role === 'owner') await assertAnotherOwner(id);
      await withTransaction(deps.db, async (uow) => {
        await repo.update(uow.trx, id, { status: 'DELETED' }, now());
        await deps.tokens.revokeAllOf(uow.trx, id);
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
      });
      return chosen;
    },

    wire: (r: IdentityRecord) => identityOf(r, { emailVerificationRequired: false }),
  };

  async function assertAnotherOwner(exceptId: string): Promise<void> {
    const owners = (await service.list()).filter(
      (s) => s.role === 'owner' && s.status === 'ACTIVE' && s.id !== exceptId,
    );
    if (owners.length === 0) {
      throw new AppError('FAILED_PRECONDITION', 'LAST_OWNER', 'The store must keep at least one owner');
    }
  }

  return service;
}

export type StaffService = ReturnType<typeof createStaffService>;

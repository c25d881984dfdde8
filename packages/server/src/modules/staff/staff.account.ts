import { iamErrorCodes } from '@merx/contract';
import { type Database, withTransaction } from '@merx/db';
import { AppError, type FieldViolation, notFound, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.js';
import { createThrottle } from '../../lib/throttle.js';
import type { AuditContext, AuditLog } from '../audit/audit.service.js';
import { createIdentityRepo, type IdentityRecord } from '../identity/identity.repo.js';
import { createSessions } from '../identity/sessions.js';
import type { TokenService } from '../oauth/tokens.service.js';
import { type StaffMember, toStaff } from './staff.mapper.js';

/** Wrong current passwords a staff account may send in a quarter of an hour before it must wait. */
const WRONG_PASSWORDS = 10;
const WRONG_PASSWORD_WINDOW = 15 * 60;

/**
 * The signed-in staff member's own account: their name, their password. A password proves the person at the
 * keyboard is the account's owner before anything that changes their access (a new password, a factor removed),
 * so that a sign-in left open on a shared computer cannot lock them out.
 */
export function createStaffAccount(deps: {
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  audit: AuditLog;
}) {
  const repo = createIdentityRepo(deps.db);
  const sessions = createSessions(deps);
  const throttle = createThrottle(deps);
  const now = () => deps.clock.now().toISOString();

  function staffIdOf(caller: Caller): string {
    if (caller.kind !== 'staff') throw new Error('staff self-service reached without a staff caller');
    return caller.staffId;
  }

  async function own(caller: Caller): Promise<IdentityRecord> {
    const id = staffIdOf(caller);
    const record = await repo.byId(deps.db, id, 'staff');
    if (record?.status !== 'ACTIVE') throw notFound('STAFF_NOT_FOUND', 'Staff account not found', { staffId: id });
    return record;
  }

  /** The violation of a wrong current password (counted: past the limit the account waits, right or wrong). */
  async function currentPasswordViolation(
    record: IdentityRecord,
    password: string,
  ): Promise<FieldViolation | undefined> {
    const key = `staff-password:${record.id}`;
    if ((await throttle.count(key, WRONG_PASSWORD_WINDOW)) >= WRONG_PASSWORDS) {
      throw new AppError(
        'RESOURCE_EXHAUSTED',
        iamErrorCodes.tooManyAttempts,
        'Too many wrong passwords. Try again in a quarter of an hour.',
        { retryAfterSeconds: WRONG_PASSWORD_WINDOW },
      );
    }
    if (record.passwordHash && (await verifyPassword(record.passwordHash, password))) return undefined;
    await throttle.hit(key, WRONG_PASSWORD_WINDOW);
    return { field: 'currentPassword', description: 'is not your current password', violatedRule: 'VALIDATION' };
  }

  return {
    /** Changes the signed-in staff member's own first and last name. */
    async updateProfile(caller: Caller, patch: { firstName?: string; lastName?: string }): Promise<StaffMember> {
      const record = await own(caller);
      const profile = { ...record.profile };
      if (patch.firstName !== undefined) profile.firstName = patch.firstName.trim();
      if (patch.lastName !== undefined) profile.lastName = patch.lastName.trim();
      await repo.update(deps.db, record.id, { profile }, now());
      return toStaff({ ...record, profile });
    },

    /** Throws unless `password` is the signed-in staff member's current password (field `currentPassword`). */
    async confirmPassword(caller: Caller, password: string): Promise<void> {
      const violation = await currentPasswordViolation(await own(caller), password);
      if (violation) throw new ValidationError([violation]);
    },

    /**
     * A new password, given the current one. Every other sign-in of the account ends (other browsers, the hosted
     * page's own sign-in, trusted browsers); the one that asked stays signed in. On the audit trail.
     */
    async changePassword(
      caller: Caller,
      input: { currentPassword: string; newPassword: string },
      context: AuditContext,
    ): Promise<void> {
      const record = await own(caller);
      const violations: FieldViolation[] = [];
      const wrong = await currentPasswordViolation(record, input.currentPassword);
      if (wrong) violations.push(wrong);
      const problem = passwordProblem(input.newPassword);
      if (problem) {
        const n = input.newPassword.length;
        const rule = n < 8 ? 'MIN_LENGTH' : n > 256 ? 'MAX_LENGTH' : 'VALIDATION';
        violations.push({ field: 'newPassword', description: problem, violatedRule: rule });
      } else if (!wrong && input.newPassword === input.currentPassword) {
        violations.push({
          field: 'newPassword',
          description: 'must be different from the current password',
          violatedRule: 'VALIDATION',
        });
      }
      if (violations.length > 0) throw new ValidationError(violations);
      const passwordHash = await hashPassword(input.newPassword);
      const keep = caller.kind === 'staff' ? caller.tokenId : '';
      await withTransaction(deps.db, async (uow) => {
        await repo.update(uow.trx, record.id, { passwordHash, passwordResetRequired: false }, now());
        await uow.trx
          .updateTable('refresh_tokens')
          .set({ revoked_date: now() })
          .where('subject_id', '=', record.id)
          .where('id', '!=', keep)
          .where('revoked_date', 'is', null)
          .execute();
        await sessions.revokeAllOf(uow.trx, record.id);
        await deps.audit.record(uow.trx, context, {
          action: 'staff.password-changed',
          target: { kind: 'STAFF', id: record.id, name: record.email },
          details: { otherSignInsEnded: true },
        });
      });
    },
  };
}

export type StaffAccount = ReturnType<typeof createStaffAccount>;

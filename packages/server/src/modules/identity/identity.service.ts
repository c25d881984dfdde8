import { type Identity, type IdentityProfile, iamErrorCodes, type StateResponse } from '@merx/contract';
import { type Database, type DialectName, type Executor, withTransaction } from '@merx/db';
import { AppError, invalid, notFound, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, passwordProblem, verifyNothing, verifyPassword } from '../../lib/passwords.js';
import type { Sealer } from '../../lib/secrets.js';
import type { Throttle } from '../../lib/throttle.js';
import { newTotpSecret, totpEnrolment, totpStep } from '../../lib/totp.js';
import type { AuditContext, AuditLog } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import { activationLinkMail, factorCodeMail, recoveryLinkMail, verificationCodeMail } from '../mail/mail.templates.js';
import type { TokenService } from '../oauth/tokens.service.js';
import type { CaptchaVerifier } from './captcha.js';
import { type CaptchaTokens, createCaptchaGate } from './captcha-gate.js';
import type { Challenges } from './challenges.js';
import { identityOf } from './identity.mapper.js';
import {
  createIdentityRepo,
  type IdentityKind,
  type IdentityRecord,
  type IdentityStatus,
  normaliseEmail,
} from './identity.repo.js';
import type { MemberSettingsService } from './member-settings.js';
import type { Sessions } from './sessions.js';
import type { SignInContext, SignInGuard } from './sign-in-guard.js';
import { signUpAttemptMail } from './sign-up-attempt.mail.js';

/** Where a request came from, for throttling (and for sign-in, the hosted page's trusted browser). */
export type RequestContext = SignInContext;

/** Verification codes, second-factor codes and their state tokens: 15 minutes. */
const CODE_TTL = 15 * 60;
/** Recovery and activation links: one hour and seven days. */
const RECOVERY_TTL = 3600;
const ACTIVATION_TTL = 7 * 24 * 3600;
/** Registrations per address per hour; recovery mails per address per hour. */
const REGISTER_PER_ADDRESS = 30;
const RECOVERY_PER_EMAIL = 5;
/** New verification codes on request, per identity per hour. */
const RESEND_PER_IDENTITY = 5;

const emailSchema = z.email().max(254);
/** A staff account asked to enrol an authenticator app while one is on. */
export const FACTOR_ALREADY_ACTIVE = 'FACTOR_ALREADY_ACTIVE';

export function emailViolation(field: string): ValidationError {
  return new ValidationError([
    { field, description: 'must be a valid email address', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
  ]);
}

function failure(
  code: string,
  description: string,
  kind: 'INVALID_ARGUMENT' | 'ALREADY_EXISTS' | 'FAILED_PRECONDITION' = 'INVALID_ARGUMENT',
) {
  return new AppError(kind, code, description);
}

/** What each staff action on a member leads to, and from which statuses (a state table: spec section 4). */
export const memberStatusActions = {
  approve: { to: 'ACTIVE', from: ['PENDING'] },
  block: { to: 'BLOCKED', from: ['PENDING', 'ACTIVE', 'OFFLINE'] },
  unblock: { to: 'ACTIVE', from: ['BLOCKED'] },
  delete: { to: 'DELETED', from: ['PENDING', 'ACTIVE', 'BLOCKED', 'OFFLINE'] },
} as const satisfies Record<string, { to: IdentityStatus; from: readonly IdentityStatus[] }>;
export type MemberStatusAction = keyof typeof memberStatusActions;
const pastTense: Record<MemberStatusAction, string> = {
  approve: 'approved',
  block: 'blocked',
  unblock: 'unblocked',
  delete: 'deleted',
};

export interface IdentityDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  tokens: TokenService;
  sessions: Sessions;
  challenges: Challenges;
  throttle: Throttle;
  signInGuard: SignInGuard;
  mail: MailService;
  memberSettings: MemberSettingsService;
  sealer: Sealer;
  audit: AuditLog;
  storeName: () => string;
  publicUrl: string;
  captcha?: CaptchaVerifier;
}

/** Members' sign-up, sign-in, verification, recovery and second factors (WIRE.md 4; spec sections 4, 5 and 8). */
export function createIdentityService(deps: IdentityDeps) {
  const repo = createIdentityRepo(deps.db);
  const now = () => deps.clock.now().toISOString();
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** The wire identity; inside a transaction pass its executor (SQLite has one connection). */
  async function wire(r: IdentityRecord, ex: Executor = deps.db): Promise<Identity> {
    const settings = await deps.memberSettings.get(ex);
    return identityOf(r, { emailVerificationRequired: settings.requireEmailVerification });
  }

  /** Throws −19971 / −19970 when the store asks for captcha and the request has none or a bad one. */
  const captcha = createCaptchaGate({
    memberSettings: deps.memberSettings,
    sealer: deps.sealer,
    throttle: deps.throttle,
    verifier: deps.captcha,
  });
  const checkCaptcha = (tokens: CaptchaTokens | undefined, ctx: RequestContext) => captcha.check(tokens, ctx.ip);

  /** Sends a fresh email-verification code and returns the state token that goes with it. */
  async function startEmailVerification(ex: Executor, identity: IdentityRecord): Promise<string> {
    await deps.challenges.spendAll(ex, identity.id, ['verify-email']);
    const { token, code } = await deps.challenges.create(ex, {
      purpose: 'verify-email',
      identityId: identity.id,
      ttlSeconds: CODE_TTL,
      withCode: true,
    });
    const mail = verificationCodeMail({ storeName: deps.storeName(), code: code as string, minutes: CODE_TTL / 60 });
    await deps.mail.queue(ex, { kind: 'verification-code', to: identity.email, ...mail });
    return token;
  }

  /**
   * A sign-up with the address of an account (hosted page): the same work and answer as a new sign-up (the password
   * is hashed, a code is mailed, the page asks for it), but the mail tells the owner and its code signs them in.
   */
  async function signUpAttempt(identity: IdentityRecord, password: string): Promise<StateResponse> {
    await hashPassword(password);
    return withTransaction(deps.db, async (uow) => {
      await deps.challenges.spendAll(uow.trx, identity.id, ['verify-email']);
      const { token, code } = await deps.challenges.create(uow.trx, {
        purpose: 'verify-email',
        identityId: identity.id,
        ttlSeconds: CODE_TTL,
        withCode: true,
      });
      const mail = signUpAttemptMail({
        storeName: deps.storeName(),
        code: code as string,
        minutes: CODE_TTL / 60,
        resetUrl: `${base}/auth/forgot-password`,
      });
      // Kind `verification-code`: like a new sign-up's mail it carries the code the page asks for.
      await deps.mail.queue(uow.trx, { kind: 'verification-code', to: identity.email, ...mail });
      uow.afterCommit(() => deps.mail.kick());
      return { state: 'REQUIRE_EMAIL_VERIFICATION' as const, stateToken: token };
    });
  }

  async function startSecondFactor(ex: Executor, identity: IdentityRecord): Promise<StateResponse> {
    const useTotp = identity.factors.totp?.enabled === true;
    const { token, code } = await deps.challenges.create(ex, {
      purpose: 'mfa',
      identityId: identity.id,
      ttlSeconds: CODE_TTL,
      withCode: !useTotp,
    });
    if (!useTotp) {
      const mail = factorCodeMail({ storeName: deps.storeName(), code: code as string });
      await deps.mail.queue(ex, { kind: 'factor-code', to: identity.email, ...mail });
    }
    return {
      state: 'REQUIRE_MFA',
      stateToken: token,
      additionalData: { factorType: useTotp ? 'TOTP' : 'EMAIL' },
    };
  }

  /**
   * What a member who proved who they are gets next: verification, approval, a second factor, or a session.
   * `afterFactor` is true when the second factor has just been passed.
   */
  async function nextState(ex: Executor, identity: IdentityRecord, afterFactor = false): Promise<StateResponse> {
    const settings = await deps.memberSettings.get(ex);
    if (settings.requireEmailVerification && !identity.emailVerified) {
      return {
        state: 'REQUIRE_EMAIL_VERIFICATION',
        stateToken: await startEmailVerification(ex, identity),
        identity: await wire(identity, ex),
      };
    }
    if (identity.status === 'PENDING') return { state: 'REQUIRE_OWNER_APPROVAL', identity: await wire(identity, ex) };
    if (!afterFactor && (identity.factors.totp?.enabled || identity.factors.email?.enabled)) {
      return { ...(await startSecondFactor(ex, identity)), identity: await wire(identity, ex) };
    }
    await repo.update(ex, identity.id, { lastLoginDate: now() }, now());
    const sessionToken = await deps.sessions.create(ex, identity.id, 'login');
    return { state: 'SUCCESS', sessionToken, identity: await wire(identity, ex) };
  }

  function validEmail(email: string, field: string): string {
    if (!emailSchema.safeParse(email.trim()).success) throw emailViolation(field);
    return normaliseEmail(email);
  }

  /**
   * Writes an identity's second factors. For a staff account changing its own (`audited`), turning a factor on or
   * off is a change of access: it is on the audit trail, in the same transaction (decision 0009).
   */
  async function saveFactors(
    identity: IdentityRecord,
    factors: IdentityRecord['factors'],
    audited?: { context: AuditContext; type: 'TOTP' | 'EMAIL'; removed?: boolean },
  ): Promise<Identity> {
    await withTransaction(deps.db, async (uow) => {
      await repo.update(uow.trx, identity.id, { factors }, now());
      if (audited) {
        await deps.audit.record(uow.trx, audited.context, {
          action: audited.removed ? 'staff.factor-removed' : 'staff.factor-added',
          target: { kind: 'STAFF', id: identity.id, name: identity.email },
          details: { factorType: audited.type },
        });
      }
    });
    return wire({ ...identity, factors, revision: identity.revision + 1 });
  }

  const service = {
    repo,
    wire,
    /** The store's captcha: the public site keys for pages, and the staff settings with the sealed secret. */
    captcha,

    async register(
      input: {
        loginId: { email: string };
        password: string;
        profile?: IdentityProfile | undefined;
        captchaTokens?: CaptchaTokens | undefined;
      },
      ctx: RequestContext,
      options: { concealExisting?: boolean } = {},
    ): Promise<StateResponse> {
      const email = validEmail(input.loginId.email, 'loginId.email');
      const problem = passwordProblem(input.password);
      if (problem) throw invalid('password', problem, input.password.length < 8 ? 'MIN_LENGTH' : 'MAX_LENGTH');
      await checkCaptcha(input.captchaTokens, ctx);
      if (ctx.ip && (await deps.throttle.hit(`register:ip:${ctx.ip}`, 3600)) > REGISTER_PER_ADDRESS) {
        throw new AppError('RESOURCE_EXHAUSTED', iamErrorCodes.tooManyAttempts, 'Too many sign-ups; try again later');
      }
      const existing = await repo.byEmail(deps.db, 'member', email);
      if (existing && options.concealExisting) return signUpAttempt(existing, input.password);
      if (existing) {
        throw failure(iamErrorCodes.emailAlreadyExists, 'A member with this email already exists', 'ALREADY_EXISTS');
      }
      const settings = await deps.memberSettings.get();
      const passwordHash = await hashPassword(input.password);
      try {
        return await withTransaction(deps.db, async (uow) => {
          const at = now();
          const record: IdentityRecord = {
            id: newId(),
            kind: 'member',
            email,
            emailVerified: false,
            passwordHash,
            passwordResetRequired: false,
            status: settings.signUpPolicy === 'OWNER_APPROVAL' ? 'PENDING' : 'ACTIVE',
            role: null,
            permissions: [],
            profile: input.profile ?? {},
            factors: {},
            lastLoginDate: null,
            createdDate: at,
            updatedDate: at,
            revision: 1,
          };
          await repo.insert(uow.trx, record);
          uow.afterCommit(() => deps.mail.kick());
          // Concealing sign-ups answer "check your inbox" for new and known addresses alike: the new one verifies.
          if (options.concealExisting) {
            return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: await startEmailVerification(uow.trx, record) };
          }
          return nextState(uow.trx, record);
        });
      } catch (error) {
        // Two sign-ups with one email at the same moment: the unique index decides.
        const winner = await repo.byEmail(deps.db, 'member', email);
        if (winner && options.concealExisting) return signUpAttempt(winner, input.password);
        if (winner) {
          throw failure(iamErrorCodes.emailAlreadyExists, 'A member with this email already exists', 'ALREADY_EXISTS');
        }
        throw error;
      }
    },

    /**
     * Email and password sign-in for members (or staff with `kind: 'staff'`). Failures are application errors
     * only (WIRE.md 1.3); an unknown email and a wrong password answer alike and take as long.
     */
    async login(
      input: {
        loginId: { email: string };
        password: string;
        captchaTokens?: CaptchaTokens | undefined;
      },
      ctx: RequestContext,
      kind: IdentityKind = 'member',
    ): Promise<StateResponse> {
      const email = normaliseEmail(input.loginId.email);
      // The captcha is the members' (their settings): a wrong key or secret must not lock staff out of the back
      // office where it is fixed. Staff sign-ins keep the guard's account protection and their second factors.
      const captchaPassed = kind === 'member' ? await checkCaptcha(input.captchaTokens, ctx) : false;
      const identity = await repo.byEmail(deps.db, kind, email);
      const attempt = await deps.signInGuard.begin(kind, email, identity, { ...ctx, captchaPassed });
      let ok = false;
      if (identity?.passwordHash) ok = await verifyPassword(identity.passwordHash, input.password);
      else await verifyNothing(input.password);
      if (!identity || !ok || identity.status === 'DELETED') {
        await attempt.failed();
        throw failure(iamErrorCodes.invalidPassword, 'Wrong email or password');
      }
      await attempt.succeeded();
      if (identity.status === 'BLOCKED' || identity.status === 'OFFLINE') {
        throw new AppError('PERMISSION_DENIED', iamErrorCodes.memberBlocked, 'This account cannot sign in');
      }
      if (identity.passwordResetRequired) {
        throw failure(
          iamErrorCodes.resetPassword,
          'The password must be reset before signing in',
          'FAILED_PRECONDITION',
        );
      }
      return withTransaction(deps.db, async (uow) => {
        uow.afterCommit(() => deps.mail.kick());
        return nextState(uow.trx, identity);
      });
    },

    /** The emailed code with the state token from register or login (`/verification/v1/auth/verify`). */
    async verifyDuringAuth(input: { code: string; stateToken: string }): Promise<StateResponse> {
      const challenge = await deps.challenges.find(deps.db, input.stateToken, ['verify-email']);
      if (!challenge) throw failure(iamErrorCodes.invalidStateToken, 'The verification has expired; sign in again');
      if (!(await deps.challenges.checkCode(challenge.id, input.code))) {
        throw failure(iamErrorCodes.invalidCode, 'The code is not correct');
      }
      return withTransaction(deps.db, async (uow) => {
        if (!(await deps.challenges.spend(uow.trx, challenge.id))) {
          throw failure(iamErrorCodes.invalidStateToken, 'The verification has expired; sign in again');
        }
        const identity = await repo.byId(uow.trx, challenge.identityId);
        if (!identity || identity.status === 'DELETED' || identity.status === 'BLOCKED') {
          throw failure(iamErrorCodes.invalidStateToken, 'The verification has expired; sign in again');
        }
        await repo.update(uow.trx, identity.id, { emailVerified: true }, now());
        return nextState(uow.trx, { ...identity, emailVerified: true });
      });
    },

    /** A new code for the same verification (`/verification/v1/auth/resend`). */
    async resendDuringAuth(input: { stateToken: string }): Promise<StateResponse> {
      const challenge = await deps.challenges.find(deps.db, input.stateToken, ['verify-email']);
      if (!challenge) throw failure(iamErrorCodes.invalidStateToken, 'The verification has expired; sign in again');
      if ((await deps.throttle.hit(`resend:${challenge.identityId}`, 3600)) > RESEND_PER_IDENTITY) {
        throw new AppError('RESOURCE_EXHAUSTED', iamErrorCodes.tooManyAttempts, 'Too many codes sent; try again later');
      }
      return withTransaction(deps.db, async (uow) => {
        const identity = await repo.byId(uow.trx, challenge.identityId);
        if (!identity) throw failure(iamErrorCodes.invalidStateToken, 'The verification has expired; sign in again');
        uow.afterCommit(() => deps.mail.kick());
        return {
          state: 'REQUIRE_EMAIL_VERIFICATION' as const,
          stateToken: await startEmailVerification(uow.trx, identity),
        };
      });
    },

    /** The second step of a sign-in with a second factor (`/authentication/v2/{factorType}/verify`). */
    async verifyFactor(factorType: string, input: { stateToken: string; code: string }): Promise<StateResponse> {
      const challenge = await deps.challenges.find(deps.db, input.stateToken, ['mfa']);
      if (!challenge) throw failure(iamErrorCodes.invalidStateToken, 'The sign-in has expired; sign in again');
      const identity = await repo.byId(deps.db, challenge.identityId);
      if (identity?.status !== 'ACTIVE') {
        throw failure(iamErrorCodes.invalidStateToken, 'The sign-in has expired; sign in again');
      }
      let ok = false;
      let totpStepUsed: number | null = null;
      if (factorType === 'TOTP' && identity.factors.totp?.enabled) {
        totpStepUsed = totpStep(deps.sealer.open(identity.factors.totp.sealedSecret), input.code, deps.clock.now());
        const last = (identity.factors.totp as { lastStep?: number }).lastStep ?? -1;
        ok = totpStepUsed !== null && totpStepUsed > last;
        if (!ok) await deps.challenges.checkCode(challenge.id, '');
      } else if (factorType === 'EMAIL' && challenge.hasCode) {
        ok = await deps.challenges.checkCode(challenge.id, input.code);
      } else {
        throw failure(iamErrorCodes.factorNotFound, `The ${factorType} factor is not set up for this account`);
      }
      if (!ok) throw failure(iamErrorCodes.invalidCode, 'The code is not correct');
      return withTransaction(deps.db, async (uow) => {
        if (!(await deps.challenges.spend(uow.trx, challenge.id))) {
          throw failure(iamErrorCodes.invalidStateToken, 'The sign-in has expired; sign in again');
        }
        if (totpStepUsed !== null && identity.factors.totp) {
          const totp = { ...identity.factors.totp, lastStep: totpStepUsed };
          await repo.update(uow.trx, identity.id, { factors: { ...identity.factors, totp } }, now());
        }
        return nextState(uow.trx, identity, true);
      });
    },

    async changePassword(identityId: string, newPassword: string): Promise<void> {
      const problem = passwordProblem(newPassword);
      if (problem) throw invalid('newPassword', problem, newPassword.length < 8 ? 'MIN_LENGTH' : 'MAX_LENGTH');
      const passwordHash = await hashPassword(newPassword);
      await withTransaction(deps.db, async (uow) => {
        const identity = await repo.byId(uow.trx, identityId);
        if (!identity) throw notFound(iamErrorCodes.identityNotFound, 'Identity not found', { identityId });
        await repo.update(uow.trx, identityId, { passwordHash, passwordResetRequired: false }, now());
        // Every other sign-in of this member ends (the contract: a password change revokes refresh tokens).
        await deps.tokens.revokeAllOf(uow.trx, identityId);
        await deps.sessions.revokeAllOf(uow.trx, identityId);
      });
    },

    /**
     * Signs a member on for a key holding `members:sign-on` (creating them when new): a session token for
     * authorized_client. On the audit trail.
     */
    async signOn(
      input: {
        loginId: { email: string };
        profile?: IdentityProfile | undefined;
        verifyEmail?: boolean | undefined;
      },
      context: AuditContext,
    ) {
      const email = validEmail(input.loginId.email, 'loginId.email');
      return withTransaction(deps.db, async (uow) => {
        let identity = await repo.byEmail(uow.trx, 'member', email);
        const created = !identity;
        if (!identity) {
          const at = now();
          identity = {
            id: newId(),
            kind: 'member',
            email,
            emailVerified: input.verifyEmail === true,
            passwordHash: null,
            passwordResetRequired: false,
            status: 'ACTIVE',
            role: null,
            permissions: [],
            profile: input.profile ?? {},
            factors: {},
            lastLoginDate: null,
            createdDate: at,
            updatedDate: at,
            revision: 1,
          };
          await repo.insert(uow.trx, identity);
        } else if (identity.status !== 'ACTIVE') {
          throw new AppError('PERMISSION_DENIED', iamErrorCodes.memberBlocked, 'This account cannot sign in');
        }
        await deps.audit.record(uow.trx, context, {
          action: 'member.signed-on',
          target: { kind: 'MEMBER', id: identity.id, name: identity.email },
          details: { grant: 'sign-on', created },
        });
        const sessionToken = await deps.sessions.create(uow.trx, identity.id, 'login');
        return { sessionToken, identity: await wire(identity, uow.trx) };
      });
    },

    /**
     * Always answers the same way, whether or not the email belongs to a member (no enumeration). A member gets
     * a link to the hosted page that sets a new password.
     */
    async sendRecoveryEmail(
      input: { email: string; redirect?: { url?: string | undefined; clientId?: string | undefined } | undefined },
      redirectAllowed: (clientId: string | undefined, url: string) => Promise<boolean>,
    ) {
      if (!emailSchema.safeParse(input.email.trim()).success) throw emailViolation('email');
      const email = normaliseEmail(input.email);
      if (input.redirect?.url && !(await redirectAllowed(input.redirect.clientId, input.redirect.url))) {
        throw invalid('redirect.url', 'must be a redirect URI registered for the client', 'VALIDATION');
      }
      if ((await deps.throttle.hit(`recovery:${email}`, 3600)) > RECOVERY_PER_EMAIL) return;
      const identity = await repo.byEmail(deps.db, 'member', email);
      if (!identity || identity.status === 'DELETED' || identity.status === 'BLOCKED') return;
      await withTransaction(deps.db, async (uow) => {
        await deps.challenges.spendAll(uow.trx, identity.id, ['recovery']);
        const { token } = await deps.challenges.create(uow.trx, {
          purpose: 'recovery',
          identityId: identity.id,
          ttlSeconds: RECOVERY_TTL,
          withCode: false,
          data: input.redirect?.url ? { redirectUrl: input.redirect.url, clientId: input.redirect.clientId } : {},
        });
        const url = `${base}/auth/reset-password?token=${encodeURIComponent(token)}`;
        const mail = recoveryLinkMail({ storeName: deps.storeName(), url, minutes: RECOVERY_TTL / 60 });
        await deps.mail.queue(uow.trx, { kind: 'recovery-link', to: identity.email, ...mail });
        uow.afterCommit(() => deps.mail.kick());
      });
    },

    /** Staff: mails a member a link to set their password and activate the account. */
    async sendActivationEmail(identityId: string): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const identity = await repo.byId(uow.trx, identityId, 'member');
        if (!identity || identity.status === 'DELETED') {
          throw notFound(iamErrorCodes.identityNotFound, 'Identity not found', { identityId });
        }
        const { token } = await deps.challenges.create(uow.trx, {
          purpose: 'activation',
          identityId,
          ttlSeconds: ACTIVATION_TTL,
          withCode: false,
        });
        const url = `${base}/auth/reset-password?token=${encodeURIComponent(token)}`;
        const mail = activationLinkMail({ storeName: deps.storeName(), url });
        await deps.mail.queue(uow.trx, { kind: 'activation-link', to: identity.email, ...mail });
        uow.afterCommit(() => deps.mail.kick());
      });
    },

    /** Where a recovery link should send the member afterwards (validated when the link was asked for). */
    async recoveryRedirect(token: string): Promise<{ valid: boolean; redirectUrl?: string }> {
      const challenge = await deps.challenges.find(deps.db, token, ['recovery', 'activation']);
      if (!challenge) return { valid: false };
      const redirectUrl = challenge.data.redirectUrl;
      return { valid: true, ...(typeof redirectUrl === 'string' ? { redirectUrl } : {}) };
    },

    /** Sets a new password from a recovery or activation link; the email counts as verified. */
    async recover(input: { recoveryToken: string; password: string }) {
      const problem = passwordProblem(input.password);
      if (problem) throw invalid('password', problem, input.password.length < 8 ? 'MIN_LENGTH' : 'MAX_LENGTH');
      const challenge = await deps.challenges.find(deps.db, input.recoveryToken, ['recovery', 'activation']);
      if (!challenge) throw failure(iamErrorCodes.invalidRecoveryToken, 'The link has expired or was already used');
      const passwordHash = await hashPassword(input.password);
      return withTransaction(deps.db, async (uow) => {
        if (!(await deps.challenges.spend(uow.trx, challenge.id))) {
          throw failure(iamErrorCodes.invalidRecoveryToken, 'The link has expired or was already used');
        }
        const identity = await repo.byId(uow.trx, challenge.identityId);
        if (!identity || identity.status === 'DELETED' || identity.status === 'BLOCKED') {
          throw failure(iamErrorCodes.invalidRecoveryToken, 'The link has expired or was already used');
        }
        await repo.update(
          uow.trx,
          identity.id,
          { passwordHash, passwordResetRequired: false, emailVerified: true },
          now(),
        );
        await deps.tokens.revokeAllOf(uow.trx, identity.id);
        await deps.sessions.revokeAllOf(uow.trx, identity.id);
        const updated = { ...identity, passwordHash, emailVerified: true };
        const sessionToken =
          identity.status === 'ACTIVE' ? await deps.sessions.create(uow.trx, identity.id, 'login') : undefined;
        return { ...(sessionToken ? { sessionToken } : {}), identity: await wire(updated, uow.trx) };
      });
    },

    /**
     * Sends a verification code to an identity's email (`/verification/v1/start`), of `kind` when given; at most
     * RESEND_PER_IDENTITY codes an hour per identity, whoever asks.
     */
    async startVerification(identityId: string, kind?: IdentityKind): Promise<{ verificationId: string }> {
      const identity = await repo.byId(deps.db, identityId, kind);
      if (!identity || identity.status === 'DELETED') {
        throw notFound(iamErrorCodes.identityNotFound, 'Identity not found', { identityId });
      }
      if ((await deps.throttle.hit(`verify:${identityId}`, 3600)) > RESEND_PER_IDENTITY) {
        throw new AppError('RESOURCE_EXHAUSTED', iamErrorCodes.tooManyAttempts, 'Too many codes sent; try again later');
      }
      return withTransaction(deps.db, async (uow) => {
        const stateToken = await startEmailVerification(uow.trx, identity);
        uow.afterCommit(() => deps.mail.kick());
        return { verificationId: stateToken };
      });
    },

    /** The identity behind a login session token, using the token up. */
    async consumeSession(ex: Executor, sessionToken: string): Promise<IdentityRecord | undefined> {
      const identityId = await deps.sessions.consume(ex, sessionToken, 'login');
      if (!identityId) return undefined;
      const identity = await repo.byId(ex, identityId);
      return identity && identity.status === 'ACTIVE' ? identity : undefined;
    },

    async get(id: string, kind: IdentityKind = 'member'): Promise<IdentityRecord> {
      const identity = await repo.byId(deps.db, id, kind);
      if (!identity || identity.status === 'DELETED') {
        throw notFound(iamErrorCodes.identityNotFound, 'Identity not found', { identityId: id });
      }
      return identity;
    },

    async updateProfile(id: string, profile: IdentityProfile): Promise<Identity> {
      const identity = await service.get(id);
      const next = { ...identity.profile, ...profile };
      await repo.update(deps.db, id, { profile: next }, now());
      return wire({ ...identity, profile: next, revision: identity.revision + 1 });
    },

    /**
     * Staff: approve, block, unblock or delete a member (`memberStatusActions`: approving only a member who waits,
     * unblocking only a blocked one; asking for the status the member has already changes nothing). Blocking and
     * deleting end every sign-in at once. The change is compare-and-set on the status read.
     */
    async setStatus(id: string, action: MemberStatusAction): Promise<Identity> {
      const { to, from } = memberStatusActions[action];
      return withTransaction(deps.db, async (uow) => {
        const identity = await repo.byId(uow.trx, id, 'member');
        if (!identity || identity.status === 'DELETED') {
          throw notFound(iamErrorCodes.identityNotFound, 'Identity not found', { identityId: id });
        }
        if (identity.status === to) return wire(identity, uow.trx);
        const allowed = (from as readonly IdentityStatus[]).includes(identity.status);
        if (!allowed || !(await repo.setStatusFrom(uow.trx, id, identity.status, to, now()))) {
          const status = allowed ? (await repo.byId(uow.trx, id))?.status : identity.status;
          throw new AppError(
            'FAILED_PRECONDITION',
            iamErrorCodes.memberStatusTransitionNotAllowed,
            `A member who is ${String(status).toLowerCase()} cannot be ${pastTense[action]}`,
            { identityId: id, status, action },
          );
        }
        if (to !== 'ACTIVE') {
          await deps.tokens.revokeAllOf(uow.trx, id);
          await deps.sessions.revokeAllOf(uow.trx, id);
        }
        return wire((await repo.byId(uow.trx, id)) as IdentityRecord, uow.trx);
      });
    },

    /** Members, newest first: by status, and `search` looked for in their email and name. */
    async list(opts: { status?: IdentityStatus; email?: string; search?: string; limit: number; offset: number }) {
      const { search, ...rest } = opts;
      const { items, total } = await repo.list(deps.db, {
        kind: 'member',
        ...rest,
        ...(search ? { search: { text: search, dialect: deps.dialect } } : {}),
      });
      const settings = await deps.memberSettings.get();
      return {
        identities: items.map((r) => identityOf(r, { emailVerificationRequired: settings.requireEmailVerification })),
        total,
      };
    },

    /**
     * A member (or, with `asStaff`, a staff account about itself) starts TOTP enrolment: a new secret (sealed at
     * rest), its otpauth URL and QR code. A staff account with TOTP on must remove it first (with its password), so
     * that a borrowed sign-in cannot swap the factor.
     */
    async enrolTotp(identityId: string, asStaff?: AuditContext) {
      const identity = await service.get(identityId, asStaff ? 'staff' : 'member');
      if (asStaff && identity.factors.totp?.enabled) {
        throw failure(
          FACTOR_ALREADY_ACTIVE,
          'The authenticator app is already on: remove it first',
          'FAILED_PRECONDITION',
        );
      }
      const secret = newTotpSecret();
      const totp = { id: newId(), sealedSecret: deps.sealer.seal(secret), enabled: false, createdDate: now() };
      await repo.update(deps.db, identityId, { factors: { ...identity.factors, totp } }, now());
      return { factorId: totp.id, ...(await totpEnrolment(secret, deps.storeName(), identity.email)) };
    },

    /** Confirms TOTP enrolment with a current code; from then on sign-in asks for a code. */
    async activateTotp(identityId: string, code: string, asStaff?: AuditContext): Promise<Identity> {
      const identity = await service.get(identityId, asStaff ? 'staff' : 'member');
      const totp = identity.factors.totp;
      if (!totp) throw notFound(iamErrorCodes.factorNotFound, 'Start TOTP enrolment first', { factorType: 'TOTP' });
      const step = totpStep(deps.sealer.open(totp.sealedSecret), code, deps.clock.now());
      if (step === null) throw failure(iamErrorCodes.invalidCode, 'The code is not correct');
      const factors = { ...identity.factors, totp: { ...totp, enabled: true, lastStep: step } };
      return saveFactors(identity, factors, asStaff && !totp.enabled ? { context: asStaff, type: 'TOTP' } : undefined);
    },

    async setEmailFactor(identityId: string, enabled: boolean, asStaff?: AuditContext): Promise<Identity> {
      const identity = await service.get(identityId, asStaff ? 'staff' : 'member');
      const factors = {
        ...identity.factors,
        email: {
          id: identity.factors.email?.id ?? newId(),
          enabled,
          createdDate: identity.factors.email?.createdDate ?? now(),
        },
      };
      const changed = (identity.factors.email?.enabled ?? false) !== enabled;
      const audited = asStaff && changed ? { context: asStaff, type: 'EMAIL' as const, removed: !enabled } : undefined;
      return saveFactors(identity, factors, audited);
    },

    async removeFactor(identityId: string, factorType: 'TOTP' | 'EMAIL', asStaff?: AuditContext): Promise<Identity> {
      const identity = await service.get(identityId, asStaff ? 'staff' : 'member');
      const factors = { ...identity.factors };
      const wasOn = (factorType === 'TOTP' ? factors.totp : factors.email)?.enabled === true;
      if (factorType === 'TOTP') delete factors.totp;
      else delete factors.email;
      const audited = asStaff && wasOn ? { context: asStaff, type: factorType, removed: true } : undefined;
      return saveFactors(identity, factors, audited);
    },
  };
  return service;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

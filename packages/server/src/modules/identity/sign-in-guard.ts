import { iamErrorCodes } from '@merx/contract';
import { type Database, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/secrets.js';
import type { Throttle } from '../../lib/throttle.js';
import type { MailService } from '../mail/mail.service.js';
import { signInLinkMail } from '../mail/mail.templates.js';
import type { Challenges } from './challenges.js';
import type { IdentityKind, IdentityRecord } from './identity.repo.js';
import type { Sessions } from './sessions.js';

/*
 * Password sign-in throttling that an attacker cannot turn against the account's owner:
 * - per account and address together: a few free tries, then a delay that doubles with each failure (1 s, 2 s, 4 s
 *   … up to 15 minutes) — someone guessing from one place slows down, the owner elsewhere is not touched;
 * - per address: many failures on any accounts from one address (credential stuffing) stop that address for a while;
 * - per account, from everywhere: past a limit the account is under attack and a password alone no longer signs
 *   in from a new place. The owner gets a mailed one-time link that lets their browser sign in again (or, when the
 *   store has captcha on, a passed captcha does), and members can always reset their password.
 */
export const SIGN_IN_LIMITS = {
  /** Failures in a row from one address on one account before delays start. */
  freeTries: 5,
  /** The longest delay between two tries from one address on one account. */
  maxDelaySeconds: 900,
  /** Failures on any accounts from one address in a window. */
  perAddress: 100,
  /** Failures on one account from all addresses in a window before it is protected. */
  perAccount: 20,
  windowSeconds: 900,
  /** How long a mailed sign-in link works. */
  linkMinutes: 60,
} as const;

/** Where a sign-in attempt comes from. */
export interface SignInContext {
  ip: string | undefined;
  /** This browser's trusted-browser token (the hosted pages' cookie), when it has one. */
  trustedBrowser?: string | undefined;
  /** The hosted page to come back to after trusting the browser (a `/auth/session/…` path). */
  returnTo?: string | undefined;
  /** The store asks for captcha and this attempt passed it. */
  captchaPassed?: boolean;
}

/** A password attempt let through: it reports how it went. */
export interface SignInAttempt {
  /** A wrong password: counted against the account and address together, the account, and the address. */
  failed(): Promise<void>;
  /** The right password: this address (or trusted browser) starts afresh on this account. */
  succeeded(): Promise<void>;
}

const tooMany = (message: string, data: Record<string, unknown>) =>
  new AppError('RESOURCE_EXHAUSTED', iamErrorCodes.tooManyAttempts, message, data);

/** Seconds to wait after `failures` failures in a row (none while they are free). */
export function delayAfter(failures: number): number {
  const { freeTries, maxDelaySeconds } = SIGN_IN_LIMITS;
  if (failures < freeTries) return 0;
  return Math.min(2 ** Math.min(failures - freeTries, 20), maxDelaySeconds);
}

export function createSignInGuard(deps: {
  db: Kysely<Database>;
  clock: Clock;
  throttle: Throttle;
  sessions: Sessions;
  challenges: Challenges;
  mail: MailService;
  storeName: () => string;
  publicUrl: string;
}) {
  /** The counters of an attempt; a trusted browser counts apart from its address (it may share it with others). */
  const keys = (kind: IdentityKind, email: string, ip: string | undefined, trustedBrowser: string | undefined) => ({
    pair: `login:pair:${kind}:${email}:${trustedBrowser ? `trusted:${sha256(trustedBrowser)}` : (ip ?? 'unknown')}`,
    account: `login:account:${kind}:${email}`,
    address: `login:ip:${ip ?? 'unknown'}`,
  });

  /** Mails the account a one-time link that trusts the browser opening it (at most one a window). */
  async function sendSignInLink(identity: IdentityRecord, returnTo: string | undefined): Promise<void> {
    const key = `signin-link:${identity.id}`;
    // Read first: an attack sends many attempts a window, and only the first of them writes.
    if ((await deps.throttle.count(key, SIGN_IN_LIMITS.windowSeconds)) > 0) return;
    if ((await deps.throttle.hit(key, SIGN_IN_LIMITS.windowSeconds)) > 1) return;
    await withTransaction(deps.db, async (uow) => {
      await deps.challenges.spendAll(uow.trx, identity.id, ['trust-browser']);
      const { token } = await deps.challenges.create(uow.trx, {
        purpose: 'trust-browser',
        identityId: identity.id,
        ttlSeconds: SIGN_IN_LIMITS.linkMinutes * 60,
        withCode: false,
        data: returnTo?.startsWith('/auth/session/') ? { returnTo } : {},
      });
      const url = `${deps.publicUrl.replace(/\/+$/, '')}/auth/trust-browser?token=${encodeURIComponent(token)}`;
      const mail = signInLinkMail({ storeName: deps.storeName(), url, minutes: SIGN_IN_LIMITS.linkMinutes });
      await deps.mail.queue(uow.trx, { kind: 'sign-in-link', to: identity.email, ...mail });
      uow.afterCommit(() => deps.mail.kick());
    });
  }

  return {
    /**
     * Starts a password attempt: throws TOO_MANY_ATTEMPTS, before any password is checked, when it must wait or
     * needs more proof than a password; `identity` is the account the email names (undefined when none: answered
     * alike). The attempt then reports whether the password was right.
     */
    async begin(
      kind: IdentityKind,
      email: string,
      identity: IdentityRecord | undefined,
      ctx: SignInContext,
    ): Promise<SignInAttempt> {
      const trusted =
        identity !== undefined &&
        ctx.trustedBrowser !== undefined &&
        (await deps.sessions.peek(deps.db, ctx.trustedBrowser, 'trusted')) === identity.id;
      const { pair, account, address } = keys(kind, email, ctx.ip, trusted ? ctx.trustedBrowser : undefined);
      const { perAddress, perAccount, windowSeconds } = SIGN_IN_LIMITS;
      if (!trusted && (await deps.throttle.count(address, windowSeconds)) >= perAddress) {
        throw tooMany('Too many failed sign-ins from this network. Try again in a few minutes.', {
          reason: 'ADDRESS',
        });
      }
      const strikes = await deps.throttle.strikes(pair);
      const waited = (deps.clock.now().getTime() - strikes.last.getTime()) / 1000;
      const wait = Math.ceil(delayAfter(strikes.count) - waited);
      if (wait > 0) {
        throw tooMany(`Too many wrong passwords. Try again in ${wait} second${wait === 1 ? '' : 's'}.`, {
          reason: 'DELAY',
          retryAfterSeconds: wait,
        });
      }
      const protectedNow =
        !trusted && !ctx.captchaPassed && (await deps.throttle.count(account, windowSeconds)) >= perAccount;
      if (protectedNow) {
        if (identity && identity.status !== 'DELETED') await sendSignInLink(identity, ctx.returnTo);
        throw tooMany(
          'Signing in to this account is paused after many wrong passwords. If the account is yours, we emailed ' +
            'you a link that lets this browser sign in again.',
          { reason: 'ACCOUNT_PROTECTED' },
        );
      }
      return {
        async failed() {
          await deps.throttle.strike(pair);
          await deps.throttle.hit(account, windowSeconds);
          await deps.throttle.hit(address, windowSeconds);
        },
        // The account's count runs out its window: the owner signing in does not reopen it to the attacker.
        succeeded: () => deps.throttle.reset(pair),
      };
    },

    /**
     * Uses up a mailed sign-in link: a trusted-browser token for the account (30 days, ended by a password change),
     * and the page to go back to. Undefined when the link is unknown, used or expired.
     */
    async trustBrowser(token: string): Promise<{ trustedBrowser: string; returnTo?: string } | undefined> {
      const challenge = await deps.challenges.find(deps.db, token, ['trust-browser']);
      if (!challenge) return undefined;
      return withTransaction(deps.db, async (uow) => {
        if (!(await deps.challenges.spend(uow.trx, challenge.id))) return undefined;
        const trustedBrowser = await deps.sessions.create(uow.trx, challenge.identityId, 'trusted');
        const returnTo = challenge.data.returnTo;
        return { trustedBrowser, ...(typeof returnTo === 'string' ? { returnTo } : {}) };
      });
    },

    /** Whether a mailed sign-in link is still good (without using it up). */
    async linkValid(token: string): Promise<boolean> {
      return (await deps.challenges.find(deps.db, token, ['trust-browser'])) !== undefined;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

import { iamErrorCodes } from '@merx/contract';
import { AppError, type FieldViolation, ValidationError } from '@merx/domain';
import { type Sealer, sha256 } from '../../lib/secrets.js';
import type { Throttle } from '../../lib/throttle.js';
import { type CaptchaProvider, type CaptchaVerifier, type CaptchaWidget, createCaptchaVerifier } from './captcha.js';
import type { MemberSettingsPatch, MemberSettingsService, MemberSettingsView } from './member-settings.js';

/** The tokens `/v2/register` and `/v2/login` carry (WIRE.md 4.1: capitalised keys). */
export type CaptchaTokens = Array<{ Recaptcha?: string | undefined; InvisibleRecaptcha?: string | undefined }>;

/** What a page or storefront needs to show the captcha: the provider, its widget and the two public site keys. */
export interface PublicCaptcha {
  provider: CaptchaProvider;
  widget: CaptchaWidget;
  /** Spec section 9: the invisible check run on submit, and the visible challenge ("" when not set). */
  invisibleSiteKey: string;
  visibleSiteKey: string;
}

/** The prefix of the accepted-token marks kept in the throttle table (gone with housekeeping after a day). */
const SPENT = 'captcha-spent:';

/**
 * The store's captcha: whether it is on, the check of a token (once: an accepted token is remembered by its hash
 * across processes, so a replay is refused even when the provider would accept it), and the staff settings with
 * the secret kept sealed.
 */
export function createCaptchaGate(deps: {
  memberSettings: MemberSettingsService;
  sealer: Sealer;
  throttle: Throttle;
  verifier?: CaptchaVerifier | undefined;
}) {
  const verifier = deps.verifier ?? createCaptchaVerifier();
  const invalid = (reasons: string[]) =>
    new AppError('INVALID_ARGUMENT', iamErrorCodes.invalidCaptchaToken, 'The captcha token is not valid', {
      reasons,
    });

  async function secret(): Promise<string | undefined> {
    const sealed = await deps.memberSettings.sealedCaptchaSecret();
    if (sealed) {
      try {
        return deps.sealer.open(sealed);
      } catch {
        // Sealed under another store secret (a restored backup): the environment's, if any, still works.
      }
    }
    return verifier.environmentSecret;
  }

  return {
    /**
     * Throws −19971 when the store asks for captcha and no token came, −19970 when the token is refused (by the
     * provider, as a replay, or because the provider cannot be reached); true when one passed, false when off.
     */
    async check(tokens: CaptchaTokens | undefined, remoteAddress: string | undefined): Promise<boolean> {
      const settings = await deps.memberSettings.get();
      if (!settings.captchaEnabled) return false;
      const visible = tokens?.map((t) => t.Recaptcha).find(Boolean);
      const token = visible ?? tokens?.map((t) => t.InvisibleRecaptcha).find(Boolean);
      if (!token)
        throw new AppError('INVALID_ARGUMENT', iamErrorCodes.missingCaptchaToken, 'A captcha token is required');
      const spent = `${SPENT}${sha256(token)}`;
      if ((await deps.throttle.strikes(spent)).count > 0) throw invalid(['already-used']);
      const key = visible ? settings.captchaVisibleSiteKey : settings.captchaInvisibleSiteKey;
      const shared = await secret();
      if (!shared) throw invalid(['no-secret']);
      const verdict = await verifier.verify({
        provider: settings.captchaProvider,
        secret: shared,
        token,
        siteKey: key || undefined,
        remoteAddress,
      });
      if (!verdict.ok) throw invalid(verdict.reasons);
      // Two requests with one token at once: the counter is atomic, the second sees 2.
      if ((await deps.throttle.strike(spent)) > 1) throw invalid(['already-used']);
      return true;
    },

    /** The captcha for pages and the public config, or undefined when the store does not ask for one. */
    async publicCaptcha(): Promise<PublicCaptcha | undefined> {
      const settings = await deps.memberSettings.get();
      if (!settings.captchaEnabled) return undefined;
      return {
        provider: settings.captchaProvider,
        widget: verifier.widget(settings.captchaProvider),
        invisibleSiteKey: settings.captchaInvisibleSiteKey,
        visibleSiteKey: settings.captchaVisibleSiteKey,
      };
    },

    /** The settings as staff read them: whether a secret is set, never the secret. */
    async view(): Promise<MemberSettingsView> {
      return {
        ...(await deps.memberSettings.get()),
        captchaSecretSet: Boolean(await deps.memberSettings.sealedCaptchaSecret()),
        captchaSecretFromEnvironment: Boolean(verifier.environmentSecret),
      };
    },

    /**
     * Changes the settings; the secret is sealed before it is stored. Captcha can be on only with a visible site
     * key (the challenge pages fall back to) and a secret from the settings or the environment.
     */
    async update(patch: MemberSettingsPatch): Promise<MemberSettingsView> {
      const { captchaSecret, ...rest } = patch;
      const next = { ...(await deps.memberSettings.get()), ...rest };
      const removing = captchaSecret === null || captchaSecret === '';
      const stored = !removing && (Boolean(captchaSecret) || Boolean(await deps.memberSettings.sealedCaptchaSecret()));
      const hasSecret = stored || Boolean(verifier.environmentSecret);
      const violations: FieldViolation[] = [];
      if (next.captchaEnabled && !next.captchaVisibleSiteKey) {
        violations.push({
          field: 'settings.captchaVisibleSiteKey',
          description: 'is required while captcha is on (members who fail the invisible check solve this one)',
          violatedRule: 'REQUIRED_FIELD',
        });
      }
      if (next.captchaEnabled && !hasSecret) {
        violations.push({
          field: 'settings.captchaSecret',
          description: 'is required while captcha is on (or set MERX_CAPTCHA_SECRET on the server)',
          violatedRule: 'REQUIRED_FIELD',
        });
      }
      if (violations.length) throw new ValidationError(violations);
      await deps.memberSettings.update({
        ...rest,
        ...(captchaSecret ? { captchaSecretSealed: deps.sealer.seal(captchaSecret) } : {}),
        ...(removing ? { captchaSecretSealed: null } : {}),
      });
      return this.view();
    },
  };
}

export type CaptchaGate = ReturnType<typeof createCaptchaGate>;

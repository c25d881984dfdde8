import type { CaptchaTokens, PublicCaptcha } from '../identity/captcha-gate.js';
import { formField, type HostedContext } from './context.js';
import type { PagePolicy } from './security.js';
import type { CaptchaBlock } from './session.views.js';

/** The longest token read from a form (the providers' are well under 4,000 characters, as `/v2/login` allows). */
const TOKEN_MAX = 4000;

/** What a sign-in or sign-up page adds for the captcha: the form's block, the widget script and its origins. */
export interface PageCaptcha {
  block: CaptchaBlock | undefined;
  widgetScript: string | undefined;
  policy(base: PagePolicy): PagePolicy;
}

const none: PageCaptcha = { block: undefined, widgetScript: undefined, policy: (base) => base };

/**
 * The captcha of a page, when the store asks for one (and `wanted`: staff pages have none); `challenge` shows the
 * visible challenge at once.
 */
export async function pageCaptcha(ctx: HostedContext, challenge = false, wanted = true): Promise<PageCaptcha> {
  const captcha: PublicCaptcha | undefined = wanted ? await ctx.services.identity.captcha.publicCaptcha() : undefined;
  if (!captcha) return none;
  return {
    block: {
      global: captcha.widget.global,
      provider: captcha.provider,
      invisibleKey: captcha.invisibleSiteKey,
      visibleKey: captcha.visibleSiteKey,
      challenge,
    },
    widgetScript: captcha.widget.scriptUrl,
    policy: (base) => ({ ...base, widgetOrigins: captcha.widget.origins }),
  };
}

/** The tokens a posted form carries: the visible challenge's and the invisible check's (WIRE.md 4.1 keys). */
export function captchaTokensOf(body: unknown): CaptchaTokens | undefined {
  const visible = formField(body, 'captchaVisible', TOKEN_MAX).trim();
  const invisible = formField(body, 'captchaInvisible', TOKEN_MAX).trim();
  if (!visible && !invisible) return undefined;
  return [{ ...(visible ? { Recaptcha: visible } : {}), ...(invisible ? { InvisibleRecaptcha: invisible } : {}) }];
}

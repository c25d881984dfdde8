/**
 * Captcha providers. reCAPTCHA, hCaptcha and Turnstile share one server-side protocol: a form post of `secret`,
 * `response` (the token) and `remoteip` to the provider's verify URL, answered by JSON `{ success, hostname,
 * "error-codes", … }`. Their browser widgets share one shape too (`render`, `execute`, `reset` on a global), loaded
 * from a script URL. Both URLs can be replaced (MERX_CAPTCHA_VERIFY_URL, MERX_CAPTCHA_SCRIPT_URL) so that a test
 * or a self-hosted stand-in answers instead of the provider.
 */

export const captchaProviders = ['recaptcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** Where each provider's widget and verify endpoint live, and the origins its widget loads from (for the CSP). */
const providers: Record<
  CaptchaProvider,
  { label: string; verifyUrl: string; scriptUrl: string; global: string; origins: readonly string[] }
> = {
  recaptcha: {
    label: 'reCAPTCHA',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
    origins: ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
  },
  hcaptcha: {
    label: 'hCaptcha',
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    global: 'hcaptcha',
    origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    label: 'Turnstile',
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
    origins: ['https://challenges.cloudflare.com'],
  },
};

/** The provider's name for people (back office, pages). */
export const captchaLabel = (provider: CaptchaProvider): string => providers[provider].label;

/** What the environment says about captcha (config.ts reads it; every field optional). */
export interface CaptchaConfig {
  /** Replaces every provider's verify URL (a local verifier in tests, a proxy). */
  verifyUrl?: string | undefined;
  /** Replaces every provider's widget script URL (a local stand-in in tests). */
  scriptUrl?: string | undefined;
  /** The provider secret, when the merchant did not store one in the member settings. */
  secret?: string | undefined;
  /** How long the verify endpoint has to answer (5 s). */
  timeoutMs?: number | undefined;
}

/** How the hosted pages load a provider's widget, and what their Content-Security-Policy must allow for it. */
export interface CaptchaWidget {
  /** The script URL (with `render=explicit`: the page renders the widgets itself). */
  scriptUrl: string;
  /** The global the script defines (`grecaptcha`, `hcaptcha`, `turnstile`). */
  global: string;
  /** Origins the widget loads scripts and frames from, and talks to: the script's own, or the provider's set. */
  origins: string[];
}

/** One token to check with the provider. */
export interface CaptchaCheck {
  provider: CaptchaProvider;
  secret: string;
  token: string;
  /** The site key the token should have been issued for (sent as `sitekey`; hCaptcha checks it). */
  siteKey?: string | undefined;
  remoteAddress?: string | undefined;
}

/** The provider's answer: passed, or why not (the provider's error codes, or `unreachable`). */
export type CaptchaVerdict = { ok: true; hostname?: string } | { ok: false; reasons: string[] };

/** Checks captcha tokens with their provider. Replace it through `buildApp` options (tests) or the config. */
export interface CaptchaVerifier {
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>;
  widget(provider: CaptchaProvider): CaptchaWidget;
  /** The secret from the environment, used when the member settings hold none. */
  environmentSecret?: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** The origin of an http(s) URL, or undefined. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The verifier for the real providers (or the URLs the config puts in their place). The provider being down,
 * slow, or answering anything but `success: true` is a refusal: sign-in never opens up when the check cannot run.
 */
export function createCaptchaVerifier(config: CaptchaConfig = {}, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    environmentSecret: config.secret || undefined,
    widget(provider) {
      const known = providers[provider];
      const scriptUrl = config.scriptUrl ?? known.scriptUrl;
      const own = originOf(scriptUrl);
      return {
        scriptUrl,
        global: known.global,
        origins: config.scriptUrl ? (own ? [own] : []) : [...known.origins],
      };
    },
    async verify(check) {
      const body = new URLSearchParams({ secret: check.secret, response: check.token });
      if (check.remoteAddress) body.set('remoteip', check.remoteAddress);
      if (check.siteKey) body.set('sitekey', check.siteKey);
      let data: { success?: unknown; hostname?: unknown; sitekey?: unknown; 'error-codes'?: unknown };
      try {
        const res = await fetchImpl(config.verifyUrl ?? providers[check.provider].verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return { ok: false, reasons: [`unreachable: HTTP ${res.status}`] };
        data = (await res.json()) as typeof data;
      } catch (error) {
        const name = (error as { name?: string }).name;
        return { ok: false, reasons: [name === 'TimeoutError' ? 'unreachable: timeout' : 'unreachable'] };
      }
      const codes = Array.isArray(data['error-codes']) ? data['error-codes'].map(String).slice(0, 10) : [];
      if (data.success !== true) return { ok: false, reasons: codes.length ? codes : ['rejected'] };
      // A provider that names the site key the token was made for must name ours.
      if (check.siteKey && typeof data.sitekey === 'string' && data.sitekey !== check.siteKey) {
        return { ok: false, reasons: ['sitekey-mismatch'] };
      }
      return typeof data.hostname === 'string' ? { ok: true, hostname: data.hostname } : { ok: true };
    },
  };
}

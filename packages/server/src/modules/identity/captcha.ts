/** Checks a captcha token with its provider. Plug one in through `buildApp` options or the config. */
export interface CaptchaVerifier {
  verify(token: string, remoteAddress: string | undefined): Promise<boolean>;
}

/**
 * Google reCAPTCHA's server-side check (`MERX_RECAPTCHA_SECRET`). Any failure to reach the provider counts as an
 * invalid token: sign-in must not open up when the provider is down.
 */
export function recaptchaVerifier(secret: string, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  return {
    async verify(token, remoteAddress) {
      try {
        const body = new URLSearchParams({
          secret,
          response: token,
          ...(remoteAddress ? { remoteip: remoteAddress } : {}),
        });
        const res = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        const data = (await res.json()) as { success?: boolean };
        return data.success === true;
      } catch {
        return false;
      }
    },
  };
}

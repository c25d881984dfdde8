import { base64UrlEncode } from '../encoding.js';
import { MerxClientError } from '../errors.js';

/** The verifier's alphabet (RFC 7636): letters, digits and `- . _ ~`. */
export const PKCE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
export const PKCE_MIN_LENGTH = 43;
export const PKCE_MAX_LENGTH = 128;

/** Random characters of `alphabet`, without modulo bias (bytes past the last whole multiple are drawn again). */
function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** A PKCE code verifier of `length` characters (43 to 128, default 43). */
export function generateCodeVerifier(length = PKCE_MIN_LENGTH): string {
  if (!Number.isInteger(length) || length < PKCE_MIN_LENGTH || length > PKCE_MAX_LENGTH) {
    throw new MerxClientError(
      'INVALID_PKCE_LENGTH',
      `Expected a length between ${PKCE_MIN_LENGTH} and ${PKCE_MAX_LENGTH}. Received ${length}.`,
    );
  }
  return randomString(length, PKCE_ALPHABET);
}

/** The S256 challenge: base64url(SHA-256(verifier)), unpadded, computed with WebCrypto. */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/** A random `state` for one authorization request (base64url of 32 random bytes). */
export function generateState(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
}

/** A verifier and its challenge. */
export async function generatePkce(length = PKCE_MIN_LENGTH): Promise<{ codeVerifier: string; codeChallenge: string }> {
  const codeVerifier = generateCodeVerifier(length);
  return { codeVerifier, codeChallenge: await codeChallengeOf(codeVerifier) };
}

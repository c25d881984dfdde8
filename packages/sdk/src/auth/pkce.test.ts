import { describe, expect, it } from 'vitest';
import { MerxClientError } from '../errors.js';
import { codeChallengeOf, generateCodeVerifier, generatePkce, generateState } from './pkce.js';

describe('PKCE', () => {
  it('makes a 43-character verifier from letters, digits and - . _ ~ by default', () => {
    for (let i = 0; i < 50; i++) expect(generateCodeVerifier()).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
  });

  it('accepts lengths from 43 to 128', () => {
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(generateCodeVerifier(128)).toHaveLength(128);
  });

  it.each([42, 129, 0, -1, 50.5])('refuses length %s with the exact message', (n) => {
    expect(() => generateCodeVerifier(n)).toThrow(`Expected a length between 43 and 128. Received ${n}.`);
    expect(() => generateCodeVerifier(n)).toThrow(MerxClientError);
  });

  it('computes the S256 challenge of RFC 7636 appendix B with WebCrypto', async () => {
    expect(await codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('pairs a verifier with its challenge, and states are random base64url', async () => {
    const { codeVerifier, codeChallenge } = await generatePkce();
    expect(codeChallenge).toBe(await codeChallengeOf(codeVerifier));
    expect(codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateState()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateState()).not.toBe(generateState());
  });
});

import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a high-entropy secret (tokens, codes with a state token): what the database keeps. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  if (x.length !== y.length) {
    timingSafeEqual(x, x);
    return false;
  }
  return timingSafeEqual(x, y);
}

/** A code of `digits` decimal digits, uniformly random (for codes sent by mail). */
export function numericCode(digits = 6): string {
  let code = '';
  for (let i = 0; i < digits; i++) code += String(randomInt(10));
  return code;
}

/**
 * Encrypts small secrets that must be read back (TOTP seeds) with AES-256-GCM under a key derived from a
 * database-kept secret. The sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function createSealer(secret: string) {
  const key = createHash('sha256').update(`merx-sealer:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;

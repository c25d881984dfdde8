import { randomBytes, randomUUID } from 'node:crypto';

/** A new entity id (UUID v4 from node:crypto). */
export function newId(): string {
  return randomUUID();
}

/** A random url-safe token of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (an ambient const enum, so not importable as a value). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane). Tests may lower the cost with
 * MERX_ARGON2_FAST=1; the hash records its parameters, so verifying works either way.
 */
const options = () =>
  process.env.MERX_ARGON2_FAST === '1'
    ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options());
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends what a real verification costs, so that an unknown account answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword('merx-dummy-password');
  await verifyPassword(await dummy, password);
}

/** The password rule (the contract leaves it open): 8 to 256 characters, not only spaces. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'must be at least 8 characters';
  if (password.length > 256) return 'must be at most 256 characters';
  if (password.trim() === '') return 'must not be only spaces';
  return null;
}

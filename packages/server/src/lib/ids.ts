import { randomBytes, randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const bytes = Buffer.alloc(16);
/**
 * Random bytes drawn from node:crypto 4 KiB at a time (as `crypto.randomUUID` does): a call into the CSPRNG costs
 * about 2.5 µs whatever its size, and an order makes some twenty ids. Each byte is used once.
 */
const entropy = Buffer.alloc(4096);
let entropyUsed = entropy.length;
/** Highest value the 12-bit counter starts a millisecond at: leaves at least 2,048 ids for that millisecond. */
const COUNTER_START_MAX = 0x7ff;
let lastMs = 0;
let counter = 0;

/**
 * A new entity id: a UUID version 7 (RFC 9562) — 48 bits of Unix time in milliseconds, a 12-bit counter and 62
 * random bits from node:crypto. Ids made one after the other in this process sort in the order they were made
 * (the counter starts each millisecond at a random value and counts up; when it runs out, or the clock steps
 * back, the time part moves on from the last one used), so B-tree indexes on ids take new rows at their right
 * edge instead of a random page each: see docs/decisions/0007-time-ordered-ids.md.
 */
export function newId(): string {
  if (entropyUsed + 10 > entropy.length) {
    randomFillSync(entropy);
    entropyUsed = 0;
  }
  entropy.copy(bytes, 6, entropyUsed, entropyUsed + 10);
  entropyUsed += 10;
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = (((bytes[6] as number) << 8) | (bytes[7] as number)) & COUNTER_START_MAX;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  let id = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-';
    id += HEX[bytes[i] as number];
  }
  return id;
}

/** A random url-safe token of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

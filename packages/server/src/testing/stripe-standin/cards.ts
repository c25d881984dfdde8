/*
 * Stripe's published test card numbers, as the stand-in answers them (docs/payments.md lists them for merchants).
 */

/** What confirming a payment with a card does. */
export type CardBehaviour =
  | { kind: 'succeeds' }
  /** 3-D Secure on the buyer's session; `always` also when charged off-session after being saved. */
  | { kind: 'authenticates'; always: boolean }
  | { kind: 'declines'; code: string; declineCode: string; message: string };

const declines = (code: string, declineCode: string, message: string): CardBehaviour => ({
  kind: 'declines',
  code,
  declineCode,
  message,
});

/** The behaviour of a card number; any other number passing Luhn succeeds. */
export function behaviourOf(number: string): CardBehaviour {
  switch (number) {
    case '4000002500003155':
      return { kind: 'authenticates', always: false };
    case '4000002760003184':
      return { kind: 'authenticates', always: true };
    case '4000000000000002':
      return declines('card_declined', 'generic_decline', 'Your card was declined.');
    case '4000000000009995':
      return declines('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
    case '4000000000000069':
      return declines('expired_card', 'expired_card', 'Your card has expired.');
    default:
      return { kind: 'succeeds' };
  }
}

/** Luhn's checksum, as Stripe checks a number before accepting it. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand Stripe names for a number (lower case, as in `card.brand`). */
export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

import { invalid } from '@merx/domain';

/*
 * Card numbers as the test gateway reads them. The full number never leaves the request: what is kept is the brand
 * and the last four digits.
 */

/** A card as the buyer typed it (digits only, `MM/YY`, CVC). */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  holderName?: string | null | undefined;
}

/** What is kept of a card: never the full number nor the CVC. */
export interface CardSummary {
  brand: string;
  last4: string;
  expiry: string;
}

/** True when the digits pass the Luhn checksum. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's leading digits. */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'VISA';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  if (two === 34 || two === 37) return 'AMEX';
  if (digits.startsWith('6011') || two === 65) return 'DISCOVER';
  return 'UNKNOWN';
}

/** True once the card's expiry month (`MM/YY`, valid through its last day, UTC) is over at `now`. */
export function isExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  // Day 1 of the month after the expiry month: the first instant the card is no longer valid.
  return now.getTime() >= Date.UTC(2000 + yy, mm, 1);
}

/** The card's summary; a Luhn failure is a 400 on `card.number` (nothing is charged or written). */
export function summarize(card: CardInput): CardSummary {
  if (!passesLuhn(card.number)) throw invalid('card.number', 'is not a valid card number', 'FORMAT');
  return { brand: brandOf(card.number), last4: card.number.slice(-4), expiry: card.expiry };
}

import { randomBytes } from 'node:crypto';
import type { PaymentProvider as ProviderName } from '@merx/contract';
import { type CardInput, isExpired } from './payments.cards.js';

/*
 * Payment providers behind one interface: the single place providers plug in. `offline`: nothing is charged online,
 * staff collect the money by hand and record it. `test`: the built-in test gateway, which answers from the card
 * number (docs/payments.md lists them). `stripe`: Stripe (stripe.provider.ts), whose payments Stripe.js confirms in
 * the browser; capture, void and refund go through this interface like the others'. A new provider adds its name to
 * the contract's `paymentProvider` and its implementation to `createProviders` (docs/payments.md, "Another provider").
 */

/** Why the test gateway declined a card. */
export type DeclineReason = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS' | 'EXPIRED_CARD';

/** A provider's answer: its own id for the operation and the outcome. */
export interface ProviderResult {
  providerTransactionId: string;
  status: 'APPROVED' | 'AUTHORIZED' | 'PENDING' | 'DECLINED' | 'VOIDED' | 'SUCCEEDED';
  reason?: DeclineReason;
}

export interface AuthorizeRequest {
  amountMinor: number;
  currency: string;
  /** Capture at once (a sale) rather than only hold the money. */
  capture: boolean;
  /** The card (test gateway); absent for money collected by hand. */
  card?: CardInput;
  now: Date;
}

/** One payment provider: charge (authorize, capturing at once or not), capture, void and refund. */
export interface PaymentProviderApi {
  name: ProviderName;
  authorize(req: AuthorizeRequest): Promise<ProviderResult>;
  capture(req: { providerTransactionId: string | null; amountMinor: number }): Promise<ProviderResult>;
  void(req: { providerTransactionId: string | null }): Promise<ProviderResult>;
  /** `reference`: Merx's own id of this refund of this payment, the same when the refund is asked again. */
  refund(req: {
    providerTransactionId: string | null;
    amountMinor: number;
    reference?: string;
  }): Promise<ProviderResult>;
  /**
   * Reads what the provider needs from the store (keys) before an order's transaction opens: the operations above
   * run inside it and must not read the database beside it.
   */
  prepare?(): Promise<void>;
}

/** Lets every provider read its configuration before an order's change calls it. */
export async function prepareProviders(providers: Providers): Promise<void> {
  await Promise.all(Object.values(providers).map((p) => p.prepare?.()));
}

/** A provider transaction id: the provider's name and 96 random bits from node:crypto. */
const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Card numbers the test gateway answers specially; any other number that passes Luhn approves. */
export const TEST_CARDS = {
  approves: '4242424242424242',
  declines: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authorizesOnly: '4000000000003220',
  pending: '4000000000000119',
} as const;

/** The built-in test gateway. It keeps no state: the outcome follows from the card, the amounts from our records. */
export const testGateway: PaymentProviderApi = {
  name: 'test',
  async authorize(req) {
    const id = providerId('test');
    const declined = (reason: DeclineReason): ProviderResult => ({
      providerTransactionId: id,
      status: 'DECLINED',
      reason,
    });
    const number = req.card?.number ?? '';
    if (req.card && isExpired(req.card.expiry, req.now)) return declined('EXPIRED_CARD');
    switch (number) {
      case TEST_CARDS.declines:
        return declined('CARD_DECLINED');
      case TEST_CARDS.insufficientFunds:
        return declined('INSUFFICIENT_FUNDS');
      case TEST_CARDS.authorizesOnly:
        return { providerTransactionId: id, status: 'AUTHORIZED' };
      case TEST_CARDS.pending:
        return { providerTransactionId: id, status: 'PENDING' };
      case '':
        return declined('CARD_DECLINED');
      default:
        return { providerTransactionId: id, status: req.capture ? 'APPROVED' : 'AUTHORIZED' };
    }
  },
  async capture() {
    return { providerTransactionId: providerId('test'), status: 'APPROVED' };
  },
  async void() {
    return { providerTransactionId: providerId('test'), status: 'VOIDED' };
  },
  async refund() {
    return { providerTransactionId: providerId('test'), status: 'SUCCEEDED' };
  },
};

/** Manual payment: every operation records what staff did by hand, so each succeeds. */
export const offlineProvider: PaymentProviderApi = {
  name: 'offline',
  async authorize() {
    return { providerTransactionId: providerId('offline'), status: 'APPROVED' };
  },
  async capture() {
    return { providerTransactionId: providerId('offline'), status: 'APPROVED' };
  },
  async void() {
    return { providerTransactionId: providerId('offline'), status: 'VOIDED' };
  },
  async refund() {
    return { providerTransactionId: providerId('offline'), status: 'SUCCEEDED' };
  },
};

export type Providers = Record<ProviderName, PaymentProviderApi>;

/** The providers by name; those that need the store's configuration are made by their module (Stripe's). */
export function createProviders(configured: { stripe: PaymentProviderApi }): Providers {
  return { test: testGateway, offline: offlineProvider, stripe: configured.stripe };
}

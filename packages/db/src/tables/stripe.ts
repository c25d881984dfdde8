/** A PaymentIntent Merx made for an order (`stripe_payment_intents`); Stripe keeps its state. */
export interface StripePaymentIntentsTable {
  id: string;
  order_id: string;
  amount_minor: number;
  currency: string;
  capture_manual: number;
  /** The member who asked to keep the card; null when not kept. */
  save_for_member_id: string | null;
  created_date: string;
}

/** A Stripe event processed (each event id once). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_date: string;
}

/** A member's customer at a payment provider (Stripe's `cus_…`). */
export interface PaymentCustomersTable {
  member_id: string;
  provider: string;
  customer_id: string;
  created_date: string;
}

/** A member's card kept in the provider's vault: Merx keeps its reference and what to show, never the card. */
export interface SavedPaymentMethodsTable {
  id: string;
  member_id: string;
  provider: string;
  customer_id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_date: string;
}

import type { AbandonedCheckout } from '@merx/contract';
import type { Database } from '@merx/db';
import type { Selectable } from 'kysely';
import { compact, priceOf } from '../cart/cart.mapper.js';
import { checkoutPageUrl } from '../checkout/checkout.mapper.js';

/** A row of `abandoned_checkouts` as read (PostgreSQL answers bigint columns as strings). */
export type AbandonedRow = Selectable<Database['abandoned_checkouts']>;

/** An activity as kept in the row's `activities` JSON. */
export interface AbandonedActivity {
  type: AbandonedCheckout['activities'][number]['type'];
  createdDate: string;
}

/**
 * Rows deleted by staff stay as tombstones with this status (buyer email and activities cleared): the checkout id
 * stays taken, so the sweep never marks the checkout again. Reads never show them.
 */
export const DELETED = 'DELETED';

export interface AbandonedWireContext {
  locale: string;
  publicUrl: string;
}

const buyerIdKey = { visitor: 'visitorId', member: 'memberId', staff: 'userId' } as const;

export function activitiesOf(row: Pick<AbandonedRow, 'activities'>): AbandonedActivity[] {
  return JSON.parse(row.activities) as AbandonedActivity[];
}

/** An abandoned checkout on the wire (the client's AbandonedCheckout field names). */
export function abandonedWire(row: AbandonedRow, ctx: AbandonedWireContext): AbandonedCheckout {
  const idKey = buyerIdKey[row.owner_kind as keyof typeof buyerIdKey];
  return compact({
    id: row.id,
    checkoutId: row.checkout_id,
    status: row.status as AbandonedCheckout['status'],
    buyerInfo: compact({ ...(idKey ? { [idKey]: row.owner_id } : {}), email: row.buyer_email ?? undefined }),
    currency: row.currency,
    conversionCurrency: row.currency,
    cartId: row.cart_id ?? undefined,
    contactDetails: row.contact_details ? compact(JSON.parse(row.contact_details)) : undefined,
    subtotalPrice:
      row.subtotal_minor == null
        ? undefined
        : priceOf(Number(row.subtotal_minor), { currency: row.currency, locale: ctx.locale }),
    totalPrice: priceOf(Number(row.total_minor), { currency: row.currency, locale: ctx.locale }),
    checkoutUrl: checkoutPageUrl(ctx.publicUrl, row.checkout_id),
    activities: activitiesOf(row),
    checkoutRecoveredDate: row.recovered_date ?? undefined,
    orderId: row.order_id ?? undefined,
    checkoutUpdatedDate: row.checkout_updated_date,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  });
}

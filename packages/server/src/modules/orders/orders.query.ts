import type { EntityQuerySpec } from '@merx/domain';
import { sql } from 'kysely';

/** What orders may be searched and sorted by (`/ecom/v1/orders/search`); money scaled by `minorPerMajor`. */
export const orderQuerySpec = (minorPerMajor: number): EntityQuerySpec => ({
  table: 'orders',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    number: { kind: 'column', column: 'number', type: 'number', sortable: true, notNull: true },
    status: { kind: 'column', column: 'status', type: 'string', notNull: true },
    paymentStatus: { kind: 'column', column: 'payment_status', type: 'string', notNull: true },
    fulfillmentStatus: { kind: 'column', column: 'fulfillment_status', type: 'string', notNull: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    purchasedDate: { kind: 'column', column: 'purchased_date', type: 'date', sortable: true },
    archived: { kind: 'column', column: 'archived', type: 'boolean', notNull: true },
    checkoutId: { kind: 'column', column: 'checkout_id', type: 'id' },
    cartId: { kind: 'column', column: 'cart_id', type: 'id' },
    currency: { kind: 'column', column: 'currency', type: 'string', notNull: true },
    'buyerInfo.email': { kind: 'column', column: 'buyer_email', type: 'string', sortable: true },
    // A member's orders, for staff: the orders' owner (ids are unique, so a visitor's or staff id never matches).
    'buyerInfo.memberId': { kind: 'column', column: 'owner_id', type: 'id', operators: ['$eq', '$in'] },
    'priceSummary.total.amount': {
      kind: 'column',
      column: 'total_minor',
      type: 'number',
      sortable: true,
      scale: minorPerMajor,
      notNull: true,
    },
    paymentMethod: { kind: 'column', column: 'payment_method', type: 'string' },
    'channelInfo.type': {
      kind: 'column',
      column: 'channel_type',
      type: 'string',
      operators: ['$eq', '$ne', '$in', '$nin'],
    },
    'tags.tags.tagIds': {
      kind: 'relation',
      table: 'order_tags',
      ownerColumn: 'order_id',
      valueColumn: 'tag_id',
      type: 'id',
    },
    'tags.privateTags.tagIds': {
      kind: 'relation',
      table: 'order_private_tags',
      ownerColumn: 'order_id',
      valueColumn: 'tag_id',
      type: 'id',
    },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
});

/** `like` pattern matching `text` anywhere, lower-cased, with the pattern characters escaped (escape `\\`). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of a merchant's free-text search: an order number (`10023`, `#10023`) finds that order, and the text
 * is looked for in the buyer's email and name (case-insensitive, anywhere).
 */
export function orderTextCondition(expression: string) {
  const text = containing(expression);
  const number = /^#?\s*(\d{1,12})$/.exec(expression)?.[1];
  const inText = sql<boolean>`(lower(orders.buyer_email) like ${text} escape '\\' or lower(orders.buyer_name) like ${text} escape '\\')`;
  return number ? sql<boolean>`(orders.number = ${Number(number)} or ${inText})` : inText;
}

import type { EntityQuerySpec } from '@merx/domain';

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
    'priceSummary.total.amount': {
      kind: 'column',
      column: 'total_minor',
      type: 'number',
      sortable: true,
      scale: minorPerMajor,
      notNull: true,
    },
    paymentMethod: { kind: 'column', column: 'payment_method', type: 'string' },
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

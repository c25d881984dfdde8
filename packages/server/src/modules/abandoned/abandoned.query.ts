import type { EntityQuerySpec } from '@merx/domain';

const exact = ['$eq', '$ne', '$in', '$nin'] as const;

/** What abandoned checkouts may be filtered and sorted by; money scaled by `minorPerMajor`. */
export const abandonedQuerySpec = (minorPerMajor: number): EntityQuerySpec => ({
  table: 'abandoned_checkouts',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', operators: exact, sortable: true, notNull: true },
    checkoutId: { kind: 'column', column: 'checkout_id', type: 'id', operators: exact, notNull: true },
    status: { kind: 'column', column: 'status', type: 'string', operators: exact, notNull: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    checkoutRecoveredDate: { kind: 'column', column: 'recovered_date', type: 'date', sortable: true },
    orderId: { kind: 'column', column: 'order_id', type: 'id' },
    'buyerInfo.email': { kind: 'column', column: 'buyer_email', type: 'string', sortable: true },
    cartId: { kind: 'column', column: 'cart_id', type: 'id', operators: exact },
    'subtotalPrice.amount': {
      kind: 'column',
      column: 'subtotal_minor',
      type: 'number',
      sortable: true,
      scale: minorPerMajor,
    },
    'totalPrice.amount': {
      kind: 'column',
      column: 'total_minor',
      type: 'number',
      sortable: true,
      scale: minorPerMajor,
      notNull: true,
    },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
});

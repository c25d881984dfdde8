/*
 * Orders, their payments and refunds, activities and fulfillments, the inventory log and abandoned checkouts
 * (migration 0009). Timestamps are ISO-8601 text, booleans 0/1, JSON columns are text, money is integer minor units
 * of the order's currency.
 */

/**
 * A placed order. `number` is the store's sequential order number. `checkout_id` is unique: placing an order from a
 * checkout twice finds the first. `owner_kind`/`owner_id` name who placed it (visitor, member, staff, apiKey):
 * members see their own orders. `status`, `payment_status` and `fulfillment_status` are kept in step with the
 * transactions and fulfillments by the orders module (the rules live in @merx/domain). `lines` is JSON of the
 * order lines as the rules read them (product, variant, quantity, paid total, stock taken, refunded and restocked
 * units); `data` is JSON of everything the buyer saw at checkout in wire names (line items, addresses, shipping,
 * discounts, taxes, fees, price summary), frozen when the order was placed.
 */
export interface OrdersTable {
  id: string;
  number: number;
  checkout_id: string | null;
  cart_id: string | null;
  owner_kind: string;
  owner_id: string;
  buyer_email: string | null;
  /** The buyer's name (billing contact, else recipient), kept from `data` for finding orders by name (0016). */
  buyer_name: string | null;
  /** The sales channel (`data.channelType`), kept for filtering (0016; null only for rows not yet migrated). */
  channel_type: string | null;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  currency: string;
  subtotal_minor: number;
  shipping_minor: number;
  tax_minor: number;
  discount_minor: number;
  total_minor: number;
  payment_method: string | null;
  lines: string;
  data: string;
  archived: number;
  created_date: string;
  updated_date: string;
  purchased_date: string | null;
  revision: number;
  /** When the one payment reminder of this unpaid order was written (0019); null until then. */
  payment_reminder_date: string | null;
  /** SHA-256 (hex) of the token of the pay link mailed with the reminder (0019); null until then. */
  pay_token_hash: string | null;
}

/**
 * A payment (`kind` PAYMENT) or a refund (`kind` REFUND, `payment_id` names the payment it returns money from).
 * `provider` is `test` (the built-in test gateway) or `offline`; `details` is JSON (card brand and last four
 * digits, the refunded lines and shipping, the decline reason).
 */
export interface OrderTransactionsTable {
  id: string;
  order_id: string;
  kind: string;
  status: string;
  amount_minor: number;
  provider: string;
  provider_transaction_id: string | null;
  payment_id: string | null;
  details: string;
  created_date: string;
  updated_date: string;
}

/** A line of an order's timeline: `type` of the contract's activity types, `data` JSON (message, custom fields). */
export interface OrderActivitiesTable {
  id: string;
  order_id: string;
  type: string;
  author: string | null;
  data: string;
  created_date: string;
  updated_date: string;
}

/** A shipment or hand-over: `line_items` JSON `[{id, quantity}]`, `tracking_info` JSON (number, provider, link). */
export interface OrderFulfillmentsTable {
  id: string;
  order_id: string;
  line_items: string;
  tracking_info: string | null;
  created_date: string;
  updated_date: string;
}

/**
 * Every change of tracked stock: `delta` units (negative when taken), `cause` ORDER, MANUAL or
 * REVERT_INVENTORY_CHANGE, the order it belongs to (when any) and the quantity left after it. Since 0018 also why
 * (`reason`, the contract's inventoryChangeReason), who (`actor_*`, as in `audit_log`) and what else it belongs to
 * (`reference`: a refund or product import id); null on older rows whose reason could not be told.
 */
export interface InventoryChangesTable {
  id: string;
  product_id: string;
  variant_id: string;
  delta: number;
  quantity_after: number | null;
  cause: string;
  order_id: string | null;
  created_date: string;
  reason: string | null;
  /** STAFF | API_KEY | MEMBER | VISITOR | SYSTEM */
  actor_kind: string | null;
  actor_id: string | null;
  /** The staff member's name (else email) or the key's name when it happened; null for shoppers and the store. */
  actor_name: string | null;
  reference: string | null;
}

/**
 * A checkout left without an order for longer than the store's abandonment time. `status` ABANDONED, or
 * RECOVERED once an order is placed from it (`order_id`, `recovered_date`). Buyer and total are copied for lists.
 */
export interface AbandonedCheckoutsTable {
  id: string;
  checkout_id: string;
  status: string;
  owner_kind: string;
  owner_id: string;
  buyer_email: string | null;
  currency: string;
  total_minor: number;
  /** The checkout's subtotal when it was abandoned (null for rows marked before migration 0011). */
  subtotal_minor: number | null;
  cart_id: string | null;
  /** JSON: the buyer's contact details (name, phone, company, VAT id) when it was abandoned. */
  contact_details: string | null;
  checkout_updated_date: string;
  order_id: string | null;
  recovered_date: string | null;
  activities: string;
  created_date: string;
  updated_date: string;
}

/** One tag id of an order (`order_tags`: public tags, `order_private_tags`: private ones), for searching by tag. */
export interface OrderTagsTable {
  order_id: string;
  tag_id: string;
}

export interface OrderTables {
  orders: OrdersTable;
  order_transactions: OrderTransactionsTable;
  order_activities: OrderActivitiesTable;
  order_fulfillments: OrderFulfillmentsTable;
  inventory_changes: InventoryChangesTable;
  abandoned_checkouts: AbandonedCheckoutsTable;
  order_tags: OrderTagsTable;
  order_private_tags: OrderTagsTable;
}

/** A discount rule; `trigger`, `discounts` and `tags` are JSON, money inside them in minor units. */
export interface DiscountRulesTable {
  id: string;
  name: string;
  active: number;
  start_date: string | null;
  end_date: string | null;
  /** The trigger tree as JSON; NULL when the rule always applies. */
  trigger: string | null;
  discounts: string;
  tags: string;
  usage_count: number;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** The private tags of a discount rule, for `tags.privateTags.tagIds` queries. */
export interface DiscountRuleTagsTable {
  rule_id: string;
  tag_id: string;
}

/** A coupon; `code_key` is the lower-cased code (codes are unique whatever their case); `discount` is JSON. */
export interface CouponsTable {
  id: string;
  code: string;
  code_key: string;
  name: string;
  active: number;
  discount_type: string;
  target_type: string;
  discount: string;
  minimum_subtotal: number | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  usage_count: number;
  /** What the coupon took off the orders that used it, minor units of the store currency (migration 0017). */
  discount_total: number;
  start_date: string | null;
  expiration_date: string | null;
  created_date: string;
  updated_date: string;
  revision: number;
}

/** How often one customer used one coupon. */
export interface CouponUsesTable {
  coupon_id: string;
  customer_key: string;
  uses: number;
  last_used_date: string;
}

/** Tables of discount rules and coupons (migration 0004). */
export interface DiscountTables {
  discount_rules: DiscountRulesTable;
  discount_rule_tags: DiscountRuleTagsTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
}

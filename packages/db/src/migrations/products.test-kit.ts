/** A product row as the v1 catalog stored it before the search and entity columns (migrations 0020 and 0022). */
export interface LegacyProduct {
  id: string;
  numericId: number;
  name: string;
  description?: string;
  brand?: string | null;
  ribbon?: string | null;
  createdDate?: string;
}

/** The row of `p` in the `products` table: a visible physical product at 10.00, not tracked, without variants. */
export function legacyProductRow(p: LegacyProduct) {
  const date = p.createdDate ?? '2026-11-01T00:00:00.000Z';
  return {
    id: p.id,
    numeric_id: p.numericId,
    slug: p.id,
    name: p.name,
    visible: 1,
    product_type: 'physical',
    sku: null,
    brand: p.brand ?? null,
    ribbon: p.ribbon ?? null,
    description: p.description ?? '',
    price: 1000,
    discount_type: 'NONE',
    discount_value: 0,
    discounted_price: 1000,
    cost: null,
    weight: null,
    price_min: 1000,
    price_max: 1000,
    cost_min: null,
    cost_max: null,
    weight_min: 0,
    weight_max: 0,
    track_inventory: 0,
    quantity: null,
    in_stock: 1,
    inventory_status: 'IN_STOCK',
    manage_variants: 0,
    data: '{}',
    created_date: date,
    updated_date: date,
    revision: 1,
  };
}

import type { Executor } from '@merx/db';
import { type EntityQuerySpec, type FilterNode, invalid, type Scalar } from '@merx/domain';

/*
 * The v3 query language over the products table: the fields the package documents as filterable or sortable and
 * Merx can answer from its columns (docs/decisions/0023-products-v3-read.md). Any other field is a 400 naming it.
 */

const DIRECT_CATEGORIES = 'directCategoriesInfo.categories.id';
const ALL_CATEGORIES = 'allCategoriesInfo.categories.id';

export function productV3QuerySpec(minorPerMajor: number): EntityQuerySpec {
  const money = { kind: 'column', type: 'number', sortable: true, scale: minorPerMajor, notNull: true } as const;
  const membership = {
    kind: 'relation',
    table: 'collection_products',
    ownerColumn: 'product_id',
    valueColumn: 'collection_id',
    type: 'id',
  } as const;
  return {
    table: 'products',
    fields: {
      /** Merx's own field: the "Option: Choice" names a product sells (docs/decisions/0029-option-choice-facets.md). */
      optionChoices: {
        kind: 'relation',
        table: 'product_option_choices',
        ownerColumn: 'product_id',
        valueColumn: 'choice',
        type: 'string',
      },
      id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
      name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
      slug: { kind: 'column', column: 'slug', type: 'string', sortable: true, notNull: true },
      visible: { kind: 'column', column: 'visible', type: 'boolean', sortable: true, notNull: true },
      visibleInPos: { kind: 'column', column: 'visible', type: 'boolean', sortable: true, notNull: true },
      productType: { kind: 'column', column: 'product_type', type: 'string', sortable: true, notNull: true },
      createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
      updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
      'inventory.availabilityStatus': {
        kind: 'column',
        column: 'inventory_status',
        type: 'string',
        sortable: true,
        notNull: true,
      },
      'brand.id': { kind: 'column', column: 'brand_id', type: 'id', sortable: true },
      'brand.name': { kind: 'column', column: 'brand', type: 'string', sortable: true },
      'ribbon.id': { kind: 'column', column: 'ribbon_id', type: 'id', sortable: true },
      'ribbon.name': { kind: 'column', column: 'ribbon', type: 'string', sortable: true },
      // What a buyer pays at the cheapest and dearest variant: generated columns (migration 0029, decision 0034).
      'actualPriceRange.minValue.amount': { ...money, column: 'actual_min' },
      'actualPriceRange.maxValue.amount': { ...money, column: 'actual_max' },
      'compareAtPriceRange.minValue.amount': { ...money, column: 'price_min' },
      'compareAtPriceRange.maxValue.amount': { ...money, column: 'price_max' },
      'physicalProperties.shippingWeightRange.minValue': {
        kind: 'column',
        column: 'weight_min',
        type: 'number',
        sortable: true,
      },
      'physicalProperties.shippingWeightRange.maxValue': {
        kind: 'column',
        column: 'weight_max',
        type: 'number',
        sortable: true,
      },
      'minVariantPriceInfo.sku': { kind: 'column', column: 'sku', type: 'string', sortable: true },
      [DIRECT_CATEGORIES]: membership,
      [ALL_CATEGORIES]: membership,
    },
    tieBreaker: [{ field: 'id', order: 'ASC' }],
    defaultSort: [{ field: 'createdDate', order: 'DESC' }],
  };
}

/** Deepest category tree walked (the categories module allows five levels). */
const MAX_DEPTH = 8;
/** Most categories one `allCategoriesInfo` condition may stand for once widened to subcategories. */
const MAX_WIDENED = 5000;

async function withDescendants(ex: Executor, ids: readonly Scalar[]): Promise<Scalar[]> {
  const out = new Set<Scalar>(ids);
  let frontier = ids.filter((v): v is string => typeof v === 'string');
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth++) {
    const rows = await ex.selectFrom('collections').select('id').where('parent_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !out.has(id));
    for (const id of frontier) out.add(id);
    // Bounded like any filter list, so a wide tree cannot make a statement too big for either engine.
    if (out.size > MAX_WIDENED)
      throw invalid(ALL_CATEGORIES, `names categories holding more than ${MAX_WIDENED} subcategories`, 'MAX_SIZE');
  }
  return [...out];
}

/**
 * The filter as the columns hold it: product types in lower case (`PHYSICAL` → `physical`), and
 * `allCategoriesInfo.categories.id` widened to the categories under the ones named (a product in "T-Shirts" is in
 * "Clothing" too), so it compiles as direct membership.
 */
export async function storedFilter(ex: Executor, node: FilterNode | null): Promise<FilterNode | null> {
  if (!node) return null;
  switch (node.kind) {
    case 'and':
    case 'or':
      return {
        kind: node.kind,
        nodes: await Promise.all(node.nodes.map((n) => storedFilter(ex, n) as Promise<FilterNode>)),
      };
    case 'not':
      return { kind: 'not', node: (await storedFilter(ex, node.node)) as FilterNode };
    case 'compare':
      if (node.field === 'productType' && typeof node.value === 'string')
        return { ...node, value: node.value.toLowerCase() };
      if (node.field === ALL_CATEGORIES && node.value !== null && (node.op === '$eq' || node.op === '$ne')) {
        const values = await withDescendants(ex, [node.value]);
        return { kind: 'in', field: DIRECT_CATEGORIES, op: node.op === '$eq' ? '$hasSome' : '$nin', values };
      }
      return node.field === ALL_CATEGORIES ? { ...node, field: DIRECT_CATEGORIES } : node;
    case 'in':
      if (node.field === 'productType')
        return { ...node, values: node.values.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)) };
      if (node.field === ALL_CATEGORIES && node.op !== '$hasAll')
        return { ...node, field: DIRECT_CATEGORIES, values: await withDescendants(ex, node.values) };
      return node;
    default:
      return node;
  }
}

import {
  type BulkInventoryItemsV3Response,
  errorCodes,
  type InventoryItemV3,
  type InventoryItemV3Input,
  inventoryErrorCodes,
  type ProductV3RequestedField,
} from '@merx/contract';
import {
  AppError,
  changePreorder,
  type FieldViolation,
  notFound,
  PREORDER_OFF,
  type StockState,
  ValidationError,
  variantAvailability,
  variantInStock,
} from '@merx/domain';
import { sql } from 'kysely';
import { type Caller, hasScope } from '../../http/auth.js';
import { htmlToRich } from '../../lib/rich-text/index.js';
import { actorOf } from '../inventory/inventory.log.js';
import type { StockAdjustments } from '../inventory/inventory-items.adjust.js';
import type { InventoryCatalog } from '../inventory/inventory-items.service.js';
import type { ModuleDeps } from '../module.js';
import {
  preorderOfRow,
  selectProductWithVariants,
  toProductRecord,
  variantsFromJson,
} from '../products/products.repo.js';
import { productV3Of } from '../products-v3/products-v3.mapper.js';
import {
  type CursorBody,
  type FieldSpec,
  itemIdOf,
  pagingMetadataOf,
  pagingOf,
  splitItemId,
  whereOf,
} from './inventory-v3.query.js';

/*
 * Inventory items v3 and read-only variants v3 over the v1 variants and their stock
 * (docs/decisions/0027-inventory-v3.md). Reads are SQL over `product_variants v JOIN products p`; every write goes
 * through the v1 inventory's code paths: `variants.setStock` for an update (log STOCK_SET with the caller, events,
 * product revision) and the stock keeper's increment and decrement (one conditional UPDATE per variant, never below
 * zero, log STOCK_ADJUSTED with the caller, events).
 */

/** The store's one location (Merx keeps stock in one place). */
export const MERX_LOCATION_ID = '00000000-0000-0000-0000-000000000001';

const ITEM_FIELDS: Record<string, FieldSpec> = {
  id: { kind: 'id' },
  productId: { column: 'v.product_id', kind: 'string' },
  variantId: { column: 'v.id', kind: 'string' },
  trackQuantity: { column: 'v.track_quantity', kind: 'bool' },
  quantity: { column: 'v.quantity', kind: 'int' },
  inStock: { kind: 'inStock' },
};
const ITEM_SORT = ['id', 'productId', 'variantId'];

const VARIANT_FIELDS: Record<string, FieldSpec> = {
  id: { kind: 'id' },
  variantId: { column: 'v.id', kind: 'string' },
  'productData.productId': { column: 'v.product_id', kind: 'string' },
  'productData.visible': { column: 'p.visible', kind: 'bool' },
  'productData.slug': { column: 'p.slug', kind: 'string' },
  visible: { column: 'v.visible', kind: 'bool' },
  sku: { column: 'v.sku', kind: 'string' },
  'inventoryStatus.inStock': { kind: 'inStock' },
};
const VARIANT_SORT = ['id', 'variantId', 'productData.productId'];

interface StockRow {
  product_id: string;
  id: string;
  choices: string;
  sku: string | null;
  visible: number;
  track_quantity: number;
  quantity: number | null;
  in_stock: number;
  preorder_enabled: number;
  preorder_limit: number;
  preorder_message: string | null;
  created_date: string;
  updated_date: string;
  product_name: string;
  product_type: string;
  product_revision: number;
}

type Query = {
  filter?: unknown;
  sort?: unknown;
  cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
};

/** What the v3 inventory uses of the v1 inventory and catalog. */
export interface InventoryV3Deps extends InventoryCatalog {
  adjustments: StockAdjustments;
}

const itemNotFound = (id: string, field?: string) =>
  notFound(inventoryErrorCodes.itemNotFound, `${field ? `${field}: ` : ''}inventory item not found`, {
    inventoryItemId: id,
    ...(field ? { field } : {}),
  });

const notAllowed = (field: string, description: string): FieldViolation => ({
  field,
  description,
  violatedRule: 'FIELD_NOT_ALLOWED',
});

/** An item's preorder on the wire: for a tracked item also the units owed (`counter`) and the room left (`quantity`). */
function preorderInfoOf(stock: StockState): InventoryItemV3['preorderInfo'] {
  const p = stock.preorder ?? PREORDER_OFF;
  if (!p.enabled) return { enabled: false };
  const owed = Math.max(0, -(stock.quantity ?? 0));
  return {
    enabled: true,
    ...(p.message ? { message: p.message } : {}),
    ...(stock.trackQuantity ? { limit: p.limit, counter: owed, quantity: Math.max(0, p.limit - owed) } : {}),
  };
}

function itemOf(r: StockRow): InventoryItemV3 {
  const tracked = Number(r.track_quantity) === 1;
  const stock: StockState = {
    trackQuantity: tracked,
    quantity: r.quantity === null ? null : Number(r.quantity),
    inStock: Number(r.in_stock) === 1,
    visible: Number(r.visible) === 1,
    preorder: preorderOfRow(r),
  };
  const inStock = variantInStock(stock);
  const choices = Object.values(JSON.parse(r.choices) as Record<string, string>);
  return {
    id: itemIdOf(r.product_id, r.id),
    revision: String(r.product_revision),
    createdDate: r.created_date,
    updatedDate: r.updated_date,
    variantId: r.id,
    locationId: MERX_LOCATION_ID,
    productId: r.product_id,
    trackQuantity: tracked,
    inStock,
    ...(tracked ? { quantity: stock.quantity ?? 0 } : {}),
    availabilityStatus: variantAvailability(stock),
    preorderInfo: preorderInfoOf(stock),
    product: {
      name: r.product_name,
      ...(choices.length > 0 ? { variantName: choices.join(' / ') } : {}),
      ...(r.sku ? { variantSku: r.sku } : {}),
      variantVisible: r.visible === 1,
    },
  } as InventoryItemV3;
}

/** An application error as a bulk result's `itemMetadata.error`. */
function errorOf(error: unknown): { code: string; description: string; data?: Record<string, unknown> } {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError)
    return {
      code: 'VALIDATION_ERROR',
      description: error.violations.map((v) => `${v.field}: ${v.description}`).join('; '),
      data: { violations: error.violations },
    };
  throw error;
}

export function createInventoryV3Service(deps: ModuleDeps, v1: InventoryV3Deps) {
  const stockRows = () =>
    deps.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'v.product_id',
        'v.id',
        'v.choices',
        'v.sku',
        'v.visible',
        'v.track_quantity',
        'v.quantity',
        'v.in_stock',
        'v.preorder_enabled',
        'v.preorder_limit',
        'v.preorder_message',
        'v.created_date',
        'v.updated_date',
        'p.name as product_name',
        'p.product_type',
        'p.revision as product_revision',
      ]);

  async function rowOf(id: string, field?: string): Promise<StockRow> {
    const parts = splitItemId(id);
    const row = parts
      ? await stockRows()
          .where('v.product_id', '=', parts.productId)
          .where('v.id', '=', parts.variantId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw itemNotFound(id, field);
    return row as StockRow;
  }

  /** Rows of a page: the filter (with the location as a constant), the order, `limit + 1` rows from the offset. */
  async function pageRows(body: CursorBody, fields: Record<string, FieldSpec>, at: string, publicOnly: boolean) {
    const where = whereOf(body.f, fields, `${at}.filter`);
    let qb = stockRows().where(sql<boolean>`${where}`);
    if (publicOnly) qb = qb.where('p.visible', '=', 1);
    const rows = await qb
      .orderBy('v.product_id', body.d)
      .orderBy('v.id', body.d)
      .limit(body.l + 1)
      .offset(body.o)
      .execute();
    return rows as StockRow[];
  }

  /** Refuses what Merx cannot do or what contradicts the tracking mode; nothing is written on refusal. */
  function updateViolations(at: string, input: InventoryItemV3Input, row: StockRow): FieldViolation[] {
    const out: FieldViolation[] = [];
    if (input.preorderInfo?.enabled && row.product_type === 'digital')
      out.push(notAllowed(`${at}.preorderInfo.enabled`, 'a digital product cannot be preordered'));
    if (input.variantId != null && input.variantId !== row.id)
      out.push({ field: `${at}.variantId`, description: 'cannot be changed', violatedRule: 'VALIDATION' });
    if (input.productId != null && input.productId !== row.product_id)
      out.push({ field: `${at}.productId`, description: 'cannot be changed', violatedRule: 'VALIDATION' });
    if (input.locationId != null && input.locationId !== MERX_LOCATION_ID)
      out.push({ field: `${at}.locationId`, description: `must be ${MERX_LOCATION_ID}`, violatedRule: 'VALIDATION' });
    const tracked = input.trackQuantity ?? row.track_quantity === 1;
    if (!tracked && input.quantity != null)
      out.push(notAllowed(`${at}.quantity`, 'is counted only while trackQuantity is true; set inStock'));
    if (tracked && input.inStock != null) {
      const units = input.quantity ?? (row.track_quantity === 1 ? (row.quantity ?? 0) : null);
      if (units === null)
        out.push(notAllowed(`${at}.inStock`, 'follows quantity while trackQuantity is true; set quantity'));
      else if (input.inStock !== units > 0)
        out.push(
          notAllowed(`${at}.inStock`, 'must agree with quantity while trackQuantity is true (in stock above 0)'),
        );
    }
    return out;
  }

  async function updateOne(caller: Caller, input: InventoryItemV3Input, at: string): Promise<InventoryItemV3> {
    if (!input.id)
      throw new ValidationError([{ field: `${at}.id`, description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
    const row = await rowOf(input.id, `${at}.id`);
    const violations = updateViolations(at, input, row);
    if (violations.length > 0) throw new ValidationError(violations);
    if (input.revision != null && input.revision !== String(row.product_revision)) {
      throw new AppError(
        'FAILED_PRECONDITION',
        'CONCURRENT_MODIFICATION',
        `The inventory item was changed since that revision was read (it is now ${row.product_revision}); read it again and retry`,
        { inventoryItemId: input.id, currentRevision: String(row.product_revision) },
      );
    }
    const tracked = input.trackQuantity ?? row.track_quantity === 1;
    await v1.variants.setStock(
      row.product_id,
      [
        {
          variantId: row.id,
          trackQuantity: tracked,
          ...(tracked && input.quantity != null ? { quantity: input.quantity } : {}),
          ...(!tracked && input.inStock != null ? { inStock: input.inStock } : {}),
          ...(input.preorderInfo ? { preorder: changePreorder(preorderOfRow(row), input.preorderInfo) } : {}),
        },
      ],
      { reason: 'STOCK_SET', actor: await actorOf(deps.db, caller) },
      caller,
    );
    return itemOf(await rowOf(input.id));
  }

  /** Per-item results: each line on its own (one transaction each), in request order. */
  async function bulk<T>(
    lines: readonly T[],
    run: (line: T, i: number) => Promise<{ id?: string; item?: InventoryItemV3 }>,
    returnEntity: boolean,
  ): Promise<BulkInventoryItemsV3Response> {
    const results: BulkInventoryItemsV3Response['results'] = [];
    for (const [i, line] of lines.entries()) {
      try {
        const { id, item } = await run(line, i);
        results.push({
          itemMetadata: { ...(id ? { id } : {}), originalIndex: i, success: true },
          ...(returnEntity && item ? { item } : {}),
        });
      } catch (error) {
        results.push({ itemMetadata: { originalIndex: i, success: false, error: errorOf(error) } });
      }
    }
    const ok = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
    };
  }

  /** Takes or adds units of one variant through the v1 stock path; `at` names the line. */
  async function adjust(
    caller: Caller,
    kind: 'increment' | 'decrement',
    row: StockRow,
    units: number,
    at: string,
    preorderRequest: boolean,
  ) {
    if (row.track_quantity !== 1) {
      throw new AppError(
        'FAILED_PRECONDITION',
        inventoryErrorCodes.notTracked,
        `${at}: the variant does not count its units; set its inStock with updateInventoryItem`,
        { field: at, productId: row.product_id, variantId: row.id },
      );
    }
    const line = { productId: row.product_id, variantId: row.id };
    await (kind === 'increment'
      ? v1.adjustments.increment(caller, [{ ...line, incrementBy: units }])
      : v1.adjustments.decrement(caller, [{ ...line, decrementBy: units, preorderRequest }])
    ).catch((error: unknown) => {
      // The v1 path names its one line `…Data[0]`; the v3 answer names the request's line.
      if (error instanceof AppError)
        throw new AppError(error.kind, error.code, error.message.replace(/^(in|de)crementData\[0\]/, at), {
          ...error.data,
          field: at,
        });
      throw error;
    });
  }

  /** The rows of a variant id: the ids of v1 variants are unique except the default one, shared by simple products. */
  async function byVariant(variantId: string, at: string): Promise<StockRow> {
    const rows = (await stockRows().where('v.id', '=', variantId).limit(2).execute()) as StockRow[];
    if (rows.length === 0)
      throw notFound(errorCodes.variantNotFound, `${at}: variant not found`, { field: at, variantId });
    if (rows.length > 1)
      throw new AppError(
        'FAILED_PRECONDITION',
        'AMBIGUOUS_VARIANT_ID',
        `${at}: several products have a variant with this id (the default variant); use the inventory item id`,
        { field: at, variantId },
      );
    return rows[0] as StockRow;
  }

  function checkLocation(locationId: string | null | undefined, at: string) {
    if (locationId != null && locationId !== MERX_LOCATION_ID)
      throw notFound('LOCATION_NOT_FOUND', `${at}: the store keeps stock at ${MERX_LOCATION_ID} only`, {
        field: at,
        locationId,
      });
  }

  async function itemsPage(q: Query | null | undefined, at: string) {
    const body = pagingOf(q ?? {}, 'items', ITEM_SORT, deps.cursorSecret, at);
    const rows = await pageRows(body, ITEM_FIELDS, at, false);
    return {
      inventoryItems: rows.slice(0, body.l).map(itemOf),
      pagingMetadata: pagingMetadataOf(body, rows.length, deps.cursorSecret),
    };
  }

  async function variantsPage(
    q: Query | null | undefined,
    fields: readonly string[] | undefined,
    caller: Caller,
    at: string,
  ) {
    const elevated = hasScope(caller, 'catalog:read');
    const body = pagingOf(q ?? {}, 'variants', VARIANT_SORT, deps.cursorSecret, at);
    const rows = (await pageRows(body, VARIANT_FIELDS, at, !elevated)).slice(0, body.l + 1);
    const shown = rows.slice(0, body.l);
    const productIds = [...new Set(shown.map((r) => r.product_id))];
    const products =
      productIds.length === 0
        ? []
        : await selectProductWithVariants(deps.db, deps.dialect).where('products.id', 'in', productIds).execute();
    const { currency, locale } = deps.store();
    const set = new Set<ProductV3RequestedField>(
      (fields ?? []).filter(
        (f): f is ProductV3RequestedField =>
          f === 'CURRENCY' || f === 'VARIANT_OPTION_CHOICE_NAMES' || f === 'MERCHANT_DATA',
      ),
    );
    const ctx = {
      currency,
      locale,
      publicUrl: deps.publicUrl,
      fields: set,
      merchant: set.has('MERCHANT_DATA') && elevated,
      categories: new Map(),
      richOf: (html: string) => htmlToRich(html),
    };
    const byProduct = new Map<string, Record<string, unknown>>();
    for (const row of products) {
      const p = toProductRecord(row);
      const v3 = productV3Of(p, variantsFromJson(row.variants_json), { ribbonId: null, brandId: null }, ctx) as Record<
        string,
        unknown
      >;
      byProduct.set(p.id, v3);
    }
    const variants = shown.map((r) => {
      const product = byProduct.get(r.product_id) ?? {};
      const all = (product['variantsInfo'] as { variants?: Record<string, unknown>[] } | undefined)?.variants ?? [];
      const { id: _id, choices, ...v } = all.find((x) => x['id'] === r.id) ?? {};
      return {
        id: itemIdOf(r.product_id, r.id),
        variantId: r.id,
        ...v,
        optionChoices: choices ?? [],
        productData: {
          productId: r.product_id,
          name: product['name'],
          slug: product['slug'],
          visible: product['visible'],
          productType: product['productType'],
          ...(product['media'] ? { media: product['media'] } : {}),
          ...(product['mainCategoryId'] ? { mainCategoryId: product['mainCategoryId'] } : {}),
        },
      };
    });
    return { variants, pagingMetadata: pagingMetadataOf(body, rows.length, deps.cursorSecret) };
  }

  const searchQuery = (
    s: (Query & { search?: { expression?: string | null } | null }) | null | undefined,
    at: string,
  ) => {
    if (s?.search?.expression)
      throw new ValidationError([
        notAllowed(`${at}.search.expression`, 'free-text search is not offered here; use filter'),
      ]);
    const { search: _s, ...q } = (s ?? {}) as Query & { search?: unknown; aggregations?: unknown; timeZone?: unknown };
    const { aggregations: _a, timeZone: _t, ...rest } = q as Query & { aggregations?: unknown; timeZone?: unknown };
    return rest;
  };

  return {
    async get(id: string) {
      return { inventoryItem: itemOf(await rowOf(id)) };
    },
    query: (q: Query | null | undefined) => itemsPage(q, 'query'),
    search: (s: Parameters<typeof searchQuery>[0]) => itemsPage(searchQuery(s, 'search'), 'search'),
    async count(filter: unknown) {
      const where = whereOf(filter, ITEM_FIELDS, 'filter');
      const row = await deps.db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .where(sql<boolean>`${where}`)
        .select(sql<number | string>`count(*)`.as('count'))
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0) };
    },
    async update(caller: Caller, pathId: string, input: InventoryItemV3Input) {
      if (input.id != null && input.id !== pathId)
        throw new ValidationError([
          {
            field: 'inventoryItem.id',
            description: `must be the item of the path (${pathId})`,
            violatedRule: 'VALIDATION',
          },
        ]);
      return { inventoryItem: await updateOne(caller, { ...input, id: pathId }, 'inventoryItem') };
    },
    bulkUpdate(caller: Caller, lines: ReadonlyArray<{ inventoryItem: InventoryItemV3Input }>, returnEntity: boolean) {
      return bulk(
        lines,
        async (l, i) => {
          const item = await updateOne(caller, l.inventoryItem, `inventoryItems[${i}].inventoryItem`);
          return { id: item.id, item };
        },
        returnEntity,
      );
    },
    adjustById(
      caller: Caller,
      kind: 'increment' | 'decrement',
      lines: ReadonlyArray<{ inventoryItemId: string; units: number; preorderRequest?: boolean | null }>,
      returnEntity: boolean,
    ) {
      const name = `${kind}Data`;
      return bulk(
        lines,
        async (l, i) => {
          const at = `${name}[${i}]`;
          const row = await rowOf(l.inventoryItemId, `${at}.inventoryItemId`);
          await adjust(caller, kind, row, l.units, at, l.preorderRequest === true);
          return { id: l.inventoryItemId, item: itemOf(await rowOf(l.inventoryItemId)) };
        },
        returnEntity,
      );
    },
    adjustByVariant(
      caller: Caller,
      kind: 'increment' | 'decrement',
      lines: ReadonlyArray<{
        variantId: string;
        locationId?: string | null;
        units: number;
        preorderRequest?: boolean | null;
      }>,
      returnEntity: boolean,
    ) {
      const name = `${kind}Data`;
      return bulk(
        lines,
        async (l, i) => {
          const at = `${name}[${i}]`;
          checkLocation(l.locationId, `${at}.locationId`);
          const row = await byVariant(l.variantId, `${at}.variantId`);
          await adjust(caller, kind, row, l.units, at, l.preorderRequest === true);
          const id = itemIdOf(row.product_id, row.id);
          return { id, item: itemOf(await rowOf(id)) };
        },
        returnEntity,
      );
    },
    queryVariants: (q: Query | null | undefined, fields: readonly string[] | undefined, caller: Caller) =>
      variantsPage(q, fields, caller, 'query'),
    searchVariants: (s: Parameters<typeof searchQuery>[0], fields: readonly string[] | undefined, caller: Caller) =>
      variantsPage(searchQuery(s, 'search'), fields, caller, 'search'),
  };
}

export type InventoryV3Service = ReturnType<typeof createInventoryV3Service>;

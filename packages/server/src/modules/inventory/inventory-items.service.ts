import {
  errorCodes,
  type GetInventoryVariantsRequest,
  type InventoryItem,
  type InventoryItemInput,
  inventoryErrorCodes,
  type QueryInventoryRequest,
} from '@merx/contract';
import { type Executor, runQuery } from '@merx/db';
import {
  changePreorder,
  DEFAULT_PREORDER_LIMIT,
  type FieldViolation,
  invalid,
  notFound,
  type PreorderSettings,
  parseQuery,
  ValidationError,
} from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import type { ModuleDeps } from '../module.js';
import type { VariantService } from '../products/variants.service.js';
import { actorOf } from './inventory.log.js';
import {
  findItems,
  ITEM_COLUMNS,
  type ItemRow,
  inventoryItemOf,
  inventoryItemQuerySpec,
  variantStocks,
} from './inventory-items.repo.js';

/*
 * Reading inventory items and updating a product's variants stock (WIRE.md Appendix B `stores_inventory`). The
 * update goes through the catalog's own `variants.setStock`: one transaction that saves the product (revision,
 * derived stock columns), logs each change as MANUAL (STOCK_SET or TRACKING_CHANGED, by the caller) and appends the
 * inventory events.
 */

/** What the inventory items use of the catalog. */
export interface InventoryCatalog {
  variants: Pick<VariantService, 'setStock'>;
}

const notAllowed = (field: string, description: string): FieldViolation => ({
  field,
  description,
  violatedRule: 'FIELD_NOT_ALLOWED',
});

/** Refusals of an update that need no stored data: ids that name another item, preorder, stock fields that mean
 * nothing in the requested tracking mode (a value the route would otherwise ignore is refused by name). */
function updateViolations(productId: string, item: InventoryItemInput): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const key of ['id', 'productId', 'externalId'] as const) {
    const value = item[key];
    if (value != null && value !== productId) {
      violations.push({
        field: `inventoryItem.${key}`,
        description: `must be the product of the path (${productId}) or left out`,
        violatedRule: 'VALIDATION',
      });
    }
  }
  const seen = new Set<string>();
  (item.variants ?? []).forEach((v, i) => {
    const at = `inventoryItem.variants[${i}]`;
    if (seen.has(v.variantId)) {
      violations.push({ field: `${at}.variantId`, description: 'is listed twice', violatedRule: 'VALIDATION' });
    }
    seen.add(v.variantId);
    if (!item.trackQuantity && v.quantity != null) {
      violations.push(notAllowed(`${at}.quantity`, 'is counted only while trackQuantity is true; set inStock'));
    }
    if (item.trackQuantity && v.inStock != null) {
      if (v.quantity == null) {
        violations.push(notAllowed(`${at}.inStock`, 'follows quantity while trackQuantity is true; set quantity'));
      } else if (v.inStock !== v.quantity > 0) {
        violations.push(
          notAllowed(`${at}.inStock`, 'must agree with quantity while trackQuantity is true (in stock above 0)'),
        );
      }
    }
  });
  return violations;
}

/**
 * The preorder an update gives every variant (v1 sets it per product): the item's current one with what the request
 * changes; undefined when the request leaves preorder alone.
 */
function preorderOf(
  input: InventoryItemInput['preorderInfo'],
  current: InventoryItem['preorderInfo'],
): PreorderSettings | undefined {
  if (input == null) return undefined;
  const now = {
    enabled: current.enabled,
    limit: current.limit ?? DEFAULT_PREORDER_LIMIT,
    message: current.message ?? null,
  };
  return changePreorder(now, input);
}

/** Inventory items: queries, one item's variants, and the update of a product's variants stock. */
export function createInventoryItems(deps: ModuleDeps, catalog: InventoryCatalog) {
  async function withVariants(ex: Executor, rows: readonly ItemRow[]): Promise<InventoryItem[]> {
    const variants = await variantStocks(
      ex,
      rows.map((r) => r.id),
    );
    return rows.map((row) => inventoryItemOf(row, variants.get(row.id) ?? []));
  }

  /** One item, or NOT_FOUND with `code` (PRODUCT_NOT_FOUND when asked by product, else INVENTORY_ITEM_NOT_FOUND). */
  async function load(id: string, code: string): Promise<InventoryItem> {
    const [item] = await withVariants(deps.db, await findItems(deps.db, [id]));
    if (!item) {
      throw code === errorCodes.productNotFound
        ? notFound(code, 'Product not found', { productId: id })
        : notFound(code, 'Inventory item not found', { inventoryId: id });
    }
    return item;
  }

  return {
    /** A page of items (stores v1 paging: `metadata.items`, `metadata.offset`, `totalResults`). */
    async query(raw: QueryInventoryRequest['query']) {
      if (raw?.cursorPaging != null) {
        throw invalid('query.cursorPaging', 'is not offered by this query; use paging', 'FIELD_NOT_ALLOWED');
      }
      const query = parseQuery(raw ?? {}, inventoryItemQuerySpec);
      const page = await runQuery<ItemRow>({
        base: deps.db.selectFrom('products').select(ITEM_COLUMNS),
        spec: inventoryItemQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const inventoryItems = await withVariants(deps.db, page.rows);
      return {
        inventoryItems,
        metadata: { items: inventoryItems.length, offset: page.offset },
        totalResults: page.total ?? inventoryItems.length,
      };
    },

    /** The item `inventoryId` with its variants (only `variantIds` when given). */
    async getVariants(
      inventoryId: string,
      input: GetInventoryVariantsRequest,
    ): Promise<{ inventoryItem: InventoryItem }> {
      const violations = (['inventoryId', 'productId', 'externalId'] as const)
        .filter((key) => input[key] != null && input[key] !== inventoryId)
        .map((key) => ({
          field: key,
          description: `must be the inventory item of the path (${inventoryId}) or left out`,
          violatedRule: 'VALIDATION' as const,
        }));
      if (violations.length > 0) throw new ValidationError(violations);
      const item = await load(inventoryId, inventoryErrorCodes.itemNotFound);
      if (!input.variantIds) return { inventoryItem: item };
      const wanted = new Set(input.variantIds);
      return { inventoryItem: { ...item, variants: item.variants.filter((v) => wanted.has(v.variantId)) } };
    },

    /**
     * Sets whether the product's variants count their units (all of them) and, per listed variant, its quantity
     * (tracked) or in-stock state (untracked). Variants not listed keep their stock.
     */
    async update(
      caller: Caller,
      productId: string,
      input: InventoryItemInput,
    ): Promise<{ inventoryItem: InventoryItem }> {
      const violations = updateViolations(productId, input);
      if (violations.length > 0) throw new ValidationError(violations);
      const [row] = await findItems(deps.db, [productId]);
      if (row?.product_type === 'digital' && input.preorderInfo?.enabled)
        throw new ValidationError([
          notAllowed('inventoryItem.preorderInfo.enabled', 'a digital product cannot be preordered'),
        ]);
      const current = await load(productId, errorCodes.productNotFound);
      const preorder = preorderOf(input.preorderInfo, current.preorderInfo);
      const known = new Set(current.variants.map((v) => v.variantId));
      const listed = new Map((input.variants ?? []).map((v, i) => [v.variantId, { v, i }]));
      for (const [variantId, { i }] of listed) {
        if (!known.has(variantId)) {
          throw notFound(errorCodes.variantNotFound, `Variant not found (inventoryItem.variants[${i}].variantId)`, {
            field: `inventoryItem.variants[${i}].variantId`,
            productId,
            variantId,
          });
        }
      }
      // Every variant gets the tracking mode; a listed one its new count or state. Read, checked and written in
      // setStock's one transaction, so units taken meanwhile by an order are never written back.
      await catalog.variants.setStock(
        productId,
        current.variants.map(({ variantId }) => {
          const given = listed.get(variantId)?.v;
          return {
            variantId,
            trackQuantity: input.trackQuantity,
            ...(input.trackQuantity && given?.quantity != null ? { quantity: given.quantity } : {}),
            ...(!input.trackQuantity && given?.inStock != null ? { inStock: given.inStock } : {}),
            ...(preorder ? { preorder } : {}),
          };
        }),
        { reason: 'STOCK_SET', actor: await actorOf(deps.db, caller) },
        caller,
      );
      return { inventoryItem: await load(productId, errorCodes.productNotFound) };
    },
  };
}

export type InventoryItems = ReturnType<typeof createInventoryItems>;

import type { Product } from '@merx/contract';
import { admin } from '../../../lib/admin';

/** One variant's stock as the editor saves it: units when tracked, in or out of stock when not. */
export interface VariantStockChange {
  variantId: string;
  quantity?: number;
  inStock?: boolean;
}

/** Preorder of every variant of the product, as the inventory API takes it (decision 0032). */
export interface PreorderChange {
  enabled: boolean;
  /** Null removes it. */
  message: string | null;
  limit: number;
}

/**
 * Saves the stock of a product's variants through the inventory API: whether the product counts units, each
 * changed variant's units or in-stock flag, and the product's preorder setting when given. Answers the product as it
 * is after.
 */
export async function saveVariantStock(
  productId: string,
  trackQuantity: boolean,
  changes: VariantStockChange[],
  preorder?: PreorderChange,
): Promise<Product> {
  const a = await admin();
  await a.inventory.updateInventoryVariants(productId, {
    trackQuantity,
    variants: changes.map((c) =>
      trackQuantity
        ? { variantId: c.variantId, quantity: c.quantity ?? 0 }
        : { variantId: c.variantId, inStock: c.inStock ?? true },
    ),
    ...(preorder ? { preorderInfo: preorder } : {}),
  });
  return (await a.products.getProduct(productId, { includeMerchantSpecificData: true })).product;
}

import type { Product } from '@merx/contract';
import { admin } from '../../../lib/admin';

/** One variant's stock as the editor saves it: units when tracked, in or out of stock when not. */
export interface VariantStockChange {
  variantId: string;
  quantity?: number;
  inStock?: boolean;
}

/**
 * Saves the stock of a product's variants through the inventory API: whether the product counts units, and each
 * changed variant's units or in-stock flag. Answers the product as it is after.
 */
export async function saveVariantStock(
  productId: string,
  trackQuantity: boolean,
  changes: VariantStockChange[],
): Promise<Product> {
  const a = await admin();
  await a.inventory.updateInventoryVariants(productId, {
    trackQuantity,
    variants: changes.map((c) =>
      trackQuantity
        ? { variantId: c.variantId, quantity: c.quantity ?? 0 }
        : { variantId: c.variantId, inStock: c.inStock ?? true },
    ),
  });
  return (await a.products.getProduct(productId, { includeMerchantSpecificData: true })).product;
}

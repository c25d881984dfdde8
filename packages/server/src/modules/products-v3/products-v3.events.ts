import { htmlToRich } from '../../lib/rich-text/index.js';
import type { ProductRecord, VariantRecord } from '../products/products.types.js';
import type { StoreSettings } from '../settings/settings.service.js';
import { productV3Of } from './products-v3.mapper.js';

/**
 * The v3 entity of a product as its catalog v3 events carry it (`product_created`, `product_updated`,
 * `product_deleted`): the read shape without requested fields or merchant data.
 */
export function productV3EntityOf(store: () => StoreSettings, publicUrl: string) {
  const fields = new Set<never>();
  const categories = new Map();
  return (p: ProductRecord, variants: readonly VariantRecord[]): Record<string, unknown> => {
    const { currency, locale } = store();
    return productV3Of(
      p,
      variants,
      { ribbonId: null, brandId: null },
      { currency, locale, publicUrl, fields, merchant: false, categories, richOf: (html) => htmlToRich(html) },
    );
  };
}

/** The top-level fields of the v3 entity whose values differ, with their new values (`modifiedFields`). */
export function modifiedFieldsOf(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'revision' || key === 'updatedDate') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = after[key];
  }
  return out;
}

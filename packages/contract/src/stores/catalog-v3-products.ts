import { z } from 'zod';

/*
 * Products of catalog v3, the read side (WIRE.md 6.4 and Appendix A `stores_products-v-3`, as the pinned
 * `@wix/stores` `productsV3` module sends them), over the same catalog as v1 (docs/decisions/0023-products-v3-read.md).
 * The product answer is described loosely: its shape is built by the server's mapper and checked by the tests
 * against the real package.
 */

/**
 * Requested extra fields of product reads: spec section 3's list plus what the pinned package's enums add
 * (`PRODUCT_CHOICES_MEDIA_REFERENCES`, `PRODUCT_CHOICES_DISPLAY_IMAGE`, `MIN_PRICE_VARIANT`, `DISCOUNT_INFO`).
 */
export const productV3RequestedFields = [
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'MIN_PRICE_VARIANT',
  'DISCOUNT_INFO',
] as const;

export type ProductV3RequestedField = (typeof productV3RequestedFields)[number];

/** `fields` of a request: a list in a body or `.r`, one value or a repeated parameter on a plain GET. */
const requestedFields = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.enum(productV3RequestedFields)).max(100),
);

/** Longest full-text search expression (the same bound as the v1 search, packages/db/src/query/search.ts). */
export const PRODUCT_V3_MAX_SEARCH = 200;

/**
 * The package documents cursors of at most 16,000 characters; Merx's carry the filter (widened to subcategories for
 * `allCategoriesInfo`), so up to the 64,000 the cursor reader takes are accepted.
 */
const cursorPaging = z
  .object({ limit: z.number().int().nullish(), cursor: z.string().max(64_000).nullish() })
  .nullish();

/** `search.search`: the words to find. `mode`, `fields` and `fuzzy` are accepted and do not change the answer. */
export const productV3SearchDetails = z.object({
  expression: z.string().max(PRODUCT_V3_MAX_SEARCH).nullish(),
  mode: z.enum(['OR', 'AND']).nullish(),
  fields: z.array(z.string().max(200)).max(20).nullish(),
  fuzzy: z.boolean().nullish(),
});

export const getProductV3Request = z.object({ fields: requestedFields.optional() });
/** The package sends the slug in the path and again as `?slug=`; the path wins. */
export const getProductV3BySlugRequest = z.object({ fields: requestedFields.optional() });

export const queryProductsV3Request = z.object({
  query: z.object({ filter: z.unknown().optional(), sort: z.unknown().optional(), cursorPaging }).nullish(),
  fields: requestedFields.optional(),
});

export const searchProductsV3Request = z.object({
  search: z
    .object({
      filter: z.unknown().optional(),
      sort: z.unknown().optional(),
      cursorPaging,
      search: productV3SearchDetails.nullish(),
      /** Facets over the searched set; each one is validated by the service (docs/decisions/0026-aggregations.md). */
      aggregations: z.array(z.unknown()).max(10).nullish(),
      timeZone: z.string().max(100).nullish(),
    })
    .nullish(),
  fields: requestedFields.optional(),
});

export const countProductsV3Request = z.object({
  filter: z.unknown().optional(),
  search: productV3SearchDetails.nullish(),
  returnNonVisibleProducts: z.boolean().nullish(),
});

const money = z.object({ amount: z.string(), formattedAmount: z.string().optional() });
const range = z.object({ minValue: money, maxValue: money });

/** The v3 product as Merx answers it (the mapper decides the details; see the decision record). */
export const productV3 = z.looseObject({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  visibleInPos: z.boolean(),
  productType: z.enum(['PHYSICAL', 'DIGITAL']),
  url: z.object({ relativePath: z.string(), url: z.string() }).optional(),
  plainDescription: z.string().optional(),
  description: z.record(z.string(), z.unknown()).optional(),
  media: z.looseObject({}),
  options: z.array(z.looseObject({})),
  modifiers: z.array(z.looseObject({})),
  actualPriceRange: range,
  compareAtPriceRange: range,
  inventory: z.object({
    availabilityStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']),
    preorderStatus: z.enum(['ENABLED', 'DISABLED', 'PARTIALLY_ENABLED']),
    preorderAvailability: z.enum(['ALL_VARIANTS', 'NO_VARIANTS', 'SOME_VARIANTS']),
  }),
  variantsInfo: z.object({ variants: z.array(z.looseObject({})) }),
  currency: z.string().optional(),
});

export const productV3PagingMetadata = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }),
  hasNext: z.boolean(),
});

export const productV3Response = z.object({ product: productV3 });
export const productsV3PageResponse = z.object({
  products: z.array(productV3),
  pagingMetadata: productV3PagingMetadata,
  /** Search only, when aggregations were asked for: one result per aggregation, in request order. */
  aggregationData: z.object({ results: z.array(z.record(z.string(), z.unknown())) }).optional(),
});
export const countProductsV3Response = z.object({ count: z.number().int() });

export type ProductV3 = z.infer<typeof productV3>;

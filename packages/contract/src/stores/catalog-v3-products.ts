import { z } from 'zod';
import { measurementUnit, slugValue } from './catalog-v1.js';

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

/*
 * The write side (docs/decisions/0028-products-v3-writes.md): what create, update and the bulk calls take. Read-only
 * parts of a product sent back (ranges, inventory, categories, dates, url, …) are stripped, as the package's own
 * documentation marks them read-only.
 */

/** A decimal amount in major units, as v3 sends money (`"18.5"`); a number is taken too. */
const amountV3 = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, 'must be a decimal amount such as "18.50"'),
);
const moneyIn = z.object({ amount: amountV3 });
const idRef = z.string().trim().min(1).max(100);
const nameV3 = z.string().trim().min(1, 'must not be empty or only spaces');

/** A media item: a URL, or the id of a file of the media library. */
const mediaItemIn = z.object({
  id: z.string().trim().max(200).nullish(),
  url: z.string().trim().max(2000).nullish(),
  altText: z.string().max(200).nullish(),
  displayName: z.string().max(200).nullish(),
});

const optionChoiceIn = z.object({
  choiceId: z.string().max(100).nullish(),
  name: nameV3.max(50),
  choiceType: z.enum(['CHOICE_TEXT', 'ONE_COLOR', 'MULTIPLE_COLORS', 'IMAGE']).nullish(),
  colorCode: z.string().trim().max(20).nullish(),
  linkedMedia: z.array(mediaItemIn).max(100).nullish(),
});

const optionIn = z.object({
  id: z.string().max(100).nullish(),
  name: nameV3.max(50),
  optionRenderType: z.enum(['TEXT_CHOICES', 'SWATCH_CHOICES']).nullish(),
  choicesSettings: z.object({ choices: z.array(optionChoiceIn).min(1).max(100) }),
});

const modifierIn = z.object({
  id: z.string().max(100).nullish(),
  name: nameV3.max(100).nullish(),
  modifierRenderType: z.enum(['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES']),
  mandatory: z.boolean().nullish(),
  freeTextSettings: z
    .object({
      minCharCount: z.number().int().min(0).max(500).nullish(),
      maxCharCount: z.number().int().min(1).max(500).nullish(),
      title: z.string().trim().max(100).nullish(),
    })
    .nullish(),
  /** TEXT_CHOICES and SWATCH_CHOICES (docs/decisions/0033-choice-modifiers.md); read-only parts sent back are ignored. */
  choicesSettings: z
    .object({
      choices: z
        .array(
          z.looseObject({
            name: nameV3.max(50),
            choiceType: z.enum(['CHOICE_TEXT', 'ONE_COLOR']).nullish(),
            colorCode: z.string().trim().max(20).nullish(),
            addedPrice: z.string().trim().max(20).nullish(),
          }),
        )
        .min(1)
        .max(100),
    })
    .nullish(),
});

const choiceRefIn = z.object({
  optionChoiceIds: z.object({ optionId: z.string().max(100), choiceId: z.string().max(100) }).nullish(),
  optionChoiceNames: z
    .object({
      optionName: z.string().trim().max(50),
      choiceName: z.string().trim().max(50),
      renderType: z.enum(['TEXT_CHOICES', 'SWATCH_CHOICES']).nullish(),
    })
    .nullish(),
});

/** Stock of a variant, for the `…-with-inventory` calls: a quantity tracked, or in stock / out of stock. */
export const inventoryItemV3In = z.object({
  id: z.string().max(100).nullish(),
  inStock: z.boolean().nullish(),
  quantity: z.number().int().min(0).max(99_999_999).nullish(),
  /** docs/decisions/0032-preorder.md; read-only parts the package sends back (counter, quantity) are ignored. */
  preorderInfo: z
    .object({
      enabled: z.boolean().nullish(),
      message: z.string().max(250).nullish(),
      limit: z.number().int().min(0).max(100_000).nullish(),
    })
    .loose()
    .nullish(),
});

const variantIn = z.object({
  id: z.string().max(100).nullish(),
  visible: z.boolean().nullish(),
  sku: z.string().trim().max(40).nullish(),
  barcode: z.string().trim().max(40).nullish(),
  choices: z.array(choiceRefIn).max(6).nullish(),
  price: z.object({ actualPrice: moneyIn, compareAtPrice: moneyIn.nullish() }).nullish(),
  revenueDetails: z.object({ cost: moneyIn.nullish() }).nullish(),
  physicalProperties: z
    .object({ weight: z.number().min(0).max(999_999).nullish() })
    .loose()
    .nullish(),
  inventoryItem: inventoryItemV3In.nullish(),
});

const namedRef = z.object({ id: idRef.nullish(), name: z.string().trim().min(1).max(50).nullish() });
const tagIds = z.object({ tagIds: z.array(z.string().trim().min(1).max(100)).max(100) });
export const productTagsV3 = z.object({ privateTags: tagIds.nullish(), publicTags: tagIds.nullish() });

/** The product a create or update takes. */
export const productV3Input = z.object({
  id: z.string().max(100).nullish(),
  revision: z.unknown().optional(),
  name: nameV3.max(80).nullish(),
  slug: slugValue.nullish(),
  description: z.unknown().optional(),
  plainDescription: z.string().max(16_000).nullish(),
  visible: z.boolean().nullish(),
  visibleInPos: z.boolean().nullish(),
  productType: z.enum(['PHYSICAL', 'DIGITAL']).nullish(),
  media: z
    .object({ main: mediaItemIn.nullish(), itemsInfo: z.object({ items: z.array(mediaItemIn).max(100) }).nullish() })
    .nullish(),
  seoData: z.record(z.string(), z.unknown()).nullish(),
  options: z.array(optionIn).max(6).nullish(),
  modifiers: z.array(modifierIn).max(20).nullish(),
  brand: namedRef.nullish(),
  ribbon: namedRef.nullish(),
  infoSections: z
    .array(z.object({ id: idRef.nullish(), uniqueName: z.string().trim().max(100).nullish() }))
    .max(10)
    .nullish(),
  physicalProperties: z
    .object({
      pricePerUnit: z
        .object({ quantity: z.number().positive().max(999_999), measurementUnit: measurementUnit })
        .nullish(),
    })
    .loose()
    .nullish(),
  variantsInfo: z.object({ variants: z.array(variantIn).max(1000) }).nullish(),
  tags: productTagsV3.nullish(),
  subscriptionDetails: z.unknown().optional(),
});
export type ProductV3Input = z.infer<typeof productV3Input>;

export const createProductV3Request = z.object({
  product: productV3Input,
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const updateProductV3Request = createProductV3Request;

const productIds = z.array(z.string().trim().min(1).max(100)).min(1).max(100);

/**
 * An item of a bulk create or update: its shape is checked per item by the service, so one wrong product fails alone
 * (INVALID_ARGUMENT in its result) and the others are written.
 */
const bulkItem = z.record(z.string(), z.unknown());

export const bulkCreateProductsV3Request = z.object({
  products: z.array(bulkItem).min(1).max(100),
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const bulkUpdateProductsV3Request = z.object({
  products: z
    .array(z.object({ product: bulkItem, fieldMask: z.unknown().optional() }))
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const bulkDeleteProductsV3Request = z.object({ productIds });
/**
 * The filter of a call that deletes or reprices: required, so that a request without one never touches the whole
 * catalog by accident; `{}` selects every product (docs/decisions/0028-products-v3-writes.md).
 */
const requiredFilter = z.record(z.string(), z.unknown(), {
  error: (issue) => (issue.input === undefined ? 'is required ({} selects every product)' : 'must be an object'),
});

export const bulkDeleteProductsV3ByFilterRequest = z.object({
  filter: requiredFilter,
  search: productV3SearchDetails.nullish(),
});
export const bulkUpdateProductTagsV3Request = z.object({
  productIds,
  assignTags: productTagsV3.nullish(),
  unassignTags: productTagsV3.nullish(),
});
export const bulkUpdateProductTagsV3ByFilterRequest = z.object({
  filter: z.unknown().optional(),
  assignTags: productTagsV3.nullish(),
  unassignTags: productTagsV3.nullish(),
});
export const bulkAddProductsToCategoriesV3ByFilterRequest = z.object({
  filter: z.unknown().optional(),
  categoryIds: z.array(idRef).min(1).max(100),
  search: productV3SearchDetails.nullish(),
});

export const bulkUpdateProductsV3ByFilterRequest = z.object({
  filter: z.unknown().optional(),
  product: productV3Input,
  search: productV3SearchDetails.nullish(),
});
export const bulkUpdateProductVariantsV3ByFilterRequest = z.object({
  filter: requiredFilter,
  variant: variantIn,
  search: productV3SearchDetails.nullish(),
});
const adjustValue = z
  .object({
    amount: z
      .preprocess(
        (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
        z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'must be a decimal amount such as "-2.50"'),
      )
      .nullish(),
    percentage: z.number().min(-100).max(1000).nullish(),
  })
  .refine((a) => (a.amount == null) !== (a.percentage == null), 'must have exactly one of amount or percentage');
export const bulkAdjustProductVariantsV3ByFilterRequest = z.object({
  filter: requiredFilter,
  search: productV3SearchDetails.nullish(),
  actualPrice: adjustValue.nullish(),
  compareAtPrice: adjustValue.nullish(),
  compareAtPriceDiscount: adjustValue
    .refine(
      (a) => (a.percentage ?? 0) >= 0 && (a.percentage ?? 0) <= 100 && !String(a.amount ?? '').startsWith('-'),
      'must lower the price: an amount of 0 or more, or a percentage from 0 to 100',
    )
    .nullish(),
  cost: adjustValue.nullish(),
  rounding: z.enum(['NO_ROUNDING', 'CURRENCY_PRECISION', 'NEAREST_WHOLE_NUMBER']).nullish(),
});
export const bulkRemoveProductsFromCategoriesV3ByFilterRequest = bulkAddProductsToCategoriesV3ByFilterRequest;

const infoSectionIds = z.array(idRef).min(1).max(10);
export const bulkInfoSectionsV3Request = z.object({
  products: z
    .array(
      z.object({
        productId: idRef,
        revision: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(20)).nullish(),
      }),
    )
    .min(1)
    .max(100),
  infoSectionIds,
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const bulkInfoSectionsV3ByFilterRequest = z.object({
  filter: z.unknown().optional(),
  infoSectionIds,
  search: productV3SearchDetails.nullish(),
});

const errorOut = z.object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) });
const bulkItemMetadata = z.object({
  id: z.string().nullish(),
  originalIndex: z.number().int(),
  success: z.boolean(),
  error: errorOut.optional(),
});
const bulkMeta = z.object({
  totalSuccesses: z.number().int(),
  totalFailures: z.number().int(),
  undetailedFailures: z.number().int(),
});
export const bulkProductsV3Response = z.object({
  results: z.array(z.object({ itemMetadata: bulkItemMetadata, item: productV3.optional() })),
  bulkActionMetadata: bulkMeta,
});
export const inventoryResultsV3 = z.object({
  results: z.array(z.object({ itemMetadata: bulkItemMetadata, item: z.looseObject({}).optional() })),
  bulkActionMetadata: bulkMeta,
});
export const productWithInventoryV3Response = z.object({
  product: productV3.optional(),
  inventoryResults: inventoryResultsV3,
});
export const bulkProductsWithInventoryV3Response = z.object({
  productResults: bulkProductsV3Response,
  inventoryResults: inventoryResultsV3,
});
/** A call over the products a filter matches runs as a job; Merx runs it at once and names it. */
export const bulkJobV3Response = z.object({ jobId: z.string() });
export const emptyV3Response = z.object({});

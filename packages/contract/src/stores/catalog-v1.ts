import { z } from 'zod';
import {
  bulkActionMetadata,
  entityId,
  itemMetadata,
  moneyAmount,
  platformPagingMetadata,
  platformQuery,
} from '../common.js';
import { wireRevision } from '../ecom/shipping.js';

/** The Wix Stores app id that cart line items use in `catalogReference.appId`. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** The variant id of a product without options. */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';
/** The collection that always holds every product. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

export const productType = z.enum(['physical', 'digital']);
export const optionType = z.enum(['drop_down', 'color']);
export const inventoryStatus = z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']);
export const discountType = z.enum(['NONE', 'AMOUNT', 'PERCENT']);
export const mediaItemType = z.enum(['image', 'video', 'audio', 'document', 'zip']);
export const measurementUnit = z.enum([
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
]);

const weightValue = z.number().min(0).max(999_999);
export const slugValue = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u, 'must be lower-case words joined by single hyphens');
/**
 * A field the route refuses by name (FIELD_NOT_ALLOWED) instead of dropping it: the real module takes it, Merx would
 * ignore it. Typed `never` so typed clients cannot send it; a value an untyped client sends reaches the service,
 * which refuses it (products/refused-fields.ts).
 */
const refused = z.custom<never>(() => true).optional();

// ---------- requests ----------

export const choiceInput = z.object({
  value: z.string().trim().min(1).max(50).optional(),
  description: z.string().trim().min(1).max(50).optional(),
  inStock: z.boolean().optional(),
  visible: z.boolean().optional(),
});

export const productOptionInput = z.object({
  optionType: optionType.optional(),
  name: z.string().trim().min(1).max(50),
  choices: z.array(choiceInput).min(1).max(100),
});

export const productInput = z.object({
  name: z.string().trim().min(1).max(80),
  slug: slugValue.optional(),
  visible: z.boolean().nullish(),
  productType: productType.optional(),
  description: z.string().max(16_000).nullish(),
  sku: z.string().trim().max(40).nullish(),
  weight: weightValue.nullish(),
  priceData: z.object({ price: moneyAmount }).optional(),
  price: z.object({ price: moneyAmount }).optional(),
  costAndProfitData: z.object({ itemCost: moneyAmount.nullish() }).optional(),
  discount: z.object({ type: discountType, value: z.number().min(0).max(999_999_999) }).optional(),
  pricePerUnitData: z
    .object({
      totalQuantity: z.number().positive().max(999_999),
      totalMeasurementUnit: measurementUnit,
      baseQuantity: z.number().positive().max(999_999),
      baseMeasurementUnit: measurementUnit,
    })
    .optional(),
  additionalInfoSections: z
    .array(z.object({ title: z.string().trim().min(1).max(50), description: z.string().max(16_000) }))
    .max(10)
    .optional(),
  ribbon: z.string().trim().max(30).nullish(),
  ribbons: z
    .array(z.object({ text: z.string().trim().max(30) }))
    .max(1)
    .optional(),
  brand: z.string().trim().max(50).nullish(),
  manageVariants: z.boolean().nullish(),
  productOptions: z.array(productOptionInput).max(6).optional(),
  stock: z
    .object({
      trackInventory: z.boolean().optional(),
      quantity: z.number().int().min(0).max(99_999_999).nullish(),
      inStock: z.boolean().optional(),
    })
    .optional(),
  customTextFields: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(100),
        maxLength: z.number().int().min(1).max(500),
        mandatory: z.boolean().optional(),
      }),
    )
    .max(2)
    .optional(),
  seoData: z.record(z.string(), z.unknown()).optional(),
  productDimensions: refused,
  packageDimensions: refused,
});
export type ProductInput = z.infer<typeof productInput>;

export const createProductRequest = z.object({ product: productInput });
/**
 * `revision` (Merx): the revision the change was made against, as the product answered it; a product changed since
 * is refused with `CONCURRENT_MODIFICATION` and nothing is written. Without it the change applies to the latest.
 */
export const updateProductRequest = z.object({
  product: productInput.partial().extend({ id: z.string().optional(), revision: wireRevision.optional() }),
});
export type ProductPatch = z.infer<typeof updateProductRequest>['product'];

export const getProductQuery = z.object({
  id: z.string().optional(),
  includeMerchantSpecificData: z.stringbool().optional(),
});

/**
 * Merx extension (docs/decisions/0014-product-search.md): full-text search beside `query`, shaped like catalog v3's
 * `search.search` (`{expression}`). Every word must match (stemmed; the last one also as a prefix) in the name,
 * description, brand or SKU; with no sort in `query`, the best matches come first. Anything besides letters and
 * digits only separates words, so no input is query syntax. The public @wix/stores client never sends it.
 */
export const productSearchRequest = z.object({
  expression: z.string().max(200),
});

export const queryProductsPlatformizedRequest = z.object({
  query: platformQuery.optional(),
  search: productSearchRequest.optional(),
  includeMerchantSpecificData: z.boolean().optional(),
  includeHiddenProducts: z.boolean().optional(),
});

export const queryProductsRequest = z.object({
  query: platformQuery.optional(),
  search: productSearchRequest.optional(),
  includeVariants: z.boolean().optional(),
  includeHiddenProducts: z.boolean().optional(),
  includeMerchantSpecificData: z.boolean().optional(),
});

export const variantOverride = z.object({
  choices: z.record(z.string(), z.string()).optional(),
  variantIds: z.array(z.string()).max(1000).optional(),
  price: moneyAmount.nullish(),
  cost: moneyAmount.nullish(),
  weight: weightValue.nullish(),
  sku: z.string().trim().max(40).nullish(),
  visible: z.boolean().nullish(),
  /** Stock is set through the inventory API (`PATCH /stores/v2/inventoryItems/product/{productId}`). */
  stock: refused,
  productDimensions: refused,
  packageDimensions: refused,
});
export type VariantOverrideInput = z.infer<typeof variantOverride>;

export const updateVariantsRequest = z.object({ variants: z.array(variantOverride).min(1).max(1000) });

export const productOptionsAvailabilityRequest = z.object({
  options: z.record(z.string(), z.string()).optional(),
});

export const queryProductVariantsRequest = z.object({
  choices: z.record(z.string(), z.string()).optional(),
  variantIds: z.array(z.string()).max(1000).optional(),
  paging: z
    .object({ limit: z.number().int().min(0).max(100).nullish(), offset: z.number().int().min(0).nullish() })
    .optional(),
  includeMerchantSpecificData: z.boolean().optional(),
});

export const mediaDataForWrite = z.object({
  mediaId: z.string().min(1).max(200).optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  choice: z.object({ option: z.string().min(1), choice: z.string().min(1) }).optional(),
});
export const addProductMediaRequest = z.object({ media: z.array(mediaDataForWrite).min(1).max(100) });
export const removeProductMediaRequest = z.object({ mediaIds: z.array(z.string()).max(100).optional() });
export const mediaAssignmentToChoice = z.object({
  option: z.string().min(1),
  choice: z.string().min(1),
  mediaIds: z.array(z.string()).max(100).optional(),
});
export const choicesMediaRequest = z.object({ media: z.array(mediaAssignmentToChoice).min(1).max(100) });
/** Merx: the product's media in a new order (every media id once; the first is the main media). */
export const reorderProductMediaRequest = z.object({
  mediaIds: z.array(z.string().min(1).max(200)).min(1).max(100),
});

export const collectionInput = z.object({
  name: z.string().trim().min(1).max(50),
  slug: slugValue.nullish(),
  description: z.string().max(600).nullish(),
  visible: z.boolean().nullish(),
  media: z
    .object({ mainMedia: z.object({ image: z.object({ url: z.string().max(2000) }).optional() }).optional() })
    .optional(),
});
export const createCollectionRequest = z.object({ collection: collectionInput });
/** `revision` (Merx): as for products, a collection changed since that revision is refused and left as it is. */
export const updateCollectionRequest = z.object({
  collection: collectionInput.partial().extend({ id: z.string().nullish(), revision: wireRevision.optional() }),
});
export type CollectionInput = z.infer<typeof collectionInput>;
export type CollectionPatch = z.infer<typeof updateCollectionRequest>['collection'];
export const collectionProductIdsRequest = z.object({ productIds: z.array(entityId).min(1).max(1000) });

export const bulkUpdateProductsRequest = z.object({
  ids: z.array(z.string()).min(1).max(1000),
  set: z
    .object({
      price: moneyAmount.optional(),
      cost: moneyAmount.optional(),
      weight: weightValue.optional(),
      ribbon: z.string().trim().max(30).optional(),
      brand: z.string().trim().max(50).optional(),
      productType: productType.optional(),
    })
    .refine(
      (s) => Object.keys(s).length === 1,
      'must set exactly one of price, cost, weight, ribbon, brand, productType',
    ),
  returnEntity: z.boolean().optional(),
});

const adjustment = z
  .object({
    amount: z.number().min(-999_999_999).max(999_999_999).optional(),
    percentage: z.object({ rate: z.number().min(-100).max(10_000), roundToInt: z.boolean().optional() }).optional(),
    rate: z.number().min(-100).max(10_000).optional(),
  })
  .refine(
    (a) => [a.amount, a.percentage, a.rate].filter((x) => x !== undefined).length === 1,
    'must give exactly one of amount, percentage or rate',
  );
export const bulkAdjustProductsRequest = z.object({
  ids: z.array(z.string()).min(1).max(1000),
  adjust: z
    .object({ price: adjustment.optional(), cost: adjustment.optional(), weight: adjustment.optional() })
    .refine((a) => Object.keys(a).length === 1, 'must adjust exactly one of price, cost, weight'),
  returnEntity: z.boolean().optional(),
});

// ---------- responses ----------

const formattedPrice = z.object({
  price: z.string(),
  discountedPrice: z.string(),
  pricePerUnit: z.string().optional(),
});
export const priceData = z.object({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  formatted: formattedPrice,
  pricePerUnit: z.number().optional(),
});
export type PriceData = z.infer<typeof priceData>;
export const costAndProfitData = z.object({
  itemCost: z.number(),
  formattedItemCost: z.string(),
  profit: z.number(),
  formattedProfit: z.string(),
  profitMargin: z.number(),
});
export type CostAndProfitData = z.infer<typeof costAndProfitData>;
/**
 * An image on the wire. `id` (a file of the store's media folder, `library~<uuid>~original.jpg`) is what the @wix/sdk
 * media helpers build `…/media/<id>` URLs from; images given by an outside URL have none.
 */
const urlAndSize = z.object({
  id: z.string().optional(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  altText: z.string().optional(),
});
/** A video's file: its URL, size and container format (`mp4`, `webm`, …); `id` as an image's, for a store's file. */
const videoFile = urlAndSize.omit({ altText: true }).extend({ format: z.string().optional() });
export const mediaItem = z.object({
  id: z.string(),
  mediaType: mediaItemType,
  title: z.string(),
  /** An image's; a video has `video` instead, and its poster as `thumbnail`. */
  image: urlAndSize.optional(),
  /** A video's files (Merx keeps one, as uploaded) and the image id of its poster (`stillFrameMediaId`). */
  video: z.object({ files: z.array(videoFile), stillFrameMediaId: z.string().optional() }).optional(),
  thumbnail: urlAndSize.optional(),
});
export type MediaItem = z.infer<typeof mediaItem>;
export const media = z.object({ mainMedia: mediaItem.optional(), items: z.array(mediaItem) });
export type Media = z.infer<typeof media>;
export const range = z.object({ minValue: z.number(), maxValue: z.number() });

export const choice = z.object({
  value: z.string(),
  description: z.string(),
  media: media.optional(),
  inStock: z.boolean(),
  visible: z.boolean(),
});
export const productOption = z.object({ optionType: optionType, name: z.string(), choices: z.array(choice) });
export type ProductOption = z.infer<typeof productOption>;

/** Merx's additions to v1 (docs/decisions/0032-preorder.md): a variant out of units that still sells on preorder. */
const preorderFields = {
  availableForPreorder: z.boolean(),
  /** The merchant's message to buyers, while preorder is on. */
  preorderMessage: z.string().optional(),
};

export const variantStock = z.object({
  trackQuantity: z.boolean(),
  /** Units on hand; below zero while units are owed to preorders. */
  quantity: z.number().optional(),
  /** Units on hand (preorder aside). */
  inStock: z.boolean(),
  ...preorderFields,
});
export const variant = z.object({
  id: z.string(),
  choices: z.record(z.string(), z.string()),
  variant: z.object({
    priceData: priceData,
    convertedPriceData: priceData,
    costAndProfitData: costAndProfitData.optional(),
    weight: z.number().optional(),
    sku: z.string().optional(),
    visible: z.boolean(),
  }),
  stock: variantStock,
});
export type Variant = z.infer<typeof variant>;

export const product = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  productType: productType,
  description: z.string(),
  sku: z.string().optional(),
  weight: z.number().optional(),
  weightRange: range,
  stock: z.object({
    trackInventory: z.boolean(),
    quantity: z.number().optional(),
    inStock: z.boolean(),
    inventoryStatus: inventoryStatus,
    /** Some (visible) variant is out of units but sells on preorder (a Merx addition). */
    availableForPreorder: z.boolean(),
  }),
  price: priceData,
  priceData: priceData,
  convertedPriceData: priceData,
  priceRange: range,
  costAndProfitData: costAndProfitData.optional(),
  costRange: range.optional(),
  pricePerUnitData: z
    .object({
      totalQuantity: z.number(),
      totalMeasurementUnit: z.string(),
      baseQuantity: z.number(),
      baseMeasurementUnit: z.string(),
    })
    .optional(),
  additionalInfoSections: z.array(z.object({ title: z.string(), description: z.string() })),
  ribbons: z.array(z.object({ text: z.string() })),
  media: media,
  customTextFields: z.array(z.object({ title: z.string(), maxLength: z.number(), mandatory: z.boolean() })),
  manageVariants: z.boolean(),
  productOptions: z.array(productOption),
  productPageUrl: z.object({ base: z.string(), path: z.string() }),
  numericId: z.string(),
  inventoryItemId: z.string(),
  discount: z.object({ type: discountType, value: z.number() }),
  collectionIds: z.array(z.string()),
  variants: z.array(variant).optional(),
  lastUpdated: z.string(),
  createdDate: z.string(),
  seoData: z.record(z.string(), z.unknown()).optional(),
  ribbon: z.string().optional(),
  brand: z.string().optional(),
  /** Merx: bumped by every change of the product or its variants; send it back with an update to refuse stale ones. */
  revision: z.string(),
});
export type Product = z.infer<typeof product>;

export const productResponse = z.object({ product });
export const queryProductsPlatformizedResponse = z.object({
  products: z.array(product),
  metadata: platformPagingMetadata,
});
export const queryProductsResponse = z.object({
  products: z.array(product),
  metadata: z.object({ items: z.number(), offset: z.number() }),
  totalResults: z.number(),
});
export const variantsResponse = z.object({ variants: z.array(variant) });
export const queryProductVariantsResponse = z.object({
  variants: z.array(variant),
  metadata: z.object({ items: z.number(), offset: z.number() }),
  totalResults: z.number(),
});

export const productOptionsAvailabilityResponse = z.object({
  selectedVariant: z
    .object({
      price: priceData,
      convertedPriceData: priceData,
      weight: z.number().optional(),
      sku: z.string().optional(),
      quantity: z.number().optional(),
      inStock: z.boolean(),
      ...preorderFields,
      visible: z.boolean(),
    })
    .optional(),
  media: media,
  productOptions: z.array(productOption),
  availableForPurchase: z.boolean(),
});

export const storeVariant = z.object({
  id: z.string(),
  variantId: z.string(),
  productId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  managedVariant: z.boolean(),
  sku: z.string().optional(),
  stock: variantStock,
  choices: z.record(z.string(), z.string()),
  collectionIds: z.array(z.string()),
  media: z.object({ image: urlAndSize.omit({ altText: true }).optional() }).optional(),
  variant: variant.shape.variant.optional(),
});
export type StoreVariant = z.infer<typeof storeVariant>;
export const queryStoreVariantsRequest = z.object({ query: platformQuery.optional() });
export const queryStoreVariantsResponse = z.object({
  variants: z.array(storeVariant),
  metadata: platformPagingMetadata,
  totalResults: z.number(),
});
export const storeVariantResponse = z.object({ variant: storeVariant });

export const collection = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  description: z.string().optional(),
  numberOfProducts: z.number(),
  media: media,
  lastUpdated: z.string(),
  createdDate: z.string(),
  /** Merx: bumped by every change of the collection itself; send it back with an update to refuse stale ones. */
  revision: z.string(),
});
export type Collection = z.infer<typeof collection>;
export const collectionResponse = z.object({ collection });
export const queryCollectionsResponse = z.object({
  collections: z.array(collection),
  metadata: platformPagingMetadata,
});

export const bulkProductsResponse = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadata, item: product.optional() })),
  bulkActionMetadata: bulkActionMetadata,
});
export type BulkProductsResponse = z.infer<typeof bulkProductsResponse>;

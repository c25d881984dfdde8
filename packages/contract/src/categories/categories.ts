import { z } from 'zod';
import { bulkActionMetadata } from '../common.js';
import { wireRevision } from '../ecom/shipping.js';
import { STORES_APP_ID } from '../stores/catalog-v1.js';
import { richContentSchema } from '../stores/rich-content.js';

/*
 * Categories of catalog v3 as the pinned `@wix/categories` package calls them (`/categories/v1/…`), over the same
 * rows as the v1 collections (docs/decisions/0022-categories.md): a category IS a collection of the `@wix/stores`
 * tree, with a parent, a place among its siblings and a rich-text description besides.
 */

/** The one tree Merx serves: the store's. */
export const STORES_TREE_NAMESPACE = '@wix/stores';

/** Bounds of the tree (the decision record says why). */
export const CATEGORY_LIMITS = {
  maxDepth: 5,
  maxCategories: 10_000,
  maxName: 80,
  maxSlug: 100,
  maxDescription: 6_000,
  maxImageUrl: 2_000,
  /** Serialised JSON of `seoData`. */
  maxSeoBytes: 20_000,
  /** Items in one add/remove/arrange/list request. */
  maxItems: 1_000,
  maxArranged: 100,
  maxBulk: 100,
  maxPage: 1_000,
} as const;

export const categoryEventTypes = {
  created: 'wix.categories.v1.category_created',
  updated: 'wix.categories.v1.category_updated',
  deleted: 'wix.categories.v1.category_deleted',
  moved: 'wix.categories.v1.category_category_moved',
  itemAdded: 'wix.categories.v1.category_item_added_to_category',
  itemRemoved: 'wix.categories.v1.category_item_removed_from_category',
  itemsArranged: 'wix.categories.v1.category_items_arranged_in_category',
} as const;

export const categoryErrorCodes = {
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  duplicateSlug: 'DUPLICATE_SLUG',
  limitExceeded: 'CATEGORIES_LIMIT_PER_TREE_EXCEEDED',
  parentNotInTree: 'PARENT_CATEGORY_NOT_IN_TREE',
  depthExceeded: 'CATEGORY_DEPTH_LIMIT_EXCEEDED',
  cycle: 'TREE_CYCLE_DETECTED',
  parentHidden: 'PARENT_CATEGORY_HIDDEN',
  missingAfter: 'MISSING_AFTER_CATEGORY',
  afterNotInParent: 'AFTER_CATEGORY_NOT_IN_PARENT',
  itemNotInCategory: 'ITEM_NOT_IN_CATEGORY',
  itemNotFound: 'ITEM_NOT_FOUND',
  allProductsReadOnly: 'ALL_PRODUCTS_CATEGORY_READ_ONLY',
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

export const categoryRequestedFields = ['BREADCRUMBS_INFO', 'DESCRIPTION', 'RICH_CONTENT_DESCRIPTION'] as const;
export type CategoryRequestedField = (typeof categoryRequestedFields)[number];

/** `fields`: a list on POST, one value or a repeated parameter on GET. */
const requestedFields = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.enum(categoryRequestedFields)).max(100),
);

const oneOrMany = <T extends z.ZodType>(schema: T, max: number) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(schema).max(max));

/**
 * The tree a request is about. The packages always send it; Merx serves the store's tree only, so it may be left
 * out, and anything else is refused.
 */
export const treeReference = z
  .object({
    appNamespace: z.literal(STORES_TREE_NAMESPACE, { message: `must be "${STORES_TREE_NAMESPACE}"` }),
    treeKey: z.null({ message: 'must be null: the store has one tree' }).optional(),
  })
  .optional();

const categoryId = z.string().min(1).max(100);
const slug = z
  .string()
  .min(1)
  .max(CATEGORY_LIMITS.maxSlug)
  .regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:[-_][\p{Ll}\p{Lo}\p{N}]+)*$/u, 'must be lower-case letters and digits joined by -');
const name = z.string().trim().min(1, 'must not be empty or only spaces').max(CATEGORY_LIMITS.maxName);
const seoData = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= CATEGORY_LIMITS.maxSeoBytes, {
    message: `must be at most ${CATEGORY_LIMITS.maxSeoBytes} characters as JSON`,
  });

const imageUrl = z
  .string()
  .max(CATEGORY_LIMITS.maxImageUrl)
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL');
/**
 * The image as the package sends it: `{url}` (or `{id, url, width, height, altText, filename}` for a media-manager
 * image); a plain URL string is taken too. Merx serves images by URL, so a URL is required.
 */
export const categoryImageInput = z.preprocess(
  (v) => (typeof v === 'string' ? { url: v } : v),
  z.object({
    id: z.string().max(500).nullish(),
    url: imageUrl,
    width: z.number().int().min(0).max(100_000).nullish(),
    height: z.number().int().min(0).max(100_000).nullish(),
    altText: z.string().max(500).nullish(),
    filename: z.string().max(500).nullish(),
  }),
);

/** What create and update read of a category; read-only fields (itemCounter, breadcrumbs, dates) are ignored. */
const categoryFields = {
  name,
  image: categoryImageInput.nullish(),
  description: z.string().max(CATEGORY_LIMITS.maxDescription).nullish(),
  richContentDescription: richContentSchema.nullish(),
  visible: z.boolean().nullish(),
  parentCategory: z.object({ id: categoryId.nullish(), index: z.number().int().nullish() }).nullish(),
  slug: slug.nullish(),
  seoData: seoData.nullish(),
};

export const categoryCreateInput = z.object({ ...categoryFields, id: z.string().max(100).nullish() });
export const categoryUpdateInput = z.object({
  ...categoryFields,
  name: name.optional(),
  id: z.string().max(100).nullish(),
  revision: wireRevision,
});
export type CategoryCreateInput = z.infer<typeof categoryCreateInput>;
export type CategoryUpdateInput = z.infer<typeof categoryUpdateInput>;

export const category = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).optional(),
  itemCounter: z.number().int(),
  description: z.string().optional(),
  visible: z.boolean(),
  breadcrumbsInfo: z
    .object({
      breadcrumbs: z.array(z.object({ categoryId: z.string(), categoryName: z.string(), categorySlug: z.string() })),
    })
    .optional(),
  parentCategory: z.object({ id: z.string().optional(), index: z.number().int() }),
  slug: z.string(),
  seoData: z.record(z.string(), z.unknown()).optional(),
  richContentDescription: z.record(z.string(), z.unknown()).optional(),
  treeReference: z.object({ appNamespace: z.string(), treeKey: z.null().optional() }),
});
export type Category = z.infer<typeof category>;

export const categoryResponse = z.object({ category });

const fieldsOnly = { treeReference, fields: requestedFields.optional() };
export const createCategoryRequest = z.object({ category: categoryCreateInput, ...fieldsOnly });
export const updateCategoryRequest = z.object({ category: categoryUpdateInput, ...fieldsOnly });
export const getCategoryRequest = z.object(fieldsOnly);
export const treeOnlyRequest = z.object({ treeReference });

export const cursorQuery = z.object({
  filter: z.unknown().optional(),
  sort: z.unknown().optional(),
  cursorPaging: z.object({ limit: z.number().int().nullish(), cursor: z.string().max(16_000).nullish() }).nullish(),
});
export const cursorPagingMetadata = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }),
  hasNext: z.boolean(),
});

export const queryCategoriesRequest = z.object({
  query: cursorQuery.nullish(),
  treeReference,
  returnNonVisibleCategories: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const queryCategoriesResponse = z.object({
  categories: z.array(category),
  pagingMetadata: cursorPagingMetadata,
});

export const searchCategoriesRequest = z.object({
  search: cursorQuery
    .extend({
      search: z
        .object({ expression: z.string().max(200).nullish() })
        .passthrough()
        .nullish(),
    })
    .nullish(),
  treeReference,
  returnNonVisibleCategories: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const searchCategoriesResponse = queryCategoriesResponse;

export const countCategoriesRequest = z.object({
  filter: z.unknown().optional(),
  search: z
    .object({ expression: z.string().max(200).nullish() })
    .passthrough()
    .nullish(),
  treeReference,
  returnNonVisibleCategories: z.boolean().nullish(),
});
export const countCategoriesResponse = z.object({ count: z.number().int() });

export const moveCategoryRequest = z.object({
  treeReference,
  parentCategoryId: categoryId.nullish(),
  position: z.enum(['FIRST', 'LAST', 'AFTER']),
  moveAfterCategoryId: categoryId.nullish(),
});
export const moveCategoryResponse = z.object({
  parentCategoryId: z.string().nullable(),
  categoriesAfterMove: z.array(z.string()),
});

export const updateVisibilityRequest = z.object({
  categoryId,
  visible: z.boolean(),
  treeReference,
  revision: wireRevision,
  fields: requestedFields.optional(),
});

const bulkError = z.object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) });
const categoryItemMetadata = z.object({
  id: z.string().nullable(),
  originalIndex: z.number().int(),
  success: z.boolean(),
  error: bulkError.optional(),
});
export const bulkCategoriesResponse = z.object({
  results: z.array(z.object({ itemMetadata: categoryItemMetadata, category: category.optional() })),
  bulkActionMetadata,
});

export const bulkUpdateCategoriesRequest = z.object({
  categories: z
    .array(z.object({ category: categoryUpdateInput.extend({ id: categoryId }) }))
    .min(1)
    .max(CATEGORY_LIMITS.maxBulk),
  treeReference,
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});
export const bulkShowCategoriesRequest = z.object({
  categoryIds: z.array(categoryId).min(1).max(CATEGORY_LIMITS.maxBulk),
  treeReference,
  returnEntity: z.boolean().nullish(),
  fields: requestedFields.optional(),
});

export const itemReference = z.object({
  catalogItemId: z.string().min(1).max(36),
  appId: z.literal(STORES_APP_ID, { message: `must be the stores app id "${STORES_APP_ID}"` }),
});
export type ItemReference = z.infer<typeof itemReference>;
const itemResult = z.object({
  itemMetadata: z.object({
    item: z.object({ catalogItemId: z.string(), appId: z.string() }),
    originalIndex: z.number().int(),
    success: z.boolean(),
    error: bulkError.optional(),
  }),
});
const categoryIdResult = z.object({ itemMetadata: categoryItemMetadata });

export const itemsToCategoryRequest = z.object({
  items: z.array(itemReference).min(1).max(CATEGORY_LIMITS.maxItems),
  treeReference,
});
export const itemsToCategoryResponse = z.object({ results: z.array(itemResult), bulkActionMetadata });
export const itemToCategoriesRequest = z.object({
  item: itemReference,
  categoryIds: z.array(categoryId).min(1).max(CATEGORY_LIMITS.maxItems),
  treeReference,
});
export const itemToCategoriesResponse = z.object({ results: z.array(categoryIdResult), bulkActionMetadata });
export const setItemCategoriesRequest = z.object({
  item: itemReference,
  categoryIds: z.array(categoryId).max(CATEGORY_LIMITS.maxItems).nullish(),
  treeReference,
});
export const setItemCategoriesResponse = z.object({
  addResults: z.array(categoryIdResult),
  removeResults: z.array(categoryIdResult),
  bulkActionMetadata,
});

export const listItemsRequest = z.object({
  treeReference,
  cursorPaging: z
    .object({
      limit: z.number().int().min(1).max(100).nullish(),
      cursor: z.string().max(16_000).nullish(),
    })
    .nullish(),
  useCategoryArrangement: z.boolean().nullish(),
  includeItemsFromSubcategories: z.boolean().nullish(),
});
const itemOut = z.object({ catalogItemId: z.string(), appId: z.string() });
export const listItemsResponse = z.object({
  items: z.array(itemOut),
  pagingMetadata: z.object({
    count: z.number().int(),
    cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }),
    hasNext: z.boolean(),
  }),
});

export const listCategoriesForItemRequest = z.object({ item: itemReference, treeReference });
export const listCategoriesForItemResponse = z.object({
  directCategoryIds: z.array(z.string()),
  allCategoryIds: z.array(z.string()),
});
export const listCategoriesForItemsRequest = z.object({
  items: oneOrMany(itemReference, CATEGORY_LIMITS.maxBulk).optional(),
  treeReference,
});
export const listCategoriesForItemsResponse = z.object({
  categoriesForItems: z.array(
    z.object({ item: itemOut, directCategoryIds: z.array(z.string()), indirectCategoryIds: z.array(z.string()) }),
  ),
});

export const listTreesResponse = z.object({
  trees: z.array(z.object({ appNamespace: z.string(), treeKey: z.null().optional() })),
});

export const setArrangedItemsRequest = z.object({
  treeReference,
  items: z.array(itemReference).max(CATEGORY_LIMITS.maxArranged).nullish(),
});
export const arrangedItemsResponse = z.object({ items: z.array(itemOut) });

/** `GET /stores/v3/all-products-category` (the products v3 module of `@wix/stores`). */
export const allProductsCategoryResponse = z.object({
  categoryId: z.string(),
  treeReference: z.object({ appNamespace: z.string(), treeKey: z.null().optional() }),
});

import { z } from 'zod';
import { bulkActionMetadata, entityId, fieldMaskOf, itemMetadata } from '../common.js';
import { wireRevision } from '../ecom/shipping.js';

/*
 * Ribbons and brands of catalog v3 (WIRE.md Appendix B `stores_ribbons-v-3`, and `stores_brands-v-3` as the pinned
 * `@wix/stores` sends it), over the same catalog as the v1 product's `ribbon` and `brand` strings
 * (docs/decisions/0020-ribbons-and-brands.md). Both entities have the same calls; only their names, the longest
 * name allowed and the spelling of the product count differ, so one builder makes both contracts.
 */

/** Requested fields: the ribbon package sends ASSIGNED_PRODUCT_COUNT, the brand package ASSIGNED_PRODUCTS_COUNT. */
export const namedEntityRequestedFields = ['ASSIGNED_PRODUCT_COUNT', 'ASSIGNED_PRODUCTS_COUNT'] as const;

/** Event names, as the packages' `onRibbonCreated|Updated|Deleted` and `onBrand…` subscribe to them. */
export const ribbonEventTypes = {
  created: 'wix.stores.catalog.v3.ribbon_created',
  updated: 'wix.stores.catalog.v3.ribbon_updated',
  deleted: 'wix.stores.catalog.v3.ribbon_deleted',
} as const;
export const brandEventTypes = {
  created: 'wix.stores.catalog.v3.brand_created',
  updated: 'wix.stores.catalog.v3.brand_updated',
  deleted: 'wix.stores.catalog.v3.brand_deleted',
} as const;

export const namedEntityErrorCodes = {
  ribbonNotFound: 'RIBBON_NOT_FOUND',
  ribbonAlreadyExists: 'RIBBON_ALREADY_EXISTS',
  brandNotFound: 'BRAND_NOT_FOUND',
  brandAlreadyExists: 'BRAND_ALREADY_EXISTS',
  /** The revision sent is not the stored one: the entity changed since it was read (as in every Merx module). */
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

/** `fields` of a request: a list on POST, one value or a repeated parameter on GET. */
const requestedFields = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.enum(namedEntityRequestedFields)).max(100),
);

/** The v3 cursor query: filter and sort (checked by the query parser) and cursor paging. */
export const namedEntityCursorQuery = z.object({
  filter: z.unknown().optional(),
  sort: z.unknown().optional(),
  cursorPaging: z.object({ limit: z.number().int().nullish(), cursor: z.string().max(16_000).nullish() }).nullish(),
});

export const namedEntityPagingMetadata = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }),
  hasNext: z.boolean(),
});

interface NamedEntityNames<One extends string, Many extends string, Count extends string> {
  one: One;
  many: Many;
  count: Count;
  maxName: number;
}

/** The request and response schemas of one named catalog entity (ribbon or brand). */
function namedEntityContract<One extends string, Many extends string, Count extends string>(
  n: NamedEntityNames<One, Many, Count>,
) {
  const name = z.string().trim().min(1, 'must not be empty or only spaces').max(n.maxName);
  const entity = z.object({
    id: z.string(),
    revision: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    name: z.string(),
    ...({ [n.count]: z.number().int().optional() } as Record<Count, z.ZodOptional<z.ZodNumber>>),
  });
  /** What a create takes: the name; the read-only fields (id, revision, dates, count) are ignored. */
  const createInput = z.object({ name });
  const updateInput = z.object({ id: z.string().max(100).nullish(), revision: wireRevision, name: name.optional() });
  /** A bulk update names each entity by its id. */
  const maskedInput = updateInput.extend({ id: entityId });
  const one = <T extends z.ZodType>(schema: T) => z.object({ [n.one]: schema } as Record<One, T>);
  const many = <T extends z.ZodType>(schema: T) => z.object({ [n.many]: schema } as Record<Many, T>);
  const bulkResponse = z.object({
    results: z.array(z.object({ itemMetadata, item: entity.optional() })),
    bulkActionMetadata,
  });
  return {
    entity,
    createRequest: one(createInput),
    getRequest: z.object({ fields: requestedFields.optional() }),
    updateRequest: one(updateInput).extend({ fields: requestedFields.optional() }),
    queryRequest: z.object({ query: namedEntityCursorQuery.optional(), fields: requestedFields.optional() }),
    countRequest: z.object({ filter: z.unknown().optional() }),
    bulkCreateRequest: many(z.array(createInput).min(1).max(100)).extend({ returnEntity: z.boolean().nullish() }),
    bulkUpdateRequest: many(
      z
        .array(one(maskedInput).extend({ fieldMask: fieldMaskOf(z.string().max(100)).nullish() }))
        .min(1)
        .max(100),
    ).extend({ returnEntity: z.boolean().nullish(), fields: requestedFields.optional() }),
    getOrCreateRequest: z
      .object({ [`${n.one}Name`]: name } as Record<`${One}Name`, typeof name>)
      .extend({ fields: requestedFields.optional() }),
    bulkGetOrCreateRequest: z
      .object({ [`${n.one}Names`]: z.array(name).min(1).max(100) } as Record<`${One}Names`, z.ZodArray<typeof name>>)
      .extend({ fields: requestedFields.optional() }),
    bulkDeleteRequest: z.object({ [`${n.one}Ids`]: z.array(entityId).min(1).max(100) } as Record<
      `${One}Ids`,
      z.ZodArray<typeof entityId>
    >),
    entityResponse: one(entity),
    queryResponse: many(z.array(entity)).extend({ pagingMetadata: namedEntityPagingMetadata }),
    countResponse: z.object({ count: z.number().int() }),
    bulkResponse,
    bulkDeleteResponse: z.object({ results: z.array(z.object({ itemMetadata })), bulkActionMetadata }),
  };
}

/** Ribbons v3: names of 1 to 30 characters; the product count is `assignedProductCount`. */
export const ribbonsV3 = namedEntityContract({
  one: 'ribbon',
  many: 'ribbons',
  count: 'assignedProductCount',
  maxName: 30,
});
/** Brands v3: names of 1 to 50 characters; the product count is `assignedProductsCount`. */
export const brandsV3 = namedEntityContract({
  one: 'brand',
  many: 'brands',
  count: 'assignedProductsCount',
  maxName: 50,
});

export type RibbonV3 = z.infer<typeof ribbonsV3.entity>;
export type BrandV3 = z.infer<typeof brandsV3.entity>;
export type NamedEntityRequestedField = (typeof namedEntityRequestedFields)[number];

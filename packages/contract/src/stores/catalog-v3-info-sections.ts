import { z } from 'zod';
import { bulkActionMetadata, entityId, fieldMaskOf, itemMetadata } from '../common.js';
import { wireRevision } from '../ecom/shipping.js';
import { namedEntityCursorQuery, namedEntityPagingMetadata } from './catalog-v3-ribbons-brands.js';
import { richContentSchema } from './rich-content.js';

/*
 * Info sections of catalog v3 as the pinned `@wix/stores` 1.0.918 `infoSectionsV3` module
 * (`@wix/auto_sdk_stores_info-sections-v-3`) sends them: stand-alone entities with a unique name, a title and a
 * rich-content description (docs/decisions/0024-info-sections.md). The v1 product's inline `additionalInfoSections`
 * are not these entities.
 */

/** The package's only requested field (the ribbon spelling is accepted too, as for brands). */
export const infoSectionRequestedFields = ['ASSIGNED_PRODUCTS_COUNT', 'ASSIGNED_PRODUCT_COUNT'] as const;

/** Event names, as the package's `onInfoSectionCreated|Updated|Deleted` subscribe to them. */
export const infoSectionEventTypes = {
  created: 'wix.stores.catalog.v3.info_section_created',
  updated: 'wix.stores.catalog.v3.info_section_updated',
  deleted: 'wix.stores.catalog.v3.info_section_deleted',
} as const;

export const infoSectionErrorCodes = {
  notFound: 'INFO_SECTION_NOT_FOUND',
  alreadyExists: 'INFO_SECTION_ALREADY_EXISTS',
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

export const INFO_SECTION_LIMITS = { maxUniqueName: 100, maxTitle: 50, maxPlainDescription: 16_000 } as const;

const requestedFields = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.enum(infoSectionRequestedFields)).max(100),
);

const uniqueName = z.string().trim().min(1, 'must not be empty or only spaces').max(INFO_SECTION_LIMITS.maxUniqueName);
const title = z.string().trim().min(1, 'must not be empty or only spaces').max(INFO_SECTION_LIMITS.maxTitle);
/** HTML read into rich content when no `description` is sent (the package: "ignored when description is passed"). */
const plainDescription = z.string().max(INFO_SECTION_LIMITS.maxPlainDescription);

export const infoSectionEntity = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  uniqueName: z.string(),
  title: z.string(),
  description: z.unknown(),
  plainDescription: z.string(),
  assignedProductsCount: z.number().int().optional(),
});

/** What a create takes; the read-only fields (id, revision, dates, count) are ignored. */
export const infoSectionCreateInput = z.object({
  uniqueName,
  title,
  description: richContentSchema.nullish(),
  plainDescription: plainDescription.nullish(),
});

/** What an update takes: the revision read, and the fields to write. */
export const infoSectionUpdateInput = z.object({
  id: z.string().max(100).nullish(),
  revision: wireRevision,
  uniqueName: uniqueName.optional(),
  title: title.optional(),
  description: richContentSchema.nullish(),
  plainDescription: plainDescription.nullish(),
});

/** Get-or-create names the section by id, or by unique name (with a title to create it when there is none). */
export const infoSectionGetOrCreateInput = z
  .object({
    id: entityId.nullish(),
    uniqueName: uniqueName.nullish(),
    title: title.nullish(),
    description: richContentSchema.nullish(),
    plainDescription: plainDescription.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.id && !v.uniqueName) {
      ctx.addIssue({ code: 'custom', path: ['uniqueName'], message: 'is required when no id is given' });
    }
  });

/** The fields a bulk update's mask may name (`id` and `revision` are accepted and write nothing). */
export const infoSectionMaskFields = [
  'id',
  'revision',
  'uniqueName',
  'title',
  'description',
  'plainDescription',
] as const;

/** A bulk update's `fieldMask` (a list, or the package's comma-separated text). */
const fieldMask = fieldMaskOf(z.enum(infoSectionMaskFields));

const bulkResponse = z.object({
  results: z.array(z.object({ itemMetadata, item: infoSectionEntity.optional() })),
  bulkActionMetadata,
});

export const infoSectionsV3 = {
  entity: infoSectionEntity,
  createRequest: z.object({ infoSection: infoSectionCreateInput }),
  getRequest: z.object({ fields: requestedFields.optional() }),
  updateRequest: z.object({ infoSection: infoSectionUpdateInput, fields: requestedFields.optional() }),
  queryRequest: z.object({ query: namedEntityCursorQuery.optional(), fields: requestedFields.optional() }),
  countRequest: z.object({ filter: z.unknown().optional() }),
  getOrCreateRequest: z.object({ infoSection: infoSectionGetOrCreateInput, fields: requestedFields.optional() }),
  bulkGetOrCreateRequest: z.object({
    infoSections: z.array(infoSectionGetOrCreateInput).min(1).max(100),
    fields: requestedFields.optional(),
  }),
  bulkCreateRequest: z.object({
    infoSections: z.array(infoSectionCreateInput).min(1).max(100),
    returnEntity: z.boolean().nullish(),
  }),
  bulkUpdateRequest: z.object({
    infoSections: z
      .array(z.object({ infoSection: infoSectionUpdateInput.extend({ id: entityId }), fieldMask: fieldMask.nullish() }))
      .min(1)
      .max(100),
    returnEntity: z.boolean().nullish(),
    fields: requestedFields.optional(),
  }),
  bulkDeleteRequest: z.object({ infoSectionIds: z.array(entityId).min(1).max(100) }),
  entityResponse: z.object({ infoSection: infoSectionEntity }),
  queryResponse: z.object({ infoSections: z.array(infoSectionEntity), pagingMetadata: namedEntityPagingMetadata }),
  countResponse: z.object({ count: z.number().int() }),
  bulkResponse,
  bulkDeleteResponse: z.object({ results: z.array(z.object({ itemMetadata })), bulkActionMetadata }),
};

export type InfoSectionV3 = z.infer<typeof infoSectionEntity>;
export type InfoSectionCreateInput = z.input<typeof infoSectionCreateInput>;
export type InfoSectionRequestedField = (typeof infoSectionRequestedFields)[number];

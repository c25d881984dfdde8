import { z } from 'zod';
import { bulkActionMetadata, entityId, fieldMaskOf, itemMetadata } from '../common.js';
import { wireRevision } from '../ecom/shipping.js';
import { namedEntityCursorQuery, namedEntityPagingMetadata } from './catalog-v3-ribbons-brands.js';

/*
 * Customizations of catalog v3 (options and modifiers) as the pinned `@wix/stores` 1.0.918 `customizationsV3` module
 * (`@wix/auto_sdk_stores_customizations-v-3`) sends them: stand-alone reusable entities
 * (docs/decisions/0025-customizations.md). The v1 product's inline options and custom text fields are not these
 * entities. The rules across fields (a swatch needs a colour or an image, names unique within a customization, which
 * render types a type allows) are checked by the service, which names the field as the request spells it.
 */

export const customizationTypes = ['PRODUCT_OPTION', 'MODIFIER'] as const;
export const customizationRenderTypes = ['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES'] as const;
export const customizationChoiceTypes = ['CHOICE_TEXT', 'ONE_COLOR'] as const;

/** The package's requested fields (the ribbon spelling of the count is accepted too, as for brands). */
export const customizationRequestedFields = [
  'ASSIGNED_PRODUCTS_COUNT',
  'ASSIGNED_PRODUCT_COUNT',
  'CHOICE_DISPLAY_IMAGE',
] as const;

/** Event names, as the package's `onCustomizationCreated|Updated|Deleted` subscribe to them. */
export const customizationEventTypes = {
  created: 'wix.stores.catalog.v3.customization_created',
  updated: 'wix.stores.catalog.v3.customization_updated',
  deleted: 'wix.stores.catalog.v3.customization_deleted',
} as const;

export const customizationErrorCodes = {
  notFound: 'CUSTOMIZATION_NOT_FOUND',
  alreadyExists: 'CUSTOMIZATION_ALREADY_EXISTS',
  choiceNotFound: 'CHOICE_NOT_FOUND',
  doesntSupportChoices: 'DOESNT_SUPPORT_CHOICES',
  choiceIdsMismatch: 'CHOICE_IDS_MISMATCH',
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

export const CUSTOMIZATION_LIMITS = {
  maxName: 50,
  maxChoiceName: 50,
  maxChoices: 1000,
  maxFreeTextTitle: 100,
  maxCharCount: 500,
  maxPrimaryChoices: 4,
} as const;

const requestedFields = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.enum(customizationRequestedFields)).max(100),
);

const name = z.string().trim().min(1, 'must not be empty or only spaces').max(CUSTOMIZATION_LIMITS.maxName);
const choiceName = z.string().trim().min(1, 'must not be empty or only spaces').max(CUSTOMIZATION_LIMITS.maxChoiceName);
/** A decimal amount as text, 0 to 999999999.99 with at most three decimals (the package's `defaultAddedPrice`). */
const addedPrice = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount such as "2.50"')
  .refine((v) => Number(v) <= 999_999_999.99, 'must be at most 999999999.99');
/** A hex colour as CSS writes it: #rgb, #rgba, #rrggbb or #rrggbbaa. */
const colorCode = z
  .string()
  .regex(/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour such as "#ff0000"');

/** A choice's image: the package sends `{id, url, height, width, altText, filename}` (its SDK shows a string). */
const choiceImage = z.preprocess(
  (v) => (typeof v === 'string' ? { url: v } : v),
  z
    .object({
      id: z.string().max(2048).nullish(),
      url: z.string().max(2048).nullish(),
      height: z.number().nullish(),
      width: z.number().nullish(),
      altText: z.string().max(2048).nullish(),
      filename: z.string().max(2048).nullish(),
    })
    .refine((i) => Boolean(i.id || i.url), 'needs an id or a url'),
);

/** A choice as a request sends it; `id` is read-only on create and names the choice elsewhere. */
export const customizationChoiceInput = z.object({
  id: z.string().max(100).nullish(),
  choiceType: z.enum(customizationChoiceTypes).nullish(),
  name: choiceName,
  colorCode: colorCode.nullish(),
  /** An image as the wire carries it (`{id, url, width, height, altText, filename}`; a bare URL is read as `{url}`). */
  displayImage: choiceImage.nullish(),
  /** The older image field the package still maps; kept as sent. */
  image: choiceImage.nullish(),
  defaultAddedPrice: addedPrice.nullish(),
  primaryChoiceIds: z.array(z.string().max(100)).max(CUSTOMIZATION_LIMITS.maxPrimaryChoices).nullish(),
  key: z.string().nullish(),
});

export const freeTextInputSchema = z.object({
  minCharCount: z.number().int().min(0).max(CUSTOMIZATION_LIMITS.maxCharCount).nullish(),
  maxCharCount: z.number().int().min(0).max(CUSTOMIZATION_LIMITS.maxCharCount).nullish(),
  defaultAddedPrice: addedPrice.nullish(),
  title: z.string().trim().min(1, 'must not be empty or only spaces').max(CUSTOMIZATION_LIMITS.maxFreeTextTitle),
  key: z.string().nullish(),
});

const choices = z.array(customizationChoiceInput).max(CUSTOMIZATION_LIMITS.maxChoices);

/** What a create takes; the read-only fields (id, revision, dates, key, count) are ignored. */
export const customizationCreateInput = z.object({
  name,
  customizationType: z.enum(customizationTypes),
  customizationRenderType: z.enum(customizationRenderTypes),
  choicesSettings: z.object({ choices }).nullish(),
  freeTextInput: freeTextInputSchema.nullish(),
});

/** What an update takes: the revision read and the fields to write (type, render type and choices are immutable). */
export const customizationUpdateInput = z.object({
  id: z.string().max(100).nullish(),
  revision: wireRevision,
  name: name.optional(),
  customizationType: z.enum(customizationTypes).nullish(),
  customizationRenderType: z.enum(customizationRenderTypes).nullish(),
  choicesSettings: z
    .object({ choices: z.array(z.unknown()).max(CUSTOMIZATION_LIMITS.maxChoices) })
    .loose()
    .nullish(),
  freeTextInput: freeTextInputSchema.nullish(),
});

/** The fields a bulk update's mask may name. */
export const customizationMaskFields = [
  'id',
  'revision',
  'name',
  'customizationType',
  'customizationRenderType',
  'choicesSettings',
  'freeTextInput',
] as const;

const wireChoice = z
  .object({
    id: z.string(),
    choiceType: z.enum(customizationChoiceTypes),
    key: z.string(),
    name: z.string(),
    colorCode: z.string().optional(),
  })
  .loose();

export const customizationEntity = z
  .object({
    id: z.string(),
    revision: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    key: z.string(),
    name: z.string(),
    customizationType: z.enum(customizationTypes),
    customizationRenderType: z.enum(customizationRenderTypes),
    choicesSettings: z.object({ choices: z.array(wireChoice) }).optional(),
    freeTextInput: z
      .object({ minCharCount: z.number(), maxCharCount: z.number(), title: z.string() })
      .loose()
      .optional(),
    assignedProductsCount: z.number().int().optional(),
  })
  .loose();

const bulkResponse = z.object({
  results: z.array(z.object({ itemMetadata, customization: customizationEntity.optional() })),
  bulkActionMetadata,
});

const entityResponse = z.object({ customization: customizationEntity });

export const customizationsV3 = {
  entity: customizationEntity,
  createRequest: z.object({ customization: customizationCreateInput }),
  getRequest: z.object({ fields: requestedFields.optional() }),
  updateRequest: z.object({ customization: customizationUpdateInput, fields: requestedFields.optional() }),
  queryRequest: z.object({ query: namedEntityCursorQuery.optional(), fields: requestedFields.optional() }),
  countRequest: z.object({ filter: z.unknown().optional() }),
  bulkCreateRequest: z.object({
    customizations: z.array(customizationCreateInput).min(1).max(100),
    returnEntity: z.boolean().nullish(),
  }),
  bulkUpdateRequest: z.object({
    customizations: z
      .array(
        z.object({
          customization: customizationUpdateInput.extend({ id: entityId }),
          fieldMask: fieldMaskOf(z.enum(customizationMaskFields)).nullish(),
        }),
      )
      .min(1)
      .max(100),
    returnEntity: z.boolean().nullish(),
    fields: requestedFields.optional(),
  }),
  addChoicesRequest: z.object({ choices: choices.min(1), fields: requestedFields.optional() }),
  setChoicesRequest: z.object({ choices: choices.min(1), fields: requestedFields.optional() }),
  removeChoicesRequest: z.object({
    choiceIds: z.array(z.string().min(1).max(100)).min(1).max(CUSTOMIZATION_LIMITS.maxChoices),
    revision: wireRevision.nullish(),
    fields: requestedFields.optional(),
  }),
  updateChoicesRequest: z.object({
    revision: wireRevision,
    choices: z
      .array(z.object({ choice: customizationChoiceInput.partial().extend({ id: z.string().min(1).max(100) }) }))
      .min(1)
      .max(CUSTOMIZATION_LIMITS.maxChoices),
    fields: requestedFields.optional(),
  }),
  reorderChoicesRequest: z.object({
    revision: wireRevision,
    choiceIds: z.array(z.string().min(1).max(100)).min(1).max(CUSTOMIZATION_LIMITS.maxChoices),
    fields: requestedFields.optional(),
  }),
  bulkAddChoicesRequest: z.object({
    customizationsChoices: z
      .array(z.object({ customizationId: entityId, choices: choices.min(1) }))
      .min(1)
      .max(100),
    returnEntity: z.boolean().nullish(),
    fields: requestedFields.optional(),
  }),
  entityResponse,
  queryResponse: z.object({ customizations: z.array(customizationEntity), pagingMetadata: namedEntityPagingMetadata }),
  countResponse: z.object({ count: z.number().int() }),
  bulkResponse,
};

export type CustomizationV3 = z.infer<typeof customizationEntity>;
export type CustomizationCreateInput = z.infer<typeof customizationCreateInput>;
export type CustomizationUpdateInput = z.infer<typeof customizationUpdateInput>;
export type CustomizationChoiceInput = z.infer<typeof customizationChoiceInput>;
export type FreeTextInput = z.infer<typeof freeTextInputSchema>;
export type CustomizationRequestedField = (typeof customizationRequestedFields)[number];
export type CustomizationType = (typeof customizationTypes)[number];
export type CustomizationRenderType = (typeof customizationRenderTypes)[number];

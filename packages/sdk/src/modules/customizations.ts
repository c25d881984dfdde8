import type {
  CustomizationChoiceInput,
  CustomizationCreateInput,
  CustomizationRequestedField,
  CustomizationV3,
  FreeTextInput,
} from '@merx/contract';
import type { Transport } from '../http.js';
import type { CallOptions } from '../module.js';
import { type BulkItemMetadata, catalogEntityCalls, type FieldOptions } from './named-catalog-entities.js';

export type Customization = CustomizationV3;
/** A choice as a write sends it (`id` names a choice already there; it is read-only on create). */
export type CustomizationChoice = CustomizationChoiceInput;

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCTS_COUNT`). */
export type CustomizationFieldOptions = FieldOptions<CustomizationRequestedField>;

/** What an update writes: the revision read and the name or free-text settings (type and choices are immutable). */
export interface CustomizationPatch {
  revision: string;
  name?: string;
  freeTextInput?: FreeTextInput;
}

/** A bulk call's answer: a result per item, with the customization when `returnEntity` asked for it. */
export interface CustomizationBulkAnswer {
  results: Array<{ itemMetadata: BulkItemMetadata; customization?: Customization }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

/**
 * Customizations of catalog v3 (`stores_customizations-v-3`, docs/decisions/0025-customizations.md): options and
 * modifiers as reusable entities, with text or swatch choices or a free-text input. Reads are public; writes need an
 * elevated client, and the choice calls that change order or content carry the revision read.
 */
export function customizations(transport: Transport) {
  const x = catalogEntityCalls<Customization, CustomizationRequestedField>(transport, {
    module: 'customizations',
    one: 'customization',
    many: 'customizations',
    calls: { one: 'Customization', many: 'Customizations' },
  });
  return {
    createCustomization: (customization: CustomizationCreateInput, o?: CallOptions) =>
      x.create(customization, [customization], o),
    getCustomization: x.get,
    updateCustomization: (id: string, patch: CustomizationPatch, o?: CustomizationFieldOptions) =>
      x.update(id, patch, o),
    deleteCustomization: x.delete,
    /** Customizations matching a query, cursor paging (newest first by default). */
    queryCustomizations: x.query,
    countCustomizations: x.count,
    addCustomizationChoices: (id: string, choices: CustomizationChoice[], o?: CustomizationFieldOptions) =>
      x.action('addCustomizationChoices', id, 'add-choices', { choices }, o),
    setCustomizationChoices: (id: string, choices: CustomizationChoice[], o?: CustomizationFieldOptions) =>
      x.action('setCustomizationChoices', id, 'set-choices', { choices }, o),
    removeCustomizationChoices: (
      id: string,
      choiceIds: string[],
      o?: CustomizationFieldOptions & { revision?: string },
    ) =>
      x.action(
        'removeCustomizationChoices',
        id,
        'remove-choices',
        { choiceIds, ...(o?.revision ? { revision: o.revision } : {}) },
        o,
      ),
    updateCustomizationChoices: (
      id: string,
      revision: string,
      choices: Array<{ choice: Partial<CustomizationChoice> & { id: string } }>,
      o?: CustomizationFieldOptions,
    ) => x.action('updateCustomizationChoices', id, 'update-choices', { revision, choices }, o),
    reorderCustomizationChoices: (id: string, revision: string, choiceIds: string[], o?: CustomizationFieldOptions) =>
      x.action('reorderCustomizationChoices', id, 'reorder-choices', { revision, choiceIds }, o),
    bulkCreateCustomizations: (items: CustomizationCreateInput[], o?: CallOptions & { returnEntity?: boolean }) =>
      x.bulk<CustomizationBulkAnswer>(
        'bulkCreateCustomizations',
        'create',
        { customizations: items, returnEntity: o?.returnEntity ?? false },
        [items, o],
        o,
      ),
    bulkUpdateCustomizations: (
      items: Array<{ customization: CustomizationPatch & { id: string }; fieldMask?: string[] }>,
      o?: CustomizationFieldOptions & { returnEntity?: boolean },
    ) =>
      x.bulk<CustomizationBulkAnswer>(
        'bulkUpdateCustomizations',
        'update',
        { customizations: items, returnEntity: o?.returnEntity ?? false, ...x.fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkAddCustomizationChoices: (
      items: Array<{ customizationId: string; choices: CustomizationChoice[] }>,
      o?: CustomizationFieldOptions & { returnEntity?: boolean },
    ) =>
      x.bulk<CustomizationBulkAnswer>(
        'bulkAddCustomizationChoices',
        'add-choices',
        { customizationsChoices: items, returnEntity: o?.returnEntity ?? false, ...x.fieldsOf(o) },
        [items, o],
        o,
      ),
  };
}

export type CustomizationsModule = ReturnType<typeof customizations>;

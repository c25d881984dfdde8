import type {
  CustomizationChoiceInput,
  CustomizationCreateInput,
  CustomizationRequestedField,
  CustomizationV3,
  FreeTextInput,
} from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';
import type { BulkItemMetadata } from './named-catalog-entities.js';

export type Customization = CustomizationV3;
/** A choice as a write sends it (`id` names a choice already there; it is read-only on create). */
export type CustomizationChoice = CustomizationChoiceInput;

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCTS_COUNT`). */
export interface CustomizationFieldOptions extends CallOptions {
  fields?: CustomizationRequestedField[];
}

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

const BASE = '/stores/v3/customizations';
const BULK = '/stores/v3/bulk/customizations';

/**
 * Customizations of catalog v3 (`stores_customizations-v-3`, docs/decisions/0025-customizations.md): options and
 * modifiers as reusable entities, with text or swatch choices or a free-text input. Reads are public; writes need an
 * elevated client, and the choice calls that change order or content carry the revision read.
 */
export function customizations(transport: Transport) {
  const call = caller(transport, 'customizations');
  const at = (id: string, tail = '') => fillPath(`${BASE}/{id}${tail}`, { id });
  const write = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method = 'POST') =>
    call<T>(fn, { method: method as 'POST', path, body, args, options: o, elevated: true });
  const fieldsOf = (o?: CustomizationFieldOptions) => (o?.fields ? { fields: o.fields } : {});
  type One = { customization: Customization };
  const choiceCall = async (
    fn: string,
    id: string,
    tail: string,
    body: Record<string, unknown>,
    o?: CustomizationFieldOptions,
  ) => (await write<One>(fn, at(id, tail), { ...body, ...fieldsOf(o) }, [id, body, o], o)).customization;
  return {
    createCustomization: async (customization: CustomizationCreateInput, o?: CallOptions) =>
      (await write<One>('createCustomization', BASE, { customization }, [customization], o)).customization,
    getCustomization: async (id: string, o?: CustomizationFieldOptions) =>
      (
        await call<One>('getCustomization', {
          method: 'GET',
          path: at(id),
          params: fieldsOf(o),
          args: [id, o],
          options: o,
        })
      ).customization,
    updateCustomization: async (id: string, patch: CustomizationPatch, o?: CustomizationFieldOptions) =>
      (
        await write<One>(
          'updateCustomization',
          at(id),
          { customization: { ...patch, id }, ...fieldsOf(o) },
          [id, patch, o],
          o,
          'PATCH',
        )
      ).customization,
    deleteCustomization: (id: string, o?: CallOptions) =>
      call<Empty>('deleteCustomization', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
    /** Customizations matching a query, cursor paging (newest first by default). */
    queryCustomizations: (o?: CustomizationFieldOptions) =>
      new QueryBuilder<Customization>(async (query, callOptions) => {
        const body = await call<Record<string, unknown>>('queryCustomizations', {
          method: 'POST',
          path: `${BASE}/query`,
          body: { query, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        const meta = body.pagingMetadata as { cursors?: { next?: string | null; prev?: string | null } };
        return { items: body.customizations as Customization[], cursors: meta.cursors };
      }, 'cursor'),
    countCustomizations: (filter?: Filter, o?: CallOptions) =>
      call<{ count: number }>('countCustomizations', {
        method: 'POST',
        path: `${BASE}/count`,
        body: filter ? { filter } : {},
        args: [filter],
        options: o,
      }),
    addCustomizationChoices: (id: string, choices: CustomizationChoice[], o?: CustomizationFieldOptions) =>
      choiceCall('addCustomizationChoices', id, '/add-choices', { choices }, o),
    setCustomizationChoices: (id: string, choices: CustomizationChoice[], o?: CustomizationFieldOptions) =>
      choiceCall('setCustomizationChoices', id, '/set-choices', { choices }, o),
    removeCustomizationChoices: (
      id: string,
      choiceIds: string[],
      o?: CustomizationFieldOptions & { revision?: string },
    ) =>
      choiceCall(
        'removeCustomizationChoices',
        id,
        '/remove-choices',
        { choiceIds, ...(o?.revision ? { revision: o.revision } : {}) },
        o,
      ),
    updateCustomizationChoices: (
      id: string,
      revision: string,
      choices: Array<{ choice: Partial<CustomizationChoice> & { id: string } }>,
      o?: CustomizationFieldOptions,
    ) => choiceCall('updateCustomizationChoices', id, '/update-choices', { revision, choices }, o),
    reorderCustomizationChoices: (id: string, revision: string, choiceIds: string[], o?: CustomizationFieldOptions) =>
      choiceCall('reorderCustomizationChoices', id, '/reorder-choices', { revision, choiceIds }, o),
    bulkCreateCustomizations: (items: CustomizationCreateInput[], o?: CallOptions & { returnEntity?: boolean }) =>
      write<CustomizationBulkAnswer>(
        'bulkCreateCustomizations',
        `${BULK}/create`,
        { customizations: items, returnEntity: o?.returnEntity ?? false },
        [items, o],
        o,
      ),
    bulkUpdateCustomizations: (
      items: Array<{ customization: CustomizationPatch & { id: string }; fieldMask?: string[] }>,
      o?: CustomizationFieldOptions & { returnEntity?: boolean },
    ) =>
      write<CustomizationBulkAnswer>(
        'bulkUpdateCustomizations',
        `${BULK}/update`,
        { customizations: items, returnEntity: o?.returnEntity ?? false, ...fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkAddCustomizationChoices: (
      items: Array<{ customizationId: string; choices: CustomizationChoice[] }>,
      o?: CustomizationFieldOptions & { returnEntity?: boolean },
    ) =>
      write<CustomizationBulkAnswer>(
        'bulkAddCustomizationChoices',
        `${BULK}/add-choices`,
        { customizationsChoices: items, returnEntity: o?.returnEntity ?? false, ...fieldsOf(o) },
        [items, o],
        o,
      ),
  };
}

export type CustomizationsModule = ReturnType<typeof customizations>;

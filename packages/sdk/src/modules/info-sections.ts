import type { InfoSectionCreateInput, InfoSectionRequestedField, InfoSectionV3, RichContent } from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';
import type { BulkAnswer } from './named-catalog-entities.js';

export type InfoSection = InfoSectionV3;

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCTS_COUNT`). */
export interface InfoSectionFieldOptions extends CallOptions {
  fields?: InfoSectionRequestedField[];
}

/** What an update writes: the revision read and the fields to change (rich content wins over HTML). */
export interface InfoSectionPatch {
  revision: string;
  uniqueName?: string;
  title?: string;
  description?: RichContent;
  plainDescription?: string;
}

/** Get-or-create names a section by id, or by unique name (with a title to create it when there is none). */
export interface InfoSectionLookup {
  id?: string;
  uniqueName?: string;
  title?: string;
  description?: RichContent;
  plainDescription?: string;
}

const BASE = '/stores/v3/info-sections';
const BULK = '/stores/v3/bulk/info-sections';

/**
 * Info sections of catalog v3 (`stores_info-sections-v-3`, docs/decisions/0024-info-sections.md): stand-alone
 * entities with a unique name, a title and a rich-content description (its HTML in `plainDescription`). Reads are
 * public; writes need an elevated client and carry the revision read.
 */
export function infoSections(transport: Transport) {
  const call = caller(transport, 'infoSections');
  const at = (id: string) => fillPath(`${BASE}/{id}`, { id });
  const write = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method = 'POST') =>
    call<T>(fn, { method: method as 'POST', path, body, args, options: o, elevated: true });
  const fieldsOf = (o?: InfoSectionFieldOptions) => (o?.fields ? { fields: o.fields } : {});
  type One = { infoSection: InfoSection };
  return {
    createInfoSection: async (infoSection: InfoSectionCreateInput, o?: CallOptions) =>
      (await write<One>('createInfoSection', BASE, { infoSection }, [infoSection], o)).infoSection,
    getInfoSection: async (id: string, o?: InfoSectionFieldOptions) =>
      (
        await call<One>('getInfoSection', {
          method: 'GET',
          path: at(id),
          params: fieldsOf(o),
          args: [id, o],
          options: o,
        })
      ).infoSection,
    updateInfoSection: async (id: string, patch: InfoSectionPatch, o?: InfoSectionFieldOptions) =>
      (
        await write<One>(
          'updateInfoSection',
          at(id),
          { infoSection: { ...patch, id }, ...fieldsOf(o) },
          [id, patch, o],
          o,
          'PATCH',
        )
      ).infoSection,
    deleteInfoSection: (id: string, o?: CallOptions) =>
      call<Empty>('deleteInfoSection', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
    /** Sections matching a query, cursor paging (50 a page by default). */
    queryInfoSections: (o?: InfoSectionFieldOptions) =>
      new QueryBuilder<InfoSection>(async (query, callOptions) => {
        const body = await call<Record<string, unknown>>('queryInfoSections', {
          method: 'POST',
          path: `${BASE}/query`,
          body: { query, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        const meta = body.pagingMetadata as { cursors?: { next?: string | null; prev?: string | null } };
        return { items: body.infoSections as InfoSection[], cursors: meta.cursors };
      }, 'cursor'),
    countInfoSections: (filter?: Filter, o?: CallOptions) =>
      call<{ count: number }>('countInfoSections', {
        method: 'POST',
        path: `${BASE}/count`,
        body: filter ? { filter } : {},
        args: [filter],
        options: o,
      }),
    getOrCreateInfoSection: async (infoSection: InfoSectionLookup, o?: InfoSectionFieldOptions) =>
      (
        await write<One>(
          'getOrCreateInfoSection',
          `${BASE}/get-or-create`,
          { infoSection, ...fieldsOf(o) },
          [infoSection, o],
          o,
        )
      ).infoSection,
    bulkCreateInfoSections: (items: InfoSectionCreateInput[], o?: CallOptions & { returnEntity?: boolean }) =>
      write<BulkAnswer<InfoSection>>(
        'bulkCreateInfoSections',
        `${BULK}/create`,
        { infoSections: items, returnEntity: o?.returnEntity ?? false },
        [items, o],
        o,
      ),
    /** Each item names its section by id; `fieldMask` limits what is written (default: every field sent). */
    bulkUpdateInfoSections: (
      items: Array<{ infoSection: InfoSectionPatch & { id: string }; fieldMask?: string[] }>,
      o?: InfoSectionFieldOptions & { returnEntity?: boolean },
    ) =>
      write<BulkAnswer<InfoSection>>(
        'bulkUpdateInfoSections',
        `${BULK}/update`,
        { infoSections: items, returnEntity: o?.returnEntity ?? false, ...fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkGetOrCreateInfoSections: (items: InfoSectionLookup[], o?: InfoSectionFieldOptions) =>
      write<BulkAnswer<InfoSection>>(
        'bulkGetOrCreateInfoSections',
        `${BULK}/get-or-create`,
        { infoSections: items, ...fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkDeleteInfoSections: (ids: string[], o?: CallOptions) =>
      write<BulkAnswer<InfoSection>>('bulkDeleteInfoSections', `${BULK}/delete`, { infoSectionIds: ids }, [ids], o),
  };
}

export type InfoSectionsModule = ReturnType<typeof infoSections>;

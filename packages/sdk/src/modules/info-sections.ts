import type { InfoSectionCreateInput, InfoSectionRequestedField, InfoSectionV3, RichContent } from '@merx/contract';
import type { Transport } from '../http.js';
import type { CallOptions } from '../module.js';
import { type BulkAnswer, catalogEntityCalls, type FieldOptions } from './named-catalog-entities.js';

export type InfoSection = InfoSectionV3;

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCTS_COUNT`). */
export type InfoSectionFieldOptions = FieldOptions<InfoSectionRequestedField>;

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

/**
 * Info sections of catalog v3 (`stores_info-sections-v-3`, docs/decisions/0024-info-sections.md): stand-alone
 * entities with a unique name, a title and a rich-content description (its HTML in `plainDescription`). Reads are
 * public; writes need an elevated client and carry the revision read.
 */
export function infoSections(transport: Transport) {
  const x = catalogEntityCalls<InfoSection, InfoSectionRequestedField>(transport, {
    module: 'infoSections',
    one: 'infoSection',
    many: 'infoSections',
    path: 'info-sections',
    calls: { one: 'InfoSection', many: 'InfoSections' },
  });
  return {
    createInfoSection: (infoSection: InfoSectionCreateInput, o?: CallOptions) =>
      x.create(infoSection, [infoSection], o),
    getInfoSection: x.get,
    updateInfoSection: (id: string, patch: InfoSectionPatch, o?: InfoSectionFieldOptions) => x.update(id, patch, o),
    deleteInfoSection: x.delete,
    /** Sections matching a query, cursor paging (50 a page by default). */
    queryInfoSections: x.query,
    countInfoSections: x.count,
    getOrCreateInfoSection: (infoSection: InfoSectionLookup, o?: InfoSectionFieldOptions) =>
      x.getOrCreate({ infoSection }, [infoSection, o], o),
    bulkCreateInfoSections: (items: InfoSectionCreateInput[], o?: CallOptions & { returnEntity?: boolean }) =>
      x.bulk<BulkAnswer<InfoSection>>(
        'bulkCreateInfoSections',
        'create',
        { infoSections: items, returnEntity: o?.returnEntity ?? false },
        [items, o],
        o,
      ),
    /** Each item names its section by id; `fieldMask` limits what is written (default: every field sent). */
    bulkUpdateInfoSections: (
      items: Array<{ infoSection: InfoSectionPatch & { id: string }; fieldMask?: string[] }>,
      o?: InfoSectionFieldOptions & { returnEntity?: boolean },
    ) =>
      x.bulk<BulkAnswer<InfoSection>>(
        'bulkUpdateInfoSections',
        'update',
        { infoSections: items, returnEntity: o?.returnEntity ?? false, ...x.fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkGetOrCreateInfoSections: (items: InfoSectionLookup[], o?: InfoSectionFieldOptions) =>
      x.bulk<BulkAnswer<InfoSection>>(
        'bulkGetOrCreateInfoSections',
        'get-or-create',
        { infoSections: items, ...x.fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkDeleteInfoSections: (ids: string[], o?: CallOptions) =>
      x.bulk<BulkAnswer<InfoSection>>('bulkDeleteInfoSections', 'delete', { infoSectionIds: ids }, [ids], o),
  };
}

export type InfoSectionsModule = ReturnType<typeof infoSections>;

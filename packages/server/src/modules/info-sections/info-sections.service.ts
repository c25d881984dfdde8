import {
  infoSectionErrorCodes as codes,
  type InfoSectionRequestedField,
  infoSectionEventTypes,
  type RichContent,
  richContentSchema,
} from '@merx/contract';
import { type EntityQuerySpec, ValidationError } from '@merx/domain';
import type { Who } from '../../events/identity.js';
import { htmlToRich, richToHtml } from '../../lib/rich-text/index.js';
import type { ModuleDeps } from '../module.js';
import { entityRepo, type NamedRecord, recordOf } from '../ribbons-brands/named-entities.repo.js';
import { createEntityCore, type Draft } from '../ribbons-brands/named-entities.service.js';
import { productsFollowSection, sectionProductCounts } from './product-links.js';

/** An info section: the named entity's columns (`name` is the unique name), a title and the description twice. */
export interface InfoSectionRecord extends NamedRecord {
  title: string;
  description: RichContent;
  /** `description` rendered as HTML once, when written (the wire's `plainDescription`). */
  descriptionHtml: string;
}

type Fields = readonly InfoSectionRequestedField[] | undefined;

/** The description fields of a request: rich content wins; otherwise HTML read into rich content. */
export interface DescriptionInput {
  description?: RichContent | null | undefined;
  plainDescription?: string | null | undefined;
}

export interface InfoSectionWrite extends DescriptionInput {
  uniqueName?: string | null | undefined;
  title?: string | null | undefined;
}

/** What a query may filter and sort on (the package's builder offers these five). */
const querySpec: EntityQuerySpec = {
  table: 'info_sections',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    uniqueName: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
    title: { kind: 'column', column: 'title', type: 'string', sortable: true, notNull: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'ASC' }],
};

/** Storage: the named entity's repo over `info_sections`, with the section's own columns. */
export const infoSectionsRepo = entityRepo<InfoSectionRecord>({
  table: 'info_sections',
  recordOf: (row) => ({
    ...recordOf(row),
    title: String(row.title),
    description: JSON.parse(String(row.description)) as RichContent,
    descriptionHtml: String(row.description_html),
  }),
  extraRow: (r) => ({
    title: r.title,
    description: JSON.stringify(r.description),
    description_html: r.descriptionHtml,
  }),
  // Products referencing a section keep inline copies of it, rewritten on every write (decision 0030).
  afterReplace: (ex, r) => productsFollowSection(ex, r.id, r.updatedDate),
  afterDelete: (ex, id, now) => productsFollowSection(ex, id, now, true),
  productCounts: sectionProductCounts,
});

/**
 * The stored description of a request: the rich content sent, or the HTML sent read into rich content (and checked
 * against the same schema, so an HTML description too large for the model is refused on `plainDescription`). The
 * HTML stored is always the rendering of the rich content. Undefined when neither was sent.
 */
export function descriptionOf(
  input: DescriptionInput,
  path: string,
): { description: RichContent; descriptionHtml: string } | undefined {
  let doc = input.description ?? undefined;
  if (!doc && typeof input.plainDescription === 'string') {
    const parsed = richContentSchema.safeParse(htmlToRich(input.plainDescription));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ValidationError([
        {
          field: `${path}.plainDescription`,
          description: `does not fit the rich-content model: ${issue?.message ?? 'invalid'}`,
          violatedRule: 'VALIDATION',
        },
      ]);
    }
    doc = parsed.data;
  }
  return doc ? { description: doc, descriptionHtml: richToHtml(doc) } : undefined;
}

const EMPTY: RichContent = { nodes: [] };

/**
 * Info sections v3 (docs/decisions/0024-info-sections.md) on the named catalog entities' machinery: compare-and-set
 * on the revision, a unique name used once whatever its case, cursor paging, a result per bulk item, events in the
 * outbox.
 */
export function createInfoSectionsService(deps: ModuleDeps) {
  const core = createEntityCore<InfoSectionRecord>(deps, {
    one: 'infoSection',
    noun: 'info section',
    article: 'An',
    nameField: 'uniqueName',
    countField: 'assignedProductsCount',
    notFoundCode: codes.notFound,
    alreadyExistsCode: codes.alreadyExists,
    events: infoSectionEventTypes,
    repo: infoSectionsRepo,
    querySpec,
    wireExtra: (r) => ({ title: r.title, description: r.description, plainDescription: r.descriptionHtml }),
    // The package types `modifiedFields` as a partial entity: the fields written, with their new values.
    modifiedFieldsOf: (fields, entity) =>
      Object.fromEntries(
        fields.map((f) => (f === 'descriptionHtml' ? ['plainDescription', entity.plainDescription] : [f, entity[f]])),
      ),
  });

  /** The record a create writes; `path` prefixes the fields named in errors. */
  function draftOf(input: InfoSectionWrite, path: string): Draft<InfoSectionRecord> {
    if (!input.title) {
      throw new ValidationError([
        {
          field: `${path}.title`,
          description: 'is required to create an info section',
          violatedRule: 'REQUIRED_FIELD',
        },
      ]);
    }
    const described = descriptionOf(input, path) ?? { description: EMPTY, descriptionHtml: '' };
    return { name: input.uniqueName ?? '', title: input.title, ...described };
  }

  /** The fields an update writes: those sent (and, in a bulk update with a field mask, named by the mask). */
  function patchOf(input: InfoSectionWrite, path: string, mask?: readonly string[] | null) {
    const wanted = (field: string) => !mask || mask.length === 0 || mask.includes(field);
    const describedWanted = wanted('description') || wanted('plainDescription');
    const described = describedWanted ? descriptionOf(input, path) : undefined;
    const patch: Partial<Draft<InfoSectionRecord>> = {};
    if (input.uniqueName && wanted('uniqueName')) patch.name = input.uniqueName;
    if (input.title && wanted('title')) patch.title = input.title;
    if (described) Object.assign(patch, described);
    return patch;
  }

  async function getOrCreate(input: InfoSectionWrite & { id?: string | null | undefined }, path: string, who?: Who) {
    if (input.id) return core.find(input.id);
    const name = input.uniqueName ?? '';
    return core.getOrCreate(name, () => draftOf(input, path), `${path}.uniqueName`, who);
  }

  return {
    create: async (input: InfoSectionWrite, who?: Who) =>
      core.wire(await core.create(draftOf(input, 'infoSection'), 'infoSection.uniqueName', who), undefined),
    get: async (id: string, fields: Fields) => core.wire(await core.find(id), fields),
    update: async (id: string, revision: string, input: InfoSectionWrite, fields: Fields, who?: Who) =>
      core.wire(await core.update(id, revision, patchOf(input, 'infoSection'), 'infoSection.uniqueName', who), fields),
    delete: core.remove,
    getOrCreate: async (input: InfoSectionWrite & { id?: string | null }, fields: Fields, who?: Who) =>
      core.wire(await getOrCreate(input, 'infoSection', who), fields),
    query: core.query,
    count: core.count,

    bulkCreate: (items: readonly InfoSectionWrite[], returnEntity: boolean, who?: Who) =>
      core.eachItem(
        items,
        async (item, i) => {
          const path = `infoSections[${i}]`;
          const record = await core.create(draftOf(item, path), `${path}.uniqueName`, who);
          return { id: record.id, record };
        },
        returnEntity,
        undefined,
      ),

    bulkUpdate: (
      items: ReadonlyArray<{
        infoSection: InfoSectionWrite & { id: string; revision: string };
        fieldMask?: string[] | null;
      }>,
      returnEntity: boolean,
      fields: Fields,
      who?: Who,
    ) =>
      core.eachItem(
        items,
        async ({ infoSection, fieldMask }, i) => {
          const path = `infoSections[${i}].infoSection`;
          const patch = patchOf(infoSection, path, fieldMask);
          const record = await core.update(infoSection.id, infoSection.revision, patch, `${path}.uniqueName`, who);
          return { id: record.id, record };
        },
        returnEntity,
        fields,
      ),

    bulkGetOrCreate: (items: ReadonlyArray<InfoSectionWrite & { id?: string | null }>, fields: Fields, who?: Who) =>
      core.eachItem(
        items,
        async (item, i) => {
          const record = await getOrCreate(item, `infoSections[${i}]`, who);
          return { id: record.id, record };
        },
        true,
        fields,
      ),

    bulkDelete: core.bulkDelete,
  };
}

export type InfoSectionsService = ReturnType<typeof createInfoSectionsService>;

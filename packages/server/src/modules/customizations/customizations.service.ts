import {
  type CustomizationChoiceInput,
  type CustomizationCreateInput,
  type CustomizationRenderType,
  type CustomizationRequestedField,
  type CustomizationType,
  type CustomizationUpdateInput,
  customizationErrorCodes as codes,
  customizationEventTypes,
  type FreeTextInput,
} from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError, type EntityQuerySpec, type FieldViolation, ValidationError } from '@merx/domain';
import type { Who } from '../../events/identity.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import { entityRepo, type NamedRecord, nameKey, recordOf } from '../ribbons-brands/named-entities.repo.js';
import { createEntityCore, type Draft } from '../ribbons-brands/named-entities.service.js';

/** A stored choice (the wire's choice without derived fields). */
export interface StoredChoice {
  id: string;
  choiceType: 'CHOICE_TEXT' | 'ONE_COLOR';
  name: string;
  colorCode?: string;
  displayImage?: Record<string, unknown>;
  image?: Record<string, unknown>;
  defaultAddedPrice?: string;
  primaryChoiceIds?: string[];
}

export interface StoredFreeText {
  minCharCount: number;
  maxCharCount: number;
  title: string;
  defaultAddedPrice?: string;
}

/** A customization: the named entity's columns, its type and render type, and its choices or free-text settings. */
export interface CustomizationRecord extends NamedRecord {
  customizationType: CustomizationType;
  renderType: CustomizationRenderType;
  choices: StoredChoice[] | null;
  freeText: StoredFreeText | null;
}

type Fields = readonly CustomizationRequestedField[] | undefined;

/** The render types each type allows: an option makes variants from choices; only a modifier takes free text. */
const ALLOWED_RENDER: Record<CustomizationType, readonly CustomizationRenderType[]> = {
  PRODUCT_OPTION: ['TEXT_CHOICES', 'SWATCH_CHOICES'],
  MODIFIER: ['TEXT_CHOICES', 'SWATCH_CHOICES', 'FREE_TEXT'],
};

const querySpec: EntityQuerySpec = {
  table: 'customizations',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
    customizationType: { kind: 'column', column: 'customization_type', type: 'string', sortable: true, notNull: true },
    customizationRenderType: { kind: 'column', column: 'render_type', type: 'string', sortable: true, notNull: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'DESC' }],
  // The package: "createdDate is sorted in DESC order" by default.
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
};

/** A read-only key from a name: lower-cased, trimmed, inner spaces kept as one. */
const keyOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 50);

/** Storage: the named entity's repo over `customizations`; the name is unique per type (`name_key` carries it). */
export const customizationsRepo = entityRepo<CustomizationRecord>({
  table: 'customizations',
  recordOf: (row) => {
    const settings = JSON.parse(String(row.settings)) as { choices?: StoredChoice[]; freeTextInput?: StoredFreeText };
    return {
      ...recordOf(row),
      customizationType: row.customization_type as CustomizationType,
      renderType: row.render_type as CustomizationRenderType,
      choices: settings.choices ?? null,
      freeText: settings.freeTextInput ?? null,
    };
  },
  extraRow: (r) => ({
    name_key: `${r.customizationType}:${nameKey(r.name)}`,
    customization_type: r.customizationType,
    render_type: r.renderType,
    settings: JSON.stringify(r.freeText ? { freeTextInput: r.freeText } : { choices: r.choices ?? [] }),
  }),
  // No product references a customization yet: v1 products keep their options inline, and v3 products reference
  // these entities when the v3 write side lands (decision 0025). The count is honest: none.
  productCounts: async (_ex: Executor, ids: readonly string[]) => new Map(ids.map((id) => [id, 0])),
});

function wireChoice(c: StoredChoice) {
  return {
    id: c.id,
    choiceType: c.choiceType,
    key: keyOf(c.name),
    name: c.name,
    ...(c.colorCode ? { colorCode: c.colorCode } : {}),
    ...(c.displayImage ? { displayImage: c.displayImage } : {}),
    ...(c.image ? { image: c.image } : {}),
    ...(c.defaultAddedPrice ? { defaultAddedPrice: c.defaultAddedPrice } : {}),
    ...(c.primaryChoiceIds?.length ? { primaryChoiceIds: c.primaryChoiceIds } : {}),
  };
}

function wireExtra(r: CustomizationRecord): Record<string, unknown> {
  return {
    key: keyOf(r.name),
    customizationType: r.customizationType,
    customizationRenderType: r.renderType,
    ...(r.freeText
      ? { freeTextInput: { ...r.freeText, key: keyOf(r.freeText.title) } }
      : { choicesSettings: { choices: (r.choices ?? []).map(wireChoice) } }),
  };
}

/** A violation; `ruleName` (the package's rule names) goes in its `data`. */
function violation(field: string, description: string, ruleName = 'VALIDATION'): FieldViolation {
  const violatedRule =
    ruleName === 'REQUIRED_FIELD'
      ? 'REQUIRED_FIELD'
      : ruleName === 'IMMUTABLE_FIELD'
        ? 'FIELD_NOT_ALLOWED'
        : 'VALIDATION';
  return { field, description, violatedRule, ...(ruleName === violatedRule ? {} : { data: { ruleName } }) };
}

function refuse(violations: FieldViolation[]) {
  if (violations.length > 0) throw new ValidationError(violations);
}

/**
 * The choices of a customization of `renderType` after a write: each choice's type fits the render type, a swatch has
 * a colour or an image, names are unique within the customization (any case), primary choices name another choice of
 * the list that is itself primary. `path(i)` names the i-th choice of the request; `known` are ids kept from before.
 */
function checkChoices(
  renderType: CustomizationRenderType,
  list: readonly StoredChoice[],
  path: (i: number) => string,
): void {
  const violations: FieldViolation[] = [];
  const expected = renderType === 'SWATCH_CHOICES' ? 'ONE_COLOR' : 'CHOICE_TEXT';
  const seen = new Map<string, number>();
  const ids = new Map(list.map((c) => [c.id, c]));
  for (const [i, c] of list.entries()) {
    if (c.choiceType !== expected) {
      violations.push(
        violation(`${path(i)}.choiceType`, `must be ${expected} for ${renderType}`, 'INVALID_CHOICE_TYPE'),
      );
    }
    if (renderType === 'SWATCH_CHOICES' && !c.colorCode && !c.displayImage && !c.image) {
      violations.push(
        violation(`${path(i)}.colorCode`, 'a swatch choice needs a colour code or an image', 'INVALID_CHOICE_VALUE'),
      );
    }
    if (renderType === 'TEXT_CHOICES' && c.colorCode) {
      violations.push(violation(`${path(i)}.colorCode`, 'is only for swatch choices', 'INVALID_CHOICE_VALUE'));
    }
    const k = c.name.trim().toLowerCase();
    const first = seen.get(k);
    if (first !== undefined) {
      // Both are named: either may be the one the request wrote (an added, renamed or reordered choice).
      for (const at of [first, i]) {
        violations.push(
          violation(
            `${path(at)}.name`,
            `"${c.name}" is used by two choices of this customization`,
            'DUPLICATE_CHOICE_NAME',
          ),
        );
      }
    } else seen.set(k, i);
    for (const [j, p] of (c.primaryChoiceIds ?? []).entries()) {
      const primary = ids.get(p);
      if (p === c.id)
        violations.push(
          violation(
            `${path(i)}.primaryChoiceIds[${j}]`,
            'a choice cannot be its own primary',
            'PRIMARY_CHOICE_SELF_REFERENCE',
          ),
        );
      else if (!primary)
        violations.push(
          violation(
            `${path(i)}.primaryChoiceIds[${j}]`,
            'names no choice of this customization',
            'PRIMARY_CHOICE_NOT_FOUND',
          ),
        );
      else if (primary.primaryChoiceIds?.length)
        violations.push(
          violation(
            `${path(i)}.primaryChoiceIds[${j}]`,
            'names a linked choice: only one level of grouping',
            'PRIMARY_CHOICE_HIERARCHY_VIOLATION',
          ),
        );
    }
  }
  refuse(violations);
}

/** A stored choice from a request's; `id` is kept when `keepId` says it names a choice already there. */
function storedChoice(
  input: Partial<CustomizationChoiceInput>,
  renderType: CustomizationRenderType,
  id: string,
  before?: StoredChoice,
): StoredChoice {
  const choice: StoredChoice = {
    id,
    choiceType:
      input.choiceType ?? before?.choiceType ?? (renderType === 'SWATCH_CHOICES' ? 'ONE_COLOR' : 'CHOICE_TEXT'),
    name: (input.name ?? before?.name ?? '').trim(),
  };
  const colorCode = input.colorCode === undefined ? before?.colorCode : input.colorCode;
  const displayImage = input.displayImage === undefined ? before?.displayImage : input.displayImage;
  const image = input.image === undefined ? before?.image : input.image;
  const price = input.defaultAddedPrice === undefined ? before?.defaultAddedPrice : input.defaultAddedPrice;
  const primary = input.primaryChoiceIds === undefined ? before?.primaryChoiceIds : input.primaryChoiceIds;
  if (colorCode) choice.colorCode = colorCode;
  if (displayImage) choice.displayImage = displayImage as Record<string, unknown>;
  if (image) choice.image = image as Record<string, unknown>;
  if (price) choice.defaultAddedPrice = price;
  if (primary?.length) choice.primaryChoiceIds = [...primary];
  return choice;
}

function storedFreeText(input: FreeTextInput, path: string): StoredFreeText {
  const min = input.minCharCount ?? 0;
  const max = input.maxCharCount ?? 500;
  refuse(
    min > max
      ? [violation(`${path}.minCharCount`, 'must not be above maxCharCount', 'INVALID_FREE_TEXT_SETTINGS')]
      : [],
  );
  return {
    minCharCount: min,
    maxCharCount: max,
    title: input.title,
    ...(input.defaultAddedPrice ? { defaultAddedPrice: input.defaultAddedPrice } : {}),
  };
}

/** The record a create writes, with every rule checked; `path` names the customization in the request. */
export function draftOf(input: CustomizationCreateInput, path: string): Draft<CustomizationRecord> {
  const { customizationType: type, customizationRenderType: render } = input;
  if (!ALLOWED_RENDER[type].includes(render)) {
    refuse([
      violation(
        `${path}.customizationRenderType`,
        `${render} is not allowed for ${type} (allowed: ${ALLOWED_RENDER[type].join(', ')})`,
        'INVALID_CUSTOMIZATION_RENDER_TYPE',
      ),
    ]);
  }
  if (render === 'FREE_TEXT') {
    const violations: FieldViolation[] = [];
    if (!input.freeTextInput)
      violations.push(violation(`${path}.freeTextInput`, 'is required for FREE_TEXT', 'REQUIRED_FIELD'));
    if (input.choicesSettings?.choices.length)
      violations.push(violation(`${path}.choicesSettings`, 'FREE_TEXT has no choices', 'DOESNT_SUPPORT_CHOICES'));
    refuse(violations);
    return {
      name: input.name,
      customizationType: type,
      renderType: render,
      choices: null,
      freeText: storedFreeText(input.freeTextInput as FreeTextInput, `${path}.freeTextInput`),
    };
  }
  const sent = input.choicesSettings?.choices ?? [];
  const violations: FieldViolation[] = [];
  if (sent.length === 0)
    violations.push(
      violation(`${path}.choicesSettings.choices`, `${render} needs at least one choice`, 'REQUIRED_FIELD'),
    );
  if (input.freeTextInput)
    violations.push(
      violation(`${path}.freeTextInput`, `is only for FREE_TEXT, not ${render}`, 'DOESNT_SUPPORT_FREE_TEXT'),
    );
  refuse(violations);
  // Ids sent on create are read-only: new ones are given, and a primary choice is named by the id the request used.
  const idMap = new Map<string, string>();
  const ids = sent.map((c) => {
    const id = newId();
    if (c.id) idMap.set(c.id, id);
    return id;
  });
  const choices = sent.map((c, i) =>
    storedChoice(
      { ...c, primaryChoiceIds: c.primaryChoiceIds?.map((p) => idMap.get(p) ?? p) },
      render,
      ids[i] as string,
    ),
  );
  checkChoices(render, choices, (i) => `${path}.choicesSettings.choices[${i}]`);
  return { name: input.name, customizationType: type, renderType: render, choices, freeText: null };
}

/**
 * Customizations v3 (docs/decisions/0025-customizations.md) on the named catalog entities' machinery: a name unique
 * per type whatever its case, compare-and-set on the revision, cursor paging, a result per bulk item, events in the
 * outbox. Choices are changed through their own calls, each a compare-and-set write of the whole customization.
 */
export function createCustomizationsService(deps: ModuleDeps) {
  const core = createEntityCore<CustomizationRecord>(deps, {
    one: 'customization',
    noun: 'customization',
    article: 'A',
    nameField: 'name',
    countField: 'assignedProductsCount',
    notFoundCode: codes.notFound,
    alreadyExistsCode: codes.alreadyExists,
    events: customizationEventTypes,
    repo: customizationsRepo,
    querySpec,
    wireExtra,
    // The package types `modifiedFields` as a partial entity: the fields written, with their new values.
    modifiedFieldsOf: (fields, entity) =>
      Object.fromEntries(
        fields.flatMap((f) => {
          if (f === 'choices') return [['choicesSettings', entity.choicesSettings]];
          if (f === 'freeText') return [['freeTextInput', entity.freeTextInput]];
          return f in entity ? [[f, entity[f]]] : [];
        }),
      ),
  });

  /** Only the count is a requested field the core knows; the display image is always shown. */
  const countFields = (fields: Fields) => fields?.filter((f) => f !== 'CHOICE_DISPLAY_IMAGE');
  const wire = (r: CustomizationRecord, fields: Fields) => core.wire(r, countFields(fields));

  function patchOf(
    before: CustomizationRecord,
    input: CustomizationUpdateInput,
    path: string,
    mask?: readonly string[] | null,
  ) {
    const wanted = (field: string) => !mask || mask.length === 0 || mask.includes(field);
    const violations: FieldViolation[] = [];
    if (
      wanted('customizationType') &&
      input.customizationType &&
      input.customizationType !== before.customizationType
    ) {
      violations.push(violation(`${path}.customizationType`, 'is immutable', 'IMMUTABLE_FIELD'));
    }
    if (
      wanted('customizationRenderType') &&
      input.customizationRenderType &&
      input.customizationRenderType !== before.renderType
    ) {
      violations.push(violation(`${path}.customizationRenderType`, 'is immutable', 'IMMUTABLE_FIELD'));
    }
    if (wanted('freeTextInput') && input.freeTextInput && before.renderType !== 'FREE_TEXT') {
      violations.push(
        violation(
          `${path}.freeTextInput`,
          `is only for FREE_TEXT, not ${before.renderType}`,
          'DOESNT_SUPPORT_FREE_TEXT',
        ),
      );
    }
    refuse(violations);
    const patch: Partial<Draft<CustomizationRecord>> = {};
    if (input.name && wanted('name')) patch.name = input.name;
    if (input.freeTextInput && wanted('freeTextInput'))
      patch.freeText = storedFreeText(input.freeTextInput, `${path}.freeTextInput`);
    return patch;
  }

  async function update(
    id: string,
    input: CustomizationUpdateInput,
    path: string,
    mask: readonly string[] | null | undefined,
    who: Who | undefined,
  ) {
    const before = await core.find(id);
    return core.update(id, input.revision, patchOf(before, input, path, mask), `${path}.name`, who);
  }

  /** A customization that has choices, or DOESNT_SUPPORT_CHOICES. */
  async function withChoices(id: string) {
    const r = await core.find(id);
    if (r.renderType === 'FREE_TEXT' || !r.choices) {
      throw new AppError('INVALID_ARGUMENT', codes.doesntSupportChoices, 'A FREE_TEXT customization has no choices', {
        customizationId: id,
      });
    }
    return r as CustomizationRecord & { choices: StoredChoice[] };
  }

  /** Writes new choices over the customization (compare-and-set on `revision`, the one read when none is sent). */
  async function writeChoices(
    r: CustomizationRecord,
    choices: StoredChoice[],
    revision: string | null | undefined,
    path: (i: number) => string,
    who: Who | undefined,
  ) {
    checkChoices(r.renderType, choices, path);
    return core.update(r.id, revision ?? String(r.revision), { choices }, 'customization.name', who);
  }

  async function addChoices(id: string, sent: readonly CustomizationChoiceInput[], prefix: string, who?: Who) {
    const r = await withChoices(id);
    const added = sent.map((c) => storedChoice(c, r.renderType, newId()));
    const offset = r.choices.length;
    // A violation names the request's choice (`choices[i]`), the new ones coming after the ones already there.
    return writeChoices(
      r,
      [...r.choices, ...added],
      undefined,
      (i) => (i >= offset ? `${prefix}[${i - offset}]` : `customization.choicesSettings.choices[${i}]`),
      who,
    );
  }

  const notFoundChoices = (id: string, missing: string[]) =>
    new AppError('NOT_FOUND', codes.choiceNotFound, `No choice ${missing.join(', ')} in this customization`, {
      customizationId: id,
      choiceIds: missing,
    });

  return {
    create: async (input: CustomizationCreateInput, who?: Who) =>
      wire(await core.create(draftOf(input, 'customization'), 'customization.name', who), undefined),
    get: async (id: string, fields: Fields) => wire(await core.find(id), fields),
    update: async (id: string, input: CustomizationUpdateInput, fields: Fields, who?: Who) =>
      wire(await update(id, input, 'customization', undefined, who), fields),
    delete: core.remove,
    query: (query: unknown, fields: Fields) => core.query(query, countFields(fields)),
    count: core.count,

    addChoices: async (id: string, choices: readonly CustomizationChoiceInput[], fields: Fields, who?: Who) =>
      wire(await addChoices(id, choices, 'choices', who), fields),

    setChoices: async (id: string, sent: readonly CustomizationChoiceInput[], fields: Fields, who?: Who) => {
      const r = await withChoices(id);
      const old = new Map(r.choices.map((c) => [c.id, c]));
      const choices = sent.map((c) => storedChoice(c, r.renderType, c.id && old.has(c.id) ? c.id : newId()));
      return wire(await writeChoices(r, choices, undefined, (i) => `choices[${i}]`, who), fields);
    },

    removeChoices: async (
      id: string,
      choiceIds: readonly string[],
      revision: string | null | undefined,
      fields: Fields,
      who?: Who,
    ) => {
      const r = await withChoices(id);
      const gone = new Set(choiceIds);
      const missing = choiceIds.filter((c) => !r.choices.some((x) => x.id === c));
      if (missing.length) throw notFoundChoices(id, missing);
      const kept = r.choices
        .filter((c) => !gone.has(c.id))
        .map((c) => {
          const primary = c.primaryChoiceIds?.filter((p) => !gone.has(p));
          const { primaryChoiceIds: _p, ...rest } = c;
          return primary?.length ? { ...rest, primaryChoiceIds: primary } : rest;
        });
      if (kept.length === 0) {
        refuse([
          violation(
            'choiceIds',
            'would leave the customization without choices',
            'NOT_ALLOWED_CUSTOMIZATION_WITHOUT_CHOICES',
          ),
        ]);
      }
      return wire(
        await writeChoices(r, kept, revision, (i) => `customization.choicesSettings.choices[${i}]`, who),
        fields,
      );
    },

    updateChoices: async (
      id: string,
      revision: string,
      sent: ReadonlyArray<{ choice: Partial<CustomizationChoiceInput> & { id: string } }>,
      fields: Fields,
      who?: Who,
    ) => {
      const r = await withChoices(id);
      const missing = sent.map((s) => s.choice.id).filter((c) => !r.choices.some((x) => x.id === c));
      if (missing.length) throw notFoundChoices(id, missing);
      const violations = sent.flatMap((s, i) =>
        s.choice.choiceType && s.choice.choiceType !== r.choices.find((c) => c.id === s.choice.id)?.choiceType
          ? [violation(`choices[${i}].choice.choiceType`, 'is immutable', 'UNSUPPORTED_CHOICE_FIELD')]
          : [],
      );
      refuse(violations);
      const byId = new Map(sent.map((s) => [s.choice.id, s.choice]));
      const choices = r.choices.map((c) => {
        const change = byId.get(c.id);
        return change ? storedChoice(change, r.renderType, c.id, c) : c;
      });
      const index = new Map(sent.map((s, i) => [s.choice.id, i]));
      return wire(
        await writeChoices(
          r,
          choices,
          revision,
          (i) => {
            const sentAt = index.get(choices[i]?.id ?? '');
            return sentAt === undefined ? `customization.choicesSettings.choices[${i}]` : `choices[${sentAt}].choice`;
          },
          who,
        ),
        fields,
      );
    },

    reorderChoices: async (id: string, revision: string, choiceIds: readonly string[], fields: Fields, who?: Who) => {
      const r = await withChoices(id);
      const have = new Set(r.choices.map((c) => c.id));
      const sent = new Set(choiceIds);
      const missingIds = [...have].filter((c) => !sent.has(c));
      const extraIds = [...sent].filter((c) => !have.has(c));
      if (missingIds.length || extraIds.length || sent.size !== choiceIds.length) {
        throw new AppError(
          'INVALID_ARGUMENT',
          codes.choiceIdsMismatch,
          'choiceIds must name every choice of the customization once',
          { missingIds, extraIds },
        );
      }
      const byId = new Map(r.choices.map((c) => [c.id, c]));
      const choices = choiceIds.map((c) => byId.get(c) as StoredChoice);
      return wire(await writeChoices(r, choices, revision, (i) => `choiceIds[${i}]`, who), fields);
    },

    bulkCreate: (items: readonly CustomizationCreateInput[], returnEntity: boolean, who?: Who) => {
      // Every item's rules are checked first: a request breaking them is refused whole, before anything is written.
      const drafts = items.map((item, i) => draftOf(item, `customizations[${i}]`));
      return core.eachItem(
        drafts,
        async (draft, i) => {
          const record = await core.create(draft, `customizations[${i}].name`, who);
          return { id: record.id, record };
        },
        returnEntity,
        undefined,
      );
    },

    bulkUpdate: (
      items: ReadonlyArray<{ customization: CustomizationUpdateInput & { id: string }; fieldMask?: string[] | null }>,
      returnEntity: boolean,
      fields: Fields,
      who?: Who,
    ) =>
      core.eachItem(
        items,
        async ({ customization, fieldMask }, i) => {
          const at = `customizations[${i}].customization`;
          const record = await update(customization.id, customization, at, fieldMask, who);
          return { id: record.id, record };
        },
        returnEntity,
        countFields(fields),
      ),

    bulkAddChoices: (
      items: ReadonlyArray<{ customizationId: string; choices: CustomizationChoiceInput[] }>,
      returnEntity: boolean,
      fields: Fields,
      who?: Who,
    ) =>
      core.eachItem(
        items,
        async (item, i) => {
          const at = `customizationsChoices[${i}].choices`;
          const record = await addChoices(item.customizationId, item.choices, at, who);
          return { id: record.id, record };
        },
        returnEntity,
        countFields(fields),
      ),
  };
}

export type CustomizationsService = ReturnType<typeof createCustomizationsService>;

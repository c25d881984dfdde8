import type { EventType } from '@merx/contract';
import { applyFilter, runQuery, withTransaction } from '@merx/db';
import { AppError, type EntityQuerySpec, notFound, parseQuery, ValidationError } from '@merx/domain';
import { sql } from 'kysely';
import { identityOf, type Who } from '../../events/identity.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import {
  type EntityRepo,
  isUniqueViolation,
  type NamedRecord,
  type NamedRepo,
  type NamedRow,
  type ProductColumn,
} from './named-entities.repo.js';

/** What differs between the named catalog entities (ribbons, brands, info sections). */
export interface EntityKind<R extends NamedRecord> {
  /** The entity's name on the wire (`ribbon`, `brand`, `infoSection`); `<one>Id` names it in errors. */
  one: string;
  /** How messages name it (`ribbon`, `info section`) and its article (`A`, `An`). */
  noun: string;
  article: 'A' | 'An';
  /** Wire name of the unique name (`name`; `uniqueName` for info sections). */
  nameField: string;
  /** Wire name of the product count (`assignedProductCount` for ribbons, `assignedProductsCount` otherwise). */
  countField: string;
  notFoundCode: string;
  alreadyExistsCode: string;
  events: { created: EventType; updated: EventType; deleted: EventType };
  repo: EntityRepo<R>;
  querySpec: EntityQuerySpec;
  /** The entity's own wire fields (none for ribbons and brands). */
  wireExtra?(r: R): Record<string, unknown>;
  /** `modifiedFields` of an updated event from the wire names of the fields written (default: that list). */
  modifiedFieldsOf?(fields: string[], after: Record<string, unknown>): unknown;
}

/** What differs between ribbons and brands. */
export interface NamedKind {
  /** `ribbon` or `brand`: the entity's name on the wire and the product column. */
  one: ProductColumn;
  /** Wire name of the product count (`assignedProductCount` for ribbons, `assignedProductsCount` for brands). */
  countField: string;
  notFoundCode: string;
  alreadyExistsCode: string;
  events: { created: EventType; updated: EventType; deleted: EventType };
  repo: NamedRepo;
  querySpec: EntityQuerySpec;
}

/** `fields` of a request: either spelling of the product count asks for it (docs/decisions/0020). */
export type RequestedFields = readonly string[] | undefined;

export interface EntityPatch {
  revision: string;
  name?: string | undefined;
}

/** What a write gives an entity: every field but the id, the dates and the revision. */
export type Draft<R extends NamedRecord> = Omit<R, 'id' | 'createdDate' | 'updatedDate' | 'revision'>;

export interface ItemResult {
  itemMetadata: {
    id: string | null;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data: Record<string, unknown> };
  };
  item?: Record<string, unknown>;
}

function failureOf(error: unknown) {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  // A field only an item's lookup can find wrong (an info section to create without a title): that item fails.
  if (error instanceof ValidationError) {
    return { code: 'INVALID_ARGUMENT', description: error.message, data: { violations: error.violations } };
  }
  throw error;
}

/** A filter sent at the top of the request (count): violations name `filter.…`, not `query.filter.…`. */
function parseTopLevelFilter(filter: unknown, spec: EntityQuerySpec) {
  try {
    return parseQuery({ filter }, spec, { path: '' });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.violations.map((v) => ({ ...v, field: v.field.replace(/^\./, '') })));
  }
}

function bulkAnswer(results: ItemResult[]) {
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
  };
}

/**
 * The machinery of one named catalog entity (ribbon, brand, info section; docs/decisions/0020 and 0024): create,
 * read, write with compare-and-set on the revision, delete, query with cursor paging, count, get-or-create, and a
 * result per item for bulk calls. Every write is one transaction with its outbox event.
 */
export function createEntityCore<R extends NamedRecord>(deps: ModuleDeps, kind: EntityKind<R>) {
  const { repo } = kind;
  const idKey = `${kind.one}Id`;
  const subject = `${kind.noun.charAt(0).toUpperCase()}${kind.noun.slice(1)}`;

  const missing = (id: string) => notFound(kind.notFoundCode, `${subject} not found`, { [idKey]: id });
  const taken = (name: string, field: string) =>
    new AppError(
      'ALREADY_EXISTS',
      kind.alreadyExistsCode,
      `${kind.article} ${kind.noun} named "${name}" already exists`,
      {
        field,
        name,
      },
    );
  const stale = (id: string, current: number) =>
    new AppError(
      'FAILED_PRECONDITION',
      'CONCURRENT_MODIFICATION',
      `The ${kind.noun} was changed since that revision was read (it is now ${current}); read it again and retry`,
      { [idKey]: id, currentRevision: String(current) },
    );

  const wantsCount = (fields: RequestedFields) => (fields?.length ?? 0) > 0;

  function wireOf(r: R, count?: number): Record<string, unknown> {
    return {
      id: r.id,
      revision: String(r.revision),
      createdDate: r.createdDate,
      updatedDate: r.updatedDate,
      [kind.nameField]: r.name,
      ...(kind.wireExtra?.(r) ?? {}),
      ...(count === undefined ? {} : { [kind.countField]: count }),
    };
  }

  async function wireMany(records: R[], fields: RequestedFields) {
    if (!wantsCount(fields)) return records.map((r) => wireOf(r));
    const counts = await repo.productCounts(
      deps.db,
      records.map((r) => r.id),
    );
    return records.map((r) => wireOf(r, counts.get(r.id) ?? 0));
  }

  async function wire(r: R, fields: RequestedFields) {
    return (await wireMany([r], fields))[0] as Record<string, unknown>;
  }

  /** Runs a write; a unique-name failure (a racing write took the name) becomes ALREADY_EXISTS. */
  async function guardName<T>(name: string, field: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(name.trim(), field);
      throw error;
    }
  }

  /** Stores a new entity; its event names `who` (the request's caller). */
  async function create(draft: Draft<R>, field: string, who?: Who): Promise<R> {
    const now = deps.clock.now().toISOString();
    const record = {
      ...draft,
      id: newId(),
      name: draft.name.trim(),
      createdDate: now,
      updatedDate: now,
      revision: 1,
    } as R;
    return guardName(draft.name, field, () =>
      withTransaction(deps.db, async (uow) => {
        if (!(await repo.insert(uow.trx, record))) throw taken(record.name, field);
        await deps.outbox.append(uow, {
          type: kind.events.created,
          entityId: record.id,
          payload: { entity: wireOf(record) },
          identity: identityOf(who),
        });
        return record;
      }),
    );
  }

  /**
   * Writes the fields of `patch` that are not undefined over the entity whose revision is still `revision`. `field`
   * names the name field of the request in a name conflict; the event names `who`.
   */
  async function update(id: string, revision: string, patch: Partial<Draft<R>>, field: string, who?: Who): Promise<R> {
    const name = patch.name?.trim();
    const written = Object.entries(patch).filter(([, v]) => v !== undefined) as Array<[string, unknown]>;
    return guardName(name ?? '', field, () =>
      withTransaction(deps.db, async (uow) => {
        const before = await repo.find(uow.trx, id);
        if (!before) throw missing(id);
        if (Number(revision) !== before.revision) throw stale(id, before.revision);
        if (name !== undefined) {
          const holder = await repo.findByName(uow.trx, name);
          if (holder && holder.id !== id) throw taken(name, field);
        }
        const after = {
          ...before,
          ...Object.fromEntries(written),
          name: name ?? before.name,
          updatedDate: deps.clock.now().toISOString(),
          revision: before.revision + 1,
        } as R;
        if (!(await repo.replace(uow.trx, after, before.revision))) throw stale(id, before.revision);
        const entity = wireOf(after);
        const fields = written.map(([k]) => (k === 'name' ? kind.nameField : k));
        await deps.outbox.append(uow, {
          type: kind.events.updated,
          entityId: id,
          payload: { entity, modifiedFields: kind.modifiedFieldsOf ? kind.modifiedFieldsOf(fields, entity) : fields },
          identity: identityOf(who),
        });
        return after;
      }),
    );
  }

  async function remove(id: string, who?: Who): Promise<void> {
    await withTransaction(deps.db, async (uow) => {
      const before = await repo.find(uow.trx, id);
      if (!before || !(await repo.delete(uow.trx, id, deps.clock.now().toISOString()))) throw missing(id);
      await deps.outbox.append(uow, {
        type: kind.events.deleted,
        entityId: id,
        payload: { entity: wireOf(before) },
        identity: identityOf(who),
      });
    });
  }

  /** The entity named `name` (any case), created from `draftOf()` when there is none. */
  async function getOrCreate(name: string, draftOf: () => Draft<R>, field: string, who?: Who): Promise<R> {
    const found = await repo.findByName(deps.db, name);
    if (found) return found;
    try {
      return await create(draftOf(), field, who);
    } catch (error) {
      // Another request created it meanwhile: that one is the answer.
      const raced = error instanceof AppError && error.code === kind.alreadyExistsCode;
      const now = raced ? await repo.findByName(deps.db, name) : undefined;
      if (now) return now;
      throw error;
    }
  }

  /** Runs `work` per item; an application error fails that item only. */
  async function eachItem<T>(
    items: readonly T[],
    work: (item: T, index: number) => Promise<{ id: string; record?: R }>,
    returnEntity: boolean,
    fields: RequestedFields,
  ) {
    const results: ItemResult[] = [];
    for (const [originalIndex, item] of items.entries()) {
      try {
        const { id, record } = await work(item, originalIndex);
        const entity = returnEntity && record ? await wire(record, fields) : undefined;
        results.push({ itemMetadata: { id, originalIndex, success: true }, ...(entity ? { item: entity } : {}) });
      } catch (error) {
        const id = error instanceof AppError && typeof error.data[idKey] === 'string' ? error.data[idKey] : null;
        results.push({
          itemMetadata: { id: id as string | null, originalIndex, success: false, error: failureOf(error) },
        });
      }
    }
    return bulkAnswer(results);
  }

  /** The parsed query: cursor paging always (v3 has no offset paging). */
  function parse(rawQuery: unknown, path = 'query') {
    const query = (rawQuery ?? {}) as Record<string, unknown>;
    return parseQuery({ ...query, cursorPaging: query.cursorPaging ?? {} }, kind.querySpec, { path });
  }

  return {
    missing,
    wireOf,
    wire,
    create,
    update,
    remove,
    getOrCreate,
    eachItem,

    async find(id: string): Promise<R> {
      const r = await repo.find(deps.db, id);
      if (!r) throw missing(id);
      return r;
    },

    async query(rawQuery: unknown, fields: RequestedFields) {
      const query = parse(rawQuery);
      const page = await runQuery<NamedRow>({
        base: repo.select(deps.db),
        spec: kind.querySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const items = await wireMany(page.rows.map(repo.recordOf), fields);
      return {
        items,
        pagingMetadata: {
          count: items.length,
          cursors: { next: page.nextCursor, prev: page.prevCursor },
          hasNext: page.nextCursor !== null,
        },
      };
    },

    async count(filter: unknown) {
      const { filter: node } = parseTopLevelFilter(filter, kind.querySpec);
      const row = await applyFilter(deps.db.selectFrom(repo.table as 'ribbons'), node, kind.querySpec)
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirst();
      return { count: Number(row?.n ?? 0) };
    },

    /** A bulk delete's answer: a result per id, without entities. */
    async bulkDelete(ids: readonly string[], who?: Who) {
      const answer = await eachItem(
        ids,
        async (id) => {
          await remove(id, who);
          return { id };
        },
        false,
        undefined,
      );
      return {
        results: answer.results.map(({ itemMetadata }) => ({ itemMetadata })),
        bulkActionMetadata: answer.bulkActionMetadata,
      };
    },
  };
}

export type EntityCore<R extends NamedRecord> = ReturnType<typeof createEntityCore<R>>;

/**
 * One named catalog entity (ribbon or brand, docs/decisions/0020) on the shared machinery: the calls of the ribbon
 * and brand routes, which name the entity by its `name` alone.
 */
export function createNamedEntityService(deps: ModuleDeps, kind: NamedKind) {
  const core = createEntityCore<NamedRecord>(deps, {
    ...kind,
    noun: kind.one,
    article: 'A',
    nameField: 'name',
  });
  type Wire = {
    id: string;
    revision: string;
    createdDate: string;
    updatedDate: string;
    name: string;
  };
  const wire = async (r: NamedRecord, fields: RequestedFields) => (await core.wire(r, fields)) as Wire;
  const patchOf = (patch: EntityPatch) => (patch.name === undefined ? {} : { name: patch.name });

  return {
    wireOf: (r: NamedRecord, count?: number) => core.wireOf(r, count) as Wire,
    create: async (name: string, who?: Who) => wire(await core.create({ name }, `${kind.one}.name`, who), undefined),
    get: async (id: string, fields: RequestedFields) => wire(await core.find(id), fields),
    update: async (id: string, patch: EntityPatch, fields: RequestedFields, who?: Who) =>
      wire(await core.update(id, patch.revision, patchOf(patch), `${kind.one}.name`, who), fields),
    delete: core.remove,
    getOrCreate: async (name: string, fields: RequestedFields, who?: Who) =>
      wire(await core.getOrCreate(name, () => ({ name }), `${kind.one}Name`, who), fields),
    query: core.query,
    count: core.count,

    bulkCreate: (names: readonly string[], returnEntity: boolean, who?: Who) =>
      core.eachItem(
        names,
        async (name, i) => {
          const record = await core.create({ name }, `${kind.one}s[${i}].name`, who);
          return { id: record.id, record };
        },
        returnEntity,
        undefined,
      ),

    bulkUpdate: (
      items: ReadonlyArray<{ id: string; patch: EntityPatch }>,
      returnEntity: boolean,
      fields: RequestedFields,
      who?: Who,
    ) =>
      core.eachItem(
        items,
        async ({ id, patch }, i) => ({
          id,
          record: await core.update(id, patch.revision, patchOf(patch), `${kind.one}s[${i}].${kind.one}.name`, who),
        }),
        returnEntity,
        fields,
      ),

    bulkGetOrCreate: (names: readonly string[], fields: RequestedFields, who?: Who) =>
      core.eachItem(
        names,
        async (name, i) => {
          const record = await core.getOrCreate(name, () => ({ name }), `${kind.one}Names[${i}]`, who);
          return { id: record.id, record };
        },
        true,
        fields,
      ),

    bulkDelete: core.bulkDelete,
  };
}

export type NamedEntityService = ReturnType<typeof createNamedEntityService>;

import type { EventType } from '@merx/contract';
import { applyFilter, runQuery, withTransaction } from '@merx/db';
import { AppError, type EntityQuerySpec, notFound, parseQuery, ValidationError } from '@merx/domain';
import { sql } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import {
  isUniqueViolation,
  type NamedRecord,
  type NamedRepo,
  type NamedRow,
  type ProductColumn,
  recordOf,
} from './named-entities.repo.js';

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

interface ItemResult {
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
 * One named catalog entity (ribbon or brand, docs/decisions/0020): create, read, rename with compare-and-set on
 * the revision, delete (taking it off its products), query with cursor paging, count, get-or-create, and the bulk
 * calls with a result per item. Every write is one transaction with its outbox event.
 */
export function createNamedEntityService(deps: ModuleDeps, kind: NamedKind) {
  const { repo } = kind;
  const subject = kind.one === 'ribbon' ? 'Ribbon' : 'Brand';
  const idKey = `${kind.one}Id`;

  const missing = (id: string) => notFound(kind.notFoundCode, `${subject} not found`, { [idKey]: id });
  const taken = (name: string, field: string) =>
    new AppError('ALREADY_EXISTS', kind.alreadyExistsCode, `A ${kind.one} named "${name}" already exists`, {
      field,
      name,
    });
  const stale = (id: string, current: number) =>
    new AppError(
      'FAILED_PRECONDITION',
      'CONCURRENT_MODIFICATION',
      `The ${kind.one} was changed since that revision was read (it is now ${current}); read it again and retry`,
      { [idKey]: id, currentRevision: String(current) },
    );

  const wantsCount = (fields: RequestedFields) => (fields?.length ?? 0) > 0;

  function wireOf(r: NamedRecord, count?: number) {
    return {
      id: r.id,
      revision: String(r.revision),
      createdDate: r.createdDate,
      updatedDate: r.updatedDate,
      name: r.name,
      ...(count === undefined ? {} : { [kind.countField]: count }),
    };
  }

  async function wireMany(records: NamedRecord[], fields: RequestedFields) {
    if (!wantsCount(fields)) return records.map((r) => wireOf(r));
    const counts = await repo.productCounts(
      deps.db,
      records.map((r) => r.id),
    );
    return records.map((r) => wireOf(r, counts.get(r.id) ?? 0));
  }

  async function wire(r: NamedRecord, fields: RequestedFields) {
    return (await wireMany([r], fields))[0] as ReturnType<typeof wireOf>;
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

  async function create(name: string, field: string): Promise<NamedRecord> {
    const now = deps.clock.now().toISOString();
    const record: NamedRecord = { id: newId(), name: name.trim(), createdDate: now, updatedDate: now, revision: 1 };
    return guardName(name, field, () =>
      withTransaction(deps.db, async (uow) => {
        if (!(await repo.insert(uow.trx, record))) throw taken(record.name, field);
        await deps.outbox.append(uow, {
          type: kind.events.created,
          entityId: record.id,
          payload: { entity: wireOf(record) },
        });
        return record;
      }),
    );
  }

  async function update(id: string, patch: EntityPatch, field: string): Promise<NamedRecord> {
    const name = patch.name?.trim();
    return guardName(name ?? '', field, () =>
      withTransaction(deps.db, async (uow) => {
        const before = await repo.find(uow.trx, id);
        if (!before) throw missing(id);
        if (Number(patch.revision) !== before.revision) throw stale(id, before.revision);
        if (name !== undefined) {
          const holder = await repo.findByName(uow.trx, name);
          if (holder && holder.id !== id) throw taken(name, field);
        }
        const after: NamedRecord = {
          ...before,
          name: name ?? before.name,
          updatedDate: deps.clock.now().toISOString(),
          revision: before.revision + 1,
        };
        if (!(await repo.replace(uow.trx, after, before.revision))) throw stale(id, before.revision);
        await deps.outbox.append(uow, {
          type: kind.events.updated,
          entityId: id,
          payload: { entity: wireOf(after), modifiedFields: name === undefined ? [] : ['name'] },
        });
        return after;
      }),
    );
  }

  async function remove(id: string): Promise<void> {
    await withTransaction(deps.db, async (uow) => {
      const before = await repo.find(uow.trx, id);
      if (!before || !(await repo.delete(uow.trx, id, deps.clock.now().toISOString()))) throw missing(id);
      await deps.outbox.append(uow, { type: kind.events.deleted, entityId: id, payload: { entity: wireOf(before) } });
    });
  }

  /** The entity named `name` (any case), created when there is none. */
  async function getOrCreate(name: string, field: string): Promise<NamedRecord> {
    const found = await repo.findByName(deps.db, name);
    if (found) return found;
    try {
      return await create(name, field);
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
    work: (item: T, index: number) => Promise<{ id: string; record?: NamedRecord }>,
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
    wireOf,
    create: async (name: string) => wire(await create(name, `${kind.one}.name`), undefined),
    get: async (id: string, fields: RequestedFields) => {
      const r = await repo.find(deps.db, id);
      if (!r) throw missing(id);
      return wire(r, fields);
    },
    update: async (id: string, patch: EntityPatch, fields: RequestedFields) =>
      wire(await update(id, patch, `${kind.one}.name`), fields),
    delete: remove,
    getOrCreate: async (name: string, fields: RequestedFields) =>
      wire(await getOrCreate(name, `${kind.one}Name`), fields),

    async query(rawQuery: unknown, fields: RequestedFields) {
      const query = parse(rawQuery);
      const page = await runQuery<NamedRow>({
        base: repo.select(deps.db),
        spec: kind.querySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const items = await wireMany(page.rows.map(recordOf), fields);
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

    bulkCreate: (names: readonly string[], returnEntity: boolean) =>
      eachItem(
        names,
        async (name, i) => {
          const record = await create(name, `${kind.one}s[${i}].name`);
          return { id: record.id, record };
        },
        returnEntity,
        undefined,
      ),

    bulkUpdate: (
      items: ReadonlyArray<{ id: string; patch: EntityPatch }>,
      returnEntity: boolean,
      fields: RequestedFields,
    ) =>
      eachItem(
        items,
        async ({ id, patch }, i) => ({ id, record: await update(id, patch, `${kind.one}s[${i}].${kind.one}.name`) }),
        returnEntity,
        fields,
      ),

    bulkGetOrCreate: (names: readonly string[], fields: RequestedFields) =>
      eachItem(
        names,
        async (name, i) => {
          const record = await getOrCreate(name, `${kind.one}Names[${i}]`);
          return { id: record.id, record };
        },
        true,
        fields,
      ),

    bulkDelete: async (ids: readonly string[]) => {
      const answer = await eachItem(
        ids,
        async (id) => {
          await remove(id);
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

export type NamedEntityService = ReturnType<typeof createNamedEntityService>;

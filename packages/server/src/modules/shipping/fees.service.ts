import {
  type StoreAdditionalFee,
  type StoreAdditionalFeeInput,
  type StoreAdditionalFeePatch,
  shippingErrorCodes,
  shippingEventTypes,
} from '@merx/contract';
import type { Database, Executor } from '@merx/db';
import { notFound } from '@merx/domain';
import type { Selectable } from 'kysely';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import { appendEvent, assertUpdated, bit, configurationWrite, expectedRevision } from './common.js';
import { fromMinorUnits, toMinorUnits } from './decimal.js';

export type AdditionalFeeRow = Selectable<Database['additional_fees']>;

const ENTITY = 'additional fee';

/** The wire form of a fee (the amount as a decimal string in `currency`). */
export function additionalFeeOf(row: AdditionalFeeRow, currency: string): StoreAdditionalFee {
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    type: row.fee_type as StoreAdditionalFee['type'],
    name: row.name,
    amount: fromMinorUnits(row.amount, currency),
    taxable: row.taxable === 1,
    active: row.active === 1,
    source: 'MANUAL',
  };
}

async function loadFee(ex: Executor, id: string): Promise<AdditionalFeeRow> {
  const row = await ex.selectFrom('additional_fees').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(shippingErrorCodes.additionalFeeNotFound, 'Additional fee not found', { id });
  return row;
}

/** Merchant-set additional fees (handling, insurance) that checkouts add while they are active. */
export function createFeeService(deps: ModuleDeps) {
  const currency = () => deps.store().currency;
  const now = () => deps.clock.now().toISOString();

  return {
    async create(input: StoreAdditionalFeeInput, who?: Caller): Promise<StoreAdditionalFee> {
      const cur = currency();
      const amount = toMinorUnits(input.amount, cur, 'additionalFee.amount');
      return configurationWrite(deps.db, async (uow) => {
        const at = now();
        const row: AdditionalFeeRow = {
          id: newId(),
          fee_type: input.type,
          name: input.name,
          amount,
          taxable: bit(input.taxable === true),
          active: bit(input.active !== false),
          source: 'MANUAL',
          created_date: at,
          updated_date: at,
          revision: 1,
        };
        await uow.trx.insertInto('additional_fees').values(row).execute();
        const fee = additionalFeeOf(row, cur);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.additionalFeeCreated, row.id, {
          additionalFee: fee,
        });
        return fee;
      });
    },

    async get(id: string): Promise<StoreAdditionalFee> {
      return additionalFeeOf(await loadFee(deps.db, id), currency());
    },

    /** Every fee, oldest first. */
    async list(): Promise<StoreAdditionalFee[]> {
      const rows = await deps.db
        .selectFrom('additional_fees')
        .selectAll()
        .orderBy('created_date')
        .orderBy('id')
        .execute();
      const cur = currency();
      return rows.map((row) => additionalFeeOf(row, cur));
    },

    async update(id: string, patch: StoreAdditionalFeePatch, who?: Caller): Promise<StoreAdditionalFee> {
      const cur = currency();
      const amount = patch.amount != null ? toMinorUnits(patch.amount, cur, 'additionalFee.amount') : undefined;
      return configurationWrite(deps.db, async (uow) => {
        const before = await loadFee(uow.trx, id);
        const revision = expectedRevision(patch.revision, before.revision, ENTITY);
        const changes = {
          fee_type: patch.type ?? before.fee_type,
          name: patch.name ?? before.name,
          amount: amount ?? before.amount,
          taxable: patch.taxable != null ? bit(patch.taxable) : before.taxable,
          active: patch.active != null ? bit(patch.active) : before.active,
          updated_date: now(),
          revision: revision + 1,
        };
        const res = await uow.trx
          .updateTable('additional_fees')
          .set(changes)
          .where('id', '=', id)
          .where('revision', '=', revision)
          .executeTakeFirst();
        assertUpdated(res, ENTITY, before.revision);
        const fee = additionalFeeOf({ ...before, ...changes }, cur);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.additionalFeeUpdated, id, { additionalFee: fee });
        return fee;
      });
    },

    async delete(id: string, who?: Caller): Promise<void> {
      await configurationWrite(deps.db, async (uow) => {
        await loadFee(uow.trx, id);
        await uow.trx.deleteFrom('additional_fees').where('id', '=', id).execute();
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.additionalFeeDeleted, id, { additionalFeeId: id });
      });
    },
  };
}

export type FeeService = ReturnType<typeof createFeeService>;

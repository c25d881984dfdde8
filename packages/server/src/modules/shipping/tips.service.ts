import {
  type ShippingPagingMetadata,
  shippingErrorCodes,
  shippingEventTypes,
  type TipSettings,
  type TipSettingsInput,
  type TipSettingsPatch,
} from '@merx/contract';
import { type Executor, runQuery } from '@merx/db';
import { AppError, type EntityQuerySpec, invalid, notFound, parseQuery } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import {
  appendEvent,
  assertUpdated,
  bit,
  configurationWrite,
  expectedRevision,
  extendedFieldsOf,
  isUniqueViolation,
  pagingMetadataOf,
} from './common.js';
import {
  presetsOf,
  type StoredPreset,
  type TipSettingsRow,
  type TipType,
  tipSettingsOf,
  wirePresetsOf,
} from './tips.mapper.js';

const ENTITY = 'tip settings';

export const tipSettingsQuerySpec: EntityQuerySpec = {
  table: 'tip_settings',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    tipType: { kind: 'column', column: 'tip_type', type: 'string', sortable: true, notNull: true },
    allowCustomerTip: { kind: 'column', column: 'allow_customer_tip', type: 'boolean', sortable: true, notNull: true },
    allowBusinessTipAtPayment: {
      kind: 'column',
      column: 'allow_business_tip_at_payment',
      type: 'boolean',
      sortable: true,
      notNull: true,
    },
    allowCustomAmount: {
      kind: 'column',
      column: 'allow_custom_amount',
      type: 'boolean',
      sortable: true,
      notNull: true,
    },
    allowEditDistribution: {
      kind: 'column',
      column: 'allow_edit_distribution',
      type: 'boolean',
      sortable: true,
      notNull: true,
    },
    default: { kind: 'column', column: 'is_default', type: 'boolean', sortable: true, notNull: true },
    locationId: { kind: 'column', column: 'location_id', type: 'string', sortable: true },
    paymentTerminalId: { kind: 'column', column: 'payment_terminal_id', type: 'string', sortable: true },
    userId: { kind: 'column', column: 'user_id', type: 'string', sortable: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
    updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
};

/** The settings apply to one location, terminal or user at most (the contract's one-of). */
function assertOneIdentifier(row: Pick<TipSettingsRow, 'location_id' | 'payment_terminal_id' | 'user_id'>) {
  const given = [
    ['locationId', row.location_id],
    ['paymentTerminalId', row.payment_terminal_id],
    ['userId', row.user_id],
  ].filter(([, v]) => v);
  if (given.length > 1) {
    throw invalid(`tipSettings.${given[1]?.[0]}`, `cannot be set together with ${given[0]?.[0]}`, 'ONE_OF_ALIGNMENT');
  }
}

/** Row fields a create or update request sets (only those it carries). */
function fieldsOf(input: Partial<TipSettingsInput>): Partial<TipSettingsRow> {
  const set: Partial<TipSettingsRow> = {};
  if (input.allowCustomerTip != null) set.allow_customer_tip = bit(input.allowCustomerTip);
  if (input.allowBusinessTipAtPayment != null) set.allow_business_tip_at_payment = bit(input.allowBusinessTipAtPayment);
  if (input.allowCustomAmount != null) set.allow_custom_amount = bit(input.allowCustomAmount);
  if (input.allowEditDistribution != null) set.allow_edit_distribution = bit(input.allowEditDistribution);
  if (input.staffDistributionMethod != null) set.staff_distribution_method = input.staffDistributionMethod;
  if (input.locationId !== undefined) set.location_id = input.locationId ?? null;
  if (input.paymentTerminalId !== undefined) set.payment_terminal_id = input.paymentTerminalId ?? null;
  if (input.userId !== undefined) set.user_id = input.userId ?? null;
  if (input.appId !== undefined) set.app_id = input.appId ?? null;
  if (input.extendedFields !== undefined) set.extended_fields = extendedFieldsOf(input.extendedFields);
  return set;
}

async function loadTipSettings(ex: Executor, id: string): Promise<TipSettingsRow> {
  const row = await ex.selectFrom('tip_settings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(shippingErrorCodes.tipSettingsNotFound, 'Tip settings not found', { id });
  return row;
}

const defaultExists = () =>
  new AppError(
    'ALREADY_EXISTS',
    shippingErrorCodes.defaultTipSettingsAlreadyExist,
    'Default tip settings already exist',
  );

/** Tip settings (WIRE.md Appendix B `ecom_tip-settings`): up to three presets, one default settings object. */
export function createTipService(deps: ModuleDeps) {
  const currency = () => deps.store().currency;
  const now = () => deps.clock.now().toISOString();

  async function insert(input: TipSettingsInput, isDefault: boolean, who?: Caller): Promise<TipSettings> {
    const cur = currency();
    const tipType = input.tipType ?? 'PERCENTAGE';
    const at = now();
    const row: TipSettingsRow = {
      id: newId(),
      is_default: bit(isDefault),
      tip_type: tipType,
      presets: JSON.stringify(presetsOf(tipType, input.presets, cur)),
      allow_customer_tip: 1,
      allow_business_tip_at_payment: 1,
      allow_custom_amount: 1,
      allow_edit_distribution: 1,
      staff_distribution_method: 'EQUAL',
      location_id: null,
      payment_terminal_id: null,
      user_id: null,
      app_id: null,
      extended_fields: extendedFieldsOf(null),
      ...fieldsOf(input),
      created_date: at,
      updated_date: at,
      revision: 1,
    };
    assertOneIdentifier(row);
    const work = configurationWrite(deps.db, async (uow) => {
      if (isDefault) {
        const existing = await uow.trx
          .selectFrom('tip_settings')
          .select('id')
          .where('is_default', '=', 1)
          .executeTakeFirst();
        if (existing) throw defaultExists();
      }
      await uow.trx.insertInto('tip_settings').values(row).execute();
      const settings = tipSettingsOf(row, cur);
      await appendEvent(deps.outbox, uow, who, shippingEventTypes.tipSettingsCreated, row.id, {
        tipSettings: settings,
      });
      return settings;
    });
    // Two create-default calls at once: the partial unique index keeps one default.
    return work.catch((error: unknown) => {
      throw isUniqueViolation(error) ? defaultExists() : error;
    });
  }

  return {
    async create(input: TipSettingsInput, who?: Caller): Promise<TipSettings> {
      if (input.default === true) {
        throw invalid('tipSettings.default', 'cannot be true here; use create-default', 'FIELD_NOT_ALLOWED');
      }
      return insert(input, false, who);
    },

    /** Creates the store's default settings; a second default is refused with 409. */
    async createDefault(input: TipSettingsInput, who?: Caller): Promise<TipSettings> {
      return insert(input, true, who);
    },

    async update(patch: TipSettingsPatch, who?: Caller): Promise<TipSettings> {
      const cur = currency();
      return configurationWrite(deps.db, async (uow) => {
        const before = await loadTipSettings(uow.trx, patch.id);
        const revision = expectedRevision(patch.revision, before.revision, ENTITY);
        if (patch.default != null && bit(patch.default) !== before.is_default) {
          throw invalid('tipSettings.default', 'cannot be changed', 'FIELD_NOT_ALLOWED');
        }
        const tipType = patch.tipType ?? (before.tip_type as TipType);
        // A new tip type without new presets re-reads the same numbers under the new type.
        const presets =
          patch.presets ?? wirePresetsOf(before.tip_type as TipType, JSON.parse(before.presets) as StoredPreset[], cur);
        const changes = {
          ...fieldsOf(patch),
          tip_type: tipType,
          presets: JSON.stringify(presetsOf(tipType, presets, cur)),
          updated_date: now(),
          revision: revision + 1,
        };
        const after: TipSettingsRow = { ...before, ...changes };
        assertOneIdentifier(after);
        const res = await uow.trx
          .updateTable('tip_settings')
          .set(changes)
          .where('id', '=', before.id)
          .where('revision', '=', revision)
          .executeTakeFirst();
        assertUpdated(res, ENTITY, before.revision);
        const settings = tipSettingsOf(after, cur);
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.tipSettingsUpdated, before.id, {
          tipSettings: settings,
        });
        return settings;
      });
    },

    /** Deletes settings; the default settings cannot be deleted (they can be updated). */
    async delete(id: string, who?: Caller): Promise<void> {
      await configurationWrite(deps.db, async (uow) => {
        const row = await loadTipSettings(uow.trx, id);
        if (row.is_default === 1) {
          throw new AppError(
            'FAILED_PRECONDITION',
            shippingErrorCodes.cannotDeleteDefaultTipSettings,
            'The default tip settings cannot be deleted',
            { id },
          );
        }
        await uow.trx.deleteFrom('tip_settings').where('id', '=', id).execute();
        await appendEvent(deps.outbox, uow, who, shippingEventTypes.tipSettingsDeleted, id, { tipSettingsId: id });
      });
    },

    async query(rawQuery: unknown): Promise<{ tipSettings: TipSettings[]; pagingMetadata: ShippingPagingMetadata }> {
      const query = parseQuery(rawQuery ?? {}, tipSettingsQuerySpec);
      const page = await runQuery<TipSettingsRow>({
        base: deps.db.selectFrom('tip_settings').selectAll(),
        spec: tipSettingsQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const cur = currency();
      return {
        tipSettings: page.rows.map((row) => tipSettingsOf(row, cur)),
        pagingMetadata: pagingMetadataOf(page, query.paging.kind === 'cursor'),
      };
    },
  };
}

export type TipService = ReturnType<typeof createTipService>;

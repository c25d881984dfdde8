import {
  type DiscountRule,
  type DiscountRuleInput,
  type DiscountRulePatch,
  discountErrorCodes,
  discountRuleEventTypes,
} from '@merx/contract';
import { type Executor, runQuery, withTransaction } from '@merx/db';
import { type FieldViolation, invalid, notFound, parseQuery, ValidationError } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { type DiscountRuleRow, discountRulesRepo as repo, ruleOf } from './discount-rules.repo.js';
import {
  concurrentModification,
  type DiscountDeps,
  discountEvent,
  isoOf,
  pagingMetadataOf,
  patched,
} from './discounts.common.js';
import { discountRuleWire, ruleDiscountOf, triggerOf } from './discounts.mapper.js';
import { discountRuleQuerySpec, resolveDerivedFields } from './discounts.query.js';
import type { DiscountRuleRecord } from './discounts.types.js';

const PATH = 'discountRule';
const WINDOW = { start: 'activeTimeInfo.start', end: 'activeTimeInfo.end' };

type TagsInput = DiscountRuleInput['tags'];

function tagsOf(input: TagsInput, before?: DiscountRuleRecord['tags']): DiscountRuleRecord['tags'] {
  const list = (given: { tagIds?: string[] | null | undefined } | null | undefined, kept: string[] = []) =>
    given === undefined ? kept : [...new Set(given?.tagIds ?? [])];
  return {
    privateTags: list(input?.privateTags, before?.privateTags),
    publicTags: list(input?.publicTags, before?.publicTags),
  };
}

/** Discount rules (`/ecom/v1/discount-rules`): CRUD, query, and the live rules the totals apply. */
export function createDiscountRuleService(deps: DiscountDeps) {
  const currency = () => deps.store().currency;
  const wire = (rule: DiscountRuleRecord) => discountRuleWire(rule, currency(), deps.clock.now());

  async function load(ex: Executor, id: string): Promise<DiscountRuleRecord> {
    const rule = await repo.find(ex, id);
    if (!rule)
      throw notFound(discountErrorCodes.discountRuleNotFound, 'Discount rule not found', { discountRuleId: id });
    return rule;
  }

  /** Trigger and discounts in domain form (`undefined`: not given); amounts the currency cannot hold are violations. */
  function convert(input: Pick<DiscountRulePatch, 'trigger' | 'discounts'>) {
    const violations: FieldViolation[] = [];
    const cur = currency();
    const given = input.trigger;
    const trigger = given ? triggerOf(given, cur, `${PATH}.trigger`, violations) : given === null ? null : undefined;
    const discounts = input.discounts?.values.map((v, i) =>
      ruleDiscountOf(v, cur, `${PATH}.discounts.values[${i}]`, violations),
    );
    if (violations.length > 0) throw new ValidationError(violations);
    return { trigger, discounts };
  }

  return {
    async create(input: DiscountRuleInput, who?: Caller): Promise<DiscountRule> {
      const { trigger, discounts } = convert(input);
      const now = deps.clock.now().toISOString();
      const rule: DiscountRuleRecord = {
        id: newId(),
        name: input.name,
        active: input.active ?? true,
        startDate: isoOf(input.activeTimeInfo?.start),
        endDate: isoOf(input.activeTimeInfo?.end),
        trigger: trigger ?? null,
        discounts: discounts ?? [],
        tags: tagsOf(input.tags),
        usageCount: 0,
        createdDate: now,
        updatedDate: now,
        revision: 1,
      };
      return withTransaction(deps.db, async (uow) => {
        await repo.insert(uow.trx, rule);
        const entity = wire(rule);
        await deps.outbox.append(uow, discountEvent(discountRuleEventTypes.created, rule.id, { entity }, who));
        return entity;
      });
    },

    async get(id: string): Promise<DiscountRule> {
      return wire(await load(deps.db, id));
    },

    /** Compare-and-set on `patch.revision`: a stale revision changes nothing. */
    async update(id: string, patch: DiscountRulePatch, who?: Caller): Promise<DiscountRule> {
      const { trigger, discounts } = convert(patch);
      return withTransaction(deps.db, async (uow) => {
        const before = await load(uow.trx, id);
        const stale = () =>
          concurrentModification('discount rule', { discountRuleId: id, revision: String(before.revision) });
        if (Number(patch.revision) !== before.revision) throw stale();
        const window = patch.activeTimeInfo;
        const after: DiscountRuleRecord = {
          ...before,
          name: patch.name ?? before.name,
          active: patch.active ?? before.active,
          startDate: window === null ? null : patched(window?.start, before.startDate, (s) => isoOf(s)!),
          endDate: window === null ? null : patched(window?.end, before.endDate, (e) => isoOf(e)!),
          trigger: trigger === undefined ? before.trigger : trigger,
          discounts: discounts ?? before.discounts,
          tags: patch.tags === undefined ? before.tags : tagsOf(patch.tags ?? {}, patch.tags ? before.tags : undefined),
          updatedDate: deps.clock.now().toISOString(),
          revision: before.revision + 1,
        };
        if (after.startDate && after.endDate && after.endDate <= after.startDate)
          throw invalid(`${PATH}.activeTimeInfo.end`, 'must be after the start');
        if (!(await repo.replace(uow.trx, after, before.revision))) throw stale();
        const entity = wire(after);
        const modifiedFields = Object.keys(patch).filter((k) => k !== 'id' && k !== 'revision');
        await deps.outbox.append(
          uow,
          discountEvent(discountRuleEventTypes.updated, id, { entity, modifiedFields }, who),
        );
        return entity;
      });
    },

    async delete(id: string, who?: Caller): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        if (!(await repo.delete(uow.trx, id)))
          throw notFound(discountErrorCodes.discountRuleNotFound, 'Discount rule not found', { discountRuleId: id });
        await deps.outbox.append(uow, discountEvent(discountRuleEventTypes.deleted, id, { discountRuleId: id }, who));
      });
    },

    async query(rawQuery: unknown) {
      const parsed = parseQuery(rawQuery ?? {}, discountRuleQuerySpec);
      const query = resolveDerivedFields(parsed, WINDOW, deps.clock.now());
      const page = await runQuery<DiscountRuleRow>({
        base: repo.select(deps.db),
        spec: discountRuleQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      return {
        discountRules: page.rows.map((row) => wire(ruleOf(row))),
        pagingMetadata: pagingMetadataOf(page, query.paging.kind === 'cursor'),
      };
    },

    /** Every active rule whose status is LIVE at `now`, oldest first: what the totals apply. */
    async live(now: Date = deps.clock.now(), ex: Executor = deps.db): Promise<DiscountRuleRecord[]> {
      return repo.live(ex, now.toISOString());
    },

    /** Counts one use of each rule an order applied; call inside the order's transaction. */
    async recordUse(ex: Executor, ruleIds: readonly string[]): Promise<void> {
      await repo.addUsage(ex, ruleIds);
    },
  };
}

export type DiscountRuleService = ReturnType<typeof createDiscountRuleService>;

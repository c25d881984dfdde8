import { bumpDataVersion, type Database, type Executor } from '@merx/db';
import type { Selectable } from 'kysely';
import { DISCOUNTS_VERSION } from './discounts.common.js';
import type { DiscountAction, DiscountRuleRecord, RuleTrigger } from './discounts.types.js';

export type DiscountRuleRow = Selectable<Database['discount_rules']>;

export function ruleOf(row: DiscountRuleRow): DiscountRuleRecord {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    startDate: row.start_date,
    endDate: row.end_date,
    trigger: row.trigger === null ? null : (JSON.parse(row.trigger) as RuleTrigger),
    discounts: JSON.parse(row.discounts) as DiscountAction[],
    tags: JSON.parse(row.tags) as DiscountRuleRecord['tags'],
    usageCount: Number(row.usage_count),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

export function rowOf(rule: DiscountRuleRecord): DiscountRuleRow {
  return {
    id: rule.id,
    name: rule.name,
    active: rule.active ? 1 : 0,
    start_date: rule.startDate,
    end_date: rule.endDate,
    trigger: rule.trigger === null ? null : JSON.stringify(rule.trigger),
    discounts: JSON.stringify(rule.discounts),
    tags: JSON.stringify(rule.tags),
    usage_count: rule.usageCount,
    created_date: rule.createdDate,
    updated_date: rule.updatedDate,
    revision: rule.revision,
  };
}

/** Storage of discount rules: one row each, plus their private tags for `hasSome`/`hasAll` queries. */
export const discountRulesRepo = {
  select(ex: Executor) {
    return ex.selectFrom('discount_rules').selectAll('discount_rules');
  },

  async find(ex: Executor, id: string): Promise<DiscountRuleRecord | undefined> {
    const row = await this.select(ex).where('id', '=', id).executeTakeFirst();
    return row && ruleOf(row);
  },

  async insert(ex: Executor, rule: DiscountRuleRecord): Promise<void> {
    await ex.insertInto('discount_rules').values(rowOf(rule)).execute();
    await this.setTags(ex, rule.id, rule.tags.privateTags);
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
  },

  /** Writes `rule` over the row whose revision is still `expectedRevision`; false when it was not. */
  async replace(ex: Executor, rule: DiscountRuleRecord, expectedRevision: number): Promise<boolean> {
    const { id: _id, created_date: _created, usage_count: _usage, ...set } = rowOf(rule);
    const res = await ex
      .updateTable('discount_rules')
      .set(set)
      .where('id', '=', rule.id)
      .where('revision', '=', expectedRevision)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await this.setTags(ex, rule.id, rule.tags.privateTags);
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
    return true;
  },

  async setTags(ex: Executor, id: string, tagIds: readonly string[]): Promise<void> {
    await ex.deleteFrom('discount_rule_tags').where('rule_id', '=', id).execute();
    if (tagIds.length > 0)
      await ex
        .insertInto('discount_rule_tags')
        .values(tagIds.map((tag_id) => ({ rule_id: id, tag_id })))
        .execute();
  },

  /** Deletes the rule (its tags go with it); false when there was none. */
  async delete(ex: Executor, id: string): Promise<boolean> {
    await ex.deleteFrom('discount_rule_tags').where('rule_id', '=', id).execute();
    const res = await ex.deleteFrom('discount_rules').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) return false;
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
    return true;
  },

  /** Every active rule, oldest first, whatever its window (the totals keep them and filter by time). */
  async active(ex: Executor): Promise<DiscountRuleRecord[]> {
    const rows = await this.select(ex).where('active', '=', 1).orderBy('created_date').orderBy('id').execute();
    return rows.map(ruleOf);
  },

  /** Active rules whose window holds `now` (ISO text compares in time order). */
  async live(ex: Executor, now: string): Promise<DiscountRuleRecord[]> {
    const rows = await this.select(ex)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]))
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', now)]))
      .orderBy('created_date')
      .orderBy('id')
      .execute();
    return rows.map(ruleOf);
  },

  async addUsage(ex: Executor, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .updateTable('discount_rules')
      .set((eb) => ({ usage_count: eb('usage_count', '+', 1) }))
      .where('id', 'in', [...new Set(ids)])
      .execute();
  },
};

import type { DiscountRule } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import type { ruleInputOf } from '../lib/rule-model';
import { settle } from './coupons';

const KEY = ['discount-rules'] as const;
export const RULE_PAGE_SIZE = 25;

/** The automatic discounts list's view, as kept in the URL. */
export interface RuleListView {
  q: string;
  status: string;
  page: number;
}

/** One page of automatic discounts (discount rules), newest first. */
export const rulesQuery = (view: RuleListView) =>
  queryOptions({
    queryKey: [...KEY, 'list', view],
    queryFn: async () => {
      let q = (await admin()).discountRules.queryDiscountRules('offset');
      if (view.q) q = q.contains('name', view.q);
      if (view.status === 'active') q = q.eq('active', true).eq('status', 'LIVE');
      if (view.status === 'scheduled') q = q.eq('active', true).eq('status', 'PENDING');
      if (view.status === 'expired') q = q.eq('status', 'EXPIRED');
      if (view.status === 'inactive') q = q.eq('active', false);
      const page = await q
        .descending('createdDate')
        .limit(RULE_PAGE_SIZE)
        .skip(view.page * RULE_PAGE_SIZE)
        .find();
      return { items: page.items, total: page.totalCount, hasNext: page.hasNext() };
    },
    placeholderData: keepPreviousData,
  });

export const useRules = (view: RuleListView) => useQuery(rulesQuery(view));

export const ruleQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => (await (await admin()).discountRules.getDiscountRule(id)).discountRule,
  });

export const useRule = (id: string) => useQuery(ruleQuery(id));

type RuleInput = ReturnType<typeof ruleInputOf>;

export function useCreateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RuleInput) =>
      (await (await admin()).discountRules.createDiscountRule(input)).discountRule,
    onSuccess: (rule) => {
      client.setQueryData(ruleQuery(rule.id).queryKey, rule);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useUpdateRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<RuleInput> & { revision: string } }) =>
      (await (await admin()).discountRules.updateDiscountRule(id, patch)).discountRule,
    onSuccess: (rule) => {
      client.setQueryData(ruleQuery(rule.id).queryKey, rule);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useDeleteRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const a = await admin();
      return settle(ids, (id) => a.discountRules.deleteDiscountRule(id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetRulesActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ rules, active }: { rules: readonly DiscountRule[]; active: boolean }) => {
      const a = await admin();
      return settle(
        rules.map((r) => r.id),
        (id) => a.discountRules.updateDiscountRule(id, { active, revision: rules.find((r) => r.id === id)!.revision }),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

import * as c from '@merx/contract';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { ModuleDeps } from '../module.js';

/** Most tags of each kind listed: the most used first. */
export const MAX_LISTED_TAGS = 500;

/**
 * The tags in use on orders (Merx), each with how many orders carry it, most used first: what a merchant picks from
 * when tagging an order or filtering the list by tag. Tags have no life of their own: a tag no order carries is gone.
 */
export function createOrderTags(deps: ModuleDeps) {
  const inUse = async (table: 'order_tags' | 'order_private_tags') => {
    const rows = await deps.db
      .selectFrom(table)
      .select(['tag_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('tag_id')
      .orderBy('n', 'desc')
      .orderBy('tag_id')
      .limit(MAX_LISTED_TAGS)
      .execute();
    return rows.map((r) => ({ tagId: r.tag_id, orders: Number(r.n) }));
  };
  return {
    async list() {
      const [tags, privateTags] = await Promise.all([inUse('order_tags'), inUse('order_private_tags')]);
      return { tags, privateTags };
    },
  };
}

export function orderTagRoutes(deps: ModuleDeps): AnyRoute[] {
  const tags = createOrderTags(deps);
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/order-tags',
      summary: 'List the tags in use on orders, each with how many orders carry it, most used first (Merx)',
      tag: 'Orders',
      access: elevated('orders:read'),
      response: c.listOrderTagsResponse,
      handler: async () => tags.list(),
    }),
  ];
}

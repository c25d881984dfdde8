import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../checkout/checkout-test-kit.js';
import { CHECKOUTS } from '../orders/orders-test-kit.js';
import {
  ABANDONED,
  type AbandonedKit,
  expectAppError,
  expectViolation,
  startAbandonedKit,
} from './abandoned-test-kit.js';

let kit: AbandonedKit;

beforeAll(async () => {
  kit = await startAbandonedKit();
});
afterAll(async () => {
  await kit.close();
});

const QUERY = `${ABANDONED}/query`;
const get = (id: string) => kit.owner.get(`${ABANDONED}/${id}`, { abandonedCheckoutId: id });

/** `n` abandoned checkouts of buyers with emails `<tag>-<i>@example.com`, oldest first: their ids. */
async function abandoned(n: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  // Each checkout swept on its own, a minute after the one before: distinct creation dates.
  for (let i = 0; i < n; i++) {
    const checkoutId = await kit.openCheckout(undefined, { email: `${tag}-${i}@example.com` });
    await kit.sweepAt(61 + i);
    const rows = await kit.rowsOf(checkoutId);
    expect(rows).toHaveLength(1);
    ids.push(rows[0]!.id as string);
  }
  return ids;
}

const emailsIn = (tag: string) => ({ 'buyerInfo.email': { $startsWith: `${tag}-` } });
const idsOf = (res: { body: { abandonedCheckouts: Array<{ id: string }> } }) =>
  res.body.abandonedCheckouts.map((a) => a.id);

describe('query and search', () => {
  it('filters by email, status and createdDate, sorts, and pages by offset with the total', async () => {
    const tag = unique('q');
    const ids = await abandoned(3, tag);
    const first = await kit.owner.post(QUERY, {
      query: { filter: emailsIn(tag), sort: [{ fieldName: 'createdDate', order: 'ASC' }], paging: { limit: 2 } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(first.body.metadata).toEqual({ count: 2, offset: 0, total: 3 });
    const second = await kit.owner.post(QUERY, {
      query: {
        filter: emailsIn(tag),
        sort: [{ fieldName: 'createdDate', order: 'ASC' }],
        paging: { limit: 2, offset: 2 },
      },
    });
    expect(idsOf(second)).toEqual(ids.slice(2));
    expect(second.body.metadata).toEqual({ count: 1, offset: 2, total: 3 });

    // Newest first by default.
    expect(idsOf(await kit.owner.post(QUERY, { query: { filter: emailsIn(tag) } }))).toEqual([...ids].reverse());
    const exact = await kit.owner.post(QUERY, { query: { filter: { 'buyerInfo.email': `${tag}-1@example.com` } } });
    expect(idsOf(exact)).toEqual([ids[1]]);
    const since = (await get(ids[1]!)).body.abandonedCheckout.createdDate;
    const newer = await kit.owner.post(QUERY, {
      query: { filter: { $and: [emailsIn(tag), { createdDate: { $gte: since } }] } },
    });
    expect(idsOf(newer).sort()).toEqual(ids.slice(1).sort());
    const open = await kit.owner.post(QUERY, { query: { filter: { ...emailsIn(tag), status: 'ABANDONED' } } });
    expect(idsOf(open)).toHaveLength(3);
    const recovered = await kit.owner.post(QUERY, { query: { filter: { ...emailsIn(tag), status: 'RECOVERED' } } });
    expect(idsOf(recovered)).toEqual([]);
  });

  it('pages by cursor too', async () => {
    const tag = unique('c');
    const ids = await abandoned(3, tag);
    const sort = [{ fieldName: 'createdDate', order: 'ASC' }];
    const first = await kit.owner.post(QUERY, { query: { filter: emailsIn(tag), sort, cursorPaging: { limit: 2 } } });
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    const next = first.body.metadata.cursors.next;
    expect(typeof next).toBe('string');
    const second = await kit.owner.post(QUERY, { query: { cursorPaging: { limit: 2, cursor: next } } });
    expect(idsOf(second)).toEqual(ids.slice(2));
  });

  it('searches with the query fields and the expression in the email, answering pagingMetadata', async () => {
    const tag = unique('s');
    const ids = await abandoned(2, tag);
    const res = await kit.owner.post(`${ABANDONED}/search`, {
      search: { search: { expression: `${tag.toUpperCase()}-1` }, paging: { limit: 10 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res)).toEqual([ids[1]]);
    expect(res.body.pagingMetadata).toEqual({ count: 1, offset: 0, total: 1 });
    // `%` and `_` are matched as themselves.
    const none = await kit.owner.post(`${ABANDONED}/search`, {
      search: { search: { expression: `${tag}_%` }, filter: { status: 'ABANDONED' } },
    });
    expect(idsOf(none)).toEqual([]);
  });

  it('refuses unknown fields, bad operators and bad paging with violations, and callers without orders:read', async () => {
    expectViolation(await kit.owner.post(QUERY, { query: { filter: { nope: 1 } } }), 'query.filter.nope');
    expectViolation(
      await kit.owner.post(QUERY, { query: { sort: [{ fieldName: 'status' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(await kit.owner.post(QUERY, { query: { paging: { limit: 101 } } }), 'query.paging.limit');
    expectViolation(
      await kit.owner.post(`${ABANDONED}/search`, { search: { filter: { checkoutId: { $gt: 'x' } } } }),
      'search.filter.checkoutId.$gt',
    );
    expectAppError(await kit.visitor.post(QUERY, {}), 401, 'UNAUTHENTICATED');
    expectAppError(await (await kit.newVisitor()).post(QUERY, {}), 401, 'UNAUTHENTICATED');
    expectAppError(await (await kit.newMember()).post(QUERY, {}), 403, 'PERMISSION_DENIED');
    expectAppError(await kit.checkoutReader.post(QUERY, {}), 403, 'PERMISSION_DENIED');
    expect((await kit.orderReader.post(QUERY, {})).status).toBe(200);
  });
});

describe('one abandoned checkout', () => {
  it('answers 404 for an unknown id, on every route', async () => {
    const missing = 'no-such-abandoned-checkout';
    expectAppError(await get(missing), 404, 'ABANDONED_CHECKOUT_NOT_FOUND');
    expectAppError(await kit.owner.delete(`${ABANDONED}/${missing}`), 404, 'ABANDONED_CHECKOUT_NOT_FOUND');
    expectAppError(
      await kit.owner.post(`/ecom/v1/abandoned-checkouts/${missing}/add-activity`, { activityType: 'EMAIL_SENT' }),
      404,
      'ABANDONED_CHECKOUT_NOT_FOUND',
    );
    expectAppError(
      await kit.owner.get(`${ABANDONED}/${missing}/redirect-to-checkout`),
      404,
      'ABANDONED_CHECKOUT_NOT_FOUND',
    );
  });

  it('adds activities up to the most it keeps, refusing bad types and then a 21st without writing', async () => {
    const [id] = await abandoned(1, unique('a'));
    const url = `/ecom/v1/abandoned-checkouts/${id}/add-activity`;
    const res = await kit.owner.post(url, { abandonedCheckoutId: id, activityType: 'EMAIL_SENT' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.abandonedCheckout.activities).toEqual([{ type: 'EMAIL_SENT', createdDate: expect.any(String) }]);
    expect((await get(id!)).body.abandonedCheckout).toEqual(res.body.abandonedCheckout);

    expectViolation(await kit.owner.post(url, { activityType: 'PHONED' }), 'activityType');
    expectViolation(await kit.owner.post(url, {}), 'activityType');
    expectAppError(await kit.orderReader.post(url, { activityType: 'SCHEDULED' }), 403, 'PERMISSION_DENIED');
    for (let i = 1; i < 20; i++) expect((await kit.owner.post(url, { activityType: 'SCHEDULED' })).status).toBe(200);
    const before = (await get(id!)).body.abandonedCheckout;
    expect(before.activities).toHaveLength(20);
    expectAppError(await kit.owner.post(url, { activityType: 'SCHEDULED' }), 400, 'ABANDONED_CHECKOUT_ACTIVITIES_FULL');
    expect((await get(id!)).body.abandonedCheckout).toEqual(before);
  });

  it('answers the storefront checkout page to redirect the buyer to', async () => {
    const [id] = await abandoned(1, unique('r'));
    const checkoutId = (await get(id!)).body.abandonedCheckout.checkoutId;
    const res = await kit.orderReader.get(`${ABANDONED}/${id}/redirect-to-checkout`, { metasiteId: 'site' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ redirectUrl: `${kit.server.config.publicUrl}/checkout?checkoutId=${checkoutId}` });
    expectAppError(await kit.visitor.get(`${ABANDONED}/${id}/redirect-to-checkout`), 401, 'UNAUTHENTICATED');
  });
});

describe('delete', () => {
  it('deletes: gone from get and query, never marked again, never recovered', async () => {
    const v = await kit.newVisitor();
    const checkoutId = await kit.openCheckout(v);
    await kit.sweepAt(61);
    const id = (await kit.rowsOf(checkoutId))[0]!.id as string;
    expectAppError(await kit.orderReader.delete(`${ABANDONED}/${id}`), 403, 'PERMISSION_DENIED');
    const res = await kit.owner.delete(`${ABANDONED}/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    expectAppError(await get(id), 404, 'ABANDONED_CHECKOUT_NOT_FOUND');
    expectAppError(await kit.owner.delete(`${ABANDONED}/${id}`), 404, 'ABANDONED_CHECKOUT_NOT_FOUND');
    const listed = await kit.owner.post(QUERY, { query: { filter: { checkoutId } } });
    expect(listed.body.abandonedCheckouts).toEqual([]);
    // The buyer's email is not kept.
    expect((await kit.rowsOf(checkoutId))[0]).toMatchObject({ status: 'DELETED', buyer_email: null });

    await kit.sweepAt(120);
    expect(await kit.rowsOf(checkoutId)).toHaveLength(1);
    const placed = await kit.laterCall(v.auth, 'POST', `${CHECKOUTS}/${checkoutId}/create-order`, { id: checkoutId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await kit.rowsOf(checkoutId))[0]).toMatchObject({ status: 'DELETED', order_id: null });
    expect(await kit.events('wix.ecom.v1.abandoned_checkout_recovered', id)).toEqual([]);
  });

  it('deletes in bulk, reporting each id', async () => {
    const ids = await abandoned(2, unique('b'));
    const res = await kit.owner.post('/ecom/v1/bulk/abandoned-checkout/delete', {
      abandonedCheckoutIds: [ids[0], 'missing', ids[1]],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { itemMetadata: unknown }) => r.itemMetadata)).toEqual([
      { id: ids[0], originalIndex: 0, success: true },
      {
        id: 'missing',
        originalIndex: 1,
        success: false,
        error: {
          code: 'ABANDONED_CHECKOUT_NOT_FOUND',
          description: 'Abandoned checkout not found',
          data: { abandonedCheckoutId: 'missing' },
        },
      },
      { id: ids[1], originalIndex: 2, success: true },
    ]);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    for (const id of ids) expectAppError(await get(id), 404, 'ABANDONED_CHECKOUT_NOT_FOUND');
    expectViolation(
      await kit.owner.post('/ecom/v1/bulk/abandoned-checkout/delete', { abandonedCheckoutIds: [] }),
      'abandonedCheckoutIds',
    );
  });
});

describe('analytics', () => {
  const ANALYTICS = `${ABANDONED}/get-analytics`;
  const today = () => new Date().toISOString().slice(0, 10);
  const inAMonth = () => new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

  it('counts recoverable and recovered checkouts and their values over the days asked', async () => {
    const range = { startDate: today(), endDate: inAMonth() };
    const before = (await kit.owner.post(ANALYTICS, range)).body;
    const v = await kit.newVisitor();
    const recoveredCheckout = await kit.openCheckout(v);
    await abandoned(2, unique('n'));
    const placed = await kit.laterCall(v.auth, 'POST', `${CHECKOUTS}/${recoveredCheckout}/create-order`, {
      id: recoveredCheckout,
    });
    expect(placed.status).toBe(200);
    const after = await kit.owner.post(ANALYTICS, range);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const a = after.body;
    expect(a.currency).toBe('USD');
    expect(a.recoverableCheckoutCount - before.recoverableCheckoutCount).toBe(2);
    expect(a.recoveredCheckoutCount - before.recoveredCheckoutCount).toBe(1);
    // Each checkout is $26.60.
    expect(Number(a.recoverableValue) - Number(before.recoverableValue)).toBeCloseTo(53.2, 2);
    expect(Number(a.recoveredValue) - Number(before.recoveredValue)).toBeCloseTo(26.6, 2);
    expect(a.averageRecoverableCheckoutValue).toBe('26.6');
    expect(a.recoveryRate).toBeCloseTo(
      a.recoveredCheckoutCount / (a.recoveredCheckoutCount + a.recoverableCheckoutCount),
    );

    const some = await kit.owner.post(ANALYTICS, {
      ...range,
      metrics: ['RECOVERED_CHECKOUT_COUNT'],
      statuses: ['ABANDONED'],
    });
    expect(some.body).toEqual({ currency: 'USD', recoveredCheckoutCount: 0 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const empty = await kit.owner.post(ANALYTICS, { startDate: yesterday, endDate: yesterday });
    expect(empty.body).toMatchObject({ recoverableCheckoutCount: 0, recoveredCheckoutCount: 0, recoveryRate: 0 });
  });

  it('counts the local days of a time zone when one is named', async () => {
    const ids = await abandoned(2, unique('tz'));
    // 23:30 UTC on 30 June is 01:30 on 1 July in Paris (summer time) and 19:30 on 30 June in New York.
    const at = ['2019-06-30T23:30:00.000Z', '2019-07-01T10:00:00.000Z'];
    for (const [i, id] of ids.entries())
      await kit.server.merx.db
        .updateTable('abandoned_checkouts')
        .set({ created_date: at[i] as string })
        .where('id', '=', id)
        .execute();
    const count = async (day: string, timeZone?: string) => {
      const res = await kit.owner.post(ANALYTICS, { startDate: day, endDate: day, ...(timeZone ? { timeZone } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.recoverableCheckoutCount;
    };
    expect(await count('2019-07-01')).toBe(1);
    expect(await count('2019-07-01', 'Europe/Paris')).toBe(2);
    expect(await count('2019-06-30', 'Europe/Paris')).toBe(0);
    expect(await count('2019-06-30', 'America/New_York')).toBe(1);
    expect(await count('2019-07-01', 'America/New_York')).toBe(1);
    expect(await count('2019-07-01', 'UTC')).toBe(1);
  });

  it('refuses bad days and ranges', async () => {
    expectViolation(
      await kit.owner.post(ANALYTICS, { startDate: '2024-01-01', endDate: '2024-01-01', timeZone: 'Mars/Olympus' }),
      'timeZone',
    );
    expectViolation(await kit.owner.post(ANALYTICS, { startDate: '2024-13-01', endDate: '2024-12-01' }), 'startDate');
    expectViolation(await kit.owner.post(ANALYTICS, { startDate: '2024-02-01', endDate: '2024-01-01' }), 'endDate');
    expectViolation(await kit.owner.post(ANALYTICS, { startDate: '2020-01-01', endDate: '2024-01-01' }), 'endDate');
    expectViolation(await kit.owner.post(ANALYTICS, { endDate: '2024-01-01' }), 'startDate');
    expectViolation(
      await kit.owner.post(ANALYTICS, { startDate: '2024-01-01', endDate: '2024-01-01', metrics: ['NOPE'] }),
      'metrics[0]',
    );
    expectAppError(
      await kit.visitor.post(ANALYTICS, { startDate: '2024-01-01', endDate: '2024-01-01' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

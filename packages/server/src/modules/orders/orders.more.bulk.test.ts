import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf, placed, writesNothing } from './orders.changes.kit.js';
import { expectAppError, expectViolation, ORDERS, type OrdersKit, startOrdersKit } from './orders-test-kit.js';

/*
 * Bulk order updates, tags, a placed line's editable parts and the membership charge Merx refuses.
 */

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const BULK = '/ecom/v1/bulk/orders/update';
const TAGS = '/ecom/v1/bulk/orders/update-tags';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('POST /ecom/v1/bulk/orders/update', () => {
  it('updates each order on its own; an unknown one fails alone', async () => {
    const a = await placed(kit);
    const b = await placed(kit);
    const res = await kit.owner.post(BULK, {
      orders: [
        { order: { id: a.orderId, archived: true, buyerNote: 'A' } },
        { order: { id: MISSING, archived: true } },
        { order: { id: b.orderId, seenByAHuman: true } },
      ],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    const [first, second, third] = res.body.results;
    expect(first.itemMetadata).toEqual({ id: a.orderId, originalIndex: 0, success: true });
    expect(first.item).toMatchObject({ id: a.orderId, archived: true, buyerNote: 'A' });
    expect(second.itemMetadata).toMatchObject({
      id: MISSING,
      originalIndex: 1,
      success: false,
      error: { code: 'ORDER_NOT_FOUND' },
    });
    expect(second.item).toBeUndefined();
    expect(third.item).toMatchObject({ id: b.orderId, seenByAHuman: true });
    expect(await orderOf(kit, a.orderId)).toMatchObject({ archived: true, buyerNote: 'A' });
  });

  it('answers no entities unless asked', async () => {
    const a = await placed(kit);
    const res = await kit.owner.post(BULK, { orders: [{ order: { id: a.orderId, archived: true } }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results[0]).toEqual({ itemMetadata: { id: a.orderId, originalIndex: 0, success: true } });
  });

  it('refuses bad items field by field before changing any order', async () => {
    const a = await placed(kit);
    await writesNothing(kit, async () => {
      expectViolation(
        await kit.owner.post(BULK, {
          orders: [{ order: { id: a.orderId, archived: true } }, { order: { id: a.orderId, status: 'CANCELED' } }],
        }),
        'orders[1].order.status',
      );
      expectViolation(await kit.owner.post(BULK, { orders: [{ order: { archived: true } }] }), 'orders[0].order.id');
      expectViolation(await kit.owner.post(BULK, { orders: [] }), 'orders');
      expect((await kit.orderReader.post(BULK, { orders: [{ order: { id: a.orderId } }] })).status).toBe(403);
    });
  });
});

describe('POST /ecom/v1/bulk/orders/update-tags', () => {
  it('assigns and unassigns public and private tags, shown on the order', async () => {
    const a = await placed(kit);
    const b = await placed(kit);
    const res = await kit.owner.post(TAGS, {
      orderIds: [a.orderId, b.orderId, MISSING],
      assignTags: { tags: { tagIds: ['vip', 'gift'] }, privateTags: { tagIds: ['fraud-check'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(res.body.results[2].itemMetadata.error.code).toBe('ORDER_NOT_FOUND');
    expect((await orderOf(kit, a.orderId)).tags).toEqual({
      tags: { tagIds: ['vip', 'gift'] },
      privateTags: { tagIds: ['fraud-check'] },
    });

    const again = await kit.owner.post(TAGS, {
      orderIds: [a.orderId],
      assignTags: { tags: { tagIds: ['gift', 'repeat'] } },
      unassignTags: { tags: { tagIds: ['vip'] }, privateTags: { tagIds: ['fraud-check', 'never-there'] } },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await orderOf(kit, a.orderId)).tags).toEqual({
      tags: { tagIds: ['gift', 'repeat'] },
      privateTags: { tagIds: [] },
    });
    await kit.owner.post(TAGS, { orderIds: [a.orderId], unassignTags: { tags: { tagIds: ['gift', 'repeat'] } } });
    expect((await orderOf(kit, a.orderId)).tags).toBeUndefined();
  });

  it('refuses more than 100 tags of a kind on one order, changing nothing of it', async () => {
    const a = await placed(kit);
    const many = Array.from({ length: 100 }, (_, i) => `t${i}`);
    expect((await kit.owner.post(TAGS, { orderIds: [a.orderId], assignTags: { tags: { tagIds: many } } })).status).toBe(
      200,
    );
    await writesNothing(kit, async () => {
      const res = await kit.owner.post(TAGS, { orderIds: [a.orderId], assignTags: { tags: { tagIds: ['one-more'] } } });
      expect(res.status).toBe(200);
      expect(res.body.results[0].itemMetadata).toMatchObject({
        success: false,
        error: { code: 'ORDER_TAGS_LIMIT_EXCEEDED' },
      });
    });
  });

  it('refuses bad input and a tag both assigned and unassigned', async () => {
    const a = await placed(kit);
    await writesNothing(kit, async () => {
      expectViolation(
        await kit.owner.post(TAGS, {
          orderIds: [a.orderId],
          assignTags: { tags: { tagIds: ['x'] } },
          unassignTags: { tags: { tagIds: ['x'] } },
        }),
        'unassignTags.tags.tagIds',
      );
      expectViolation(await kit.owner.post(TAGS, { orderIds: [] }), 'orderIds');
      expectViolation(
        await kit.owner.post(TAGS, { orderIds: [a.orderId], assignTags: { tags: { tagIds: [''] } } }),
        'assignTags.tags.tagIds[0]',
      );
      expectViolation(
        await kit.owner.post(TAGS, { orderIds: [a.orderId], assignTags: { labels: { tagIds: ['x'] } } }),
        'assignTags',
      );
      expect((await kit.orderReader.post(TAGS, { orderIds: [a.orderId] })).status).toBe(403);
    });
  });

  it('finds orders by their public and private tags ($hasSome, $hasAll, $eq), as assigned now', async () => {
    const [a, b, c] = [await placed(kit), await placed(kit), await placed(kit)];
    const ids = [a.orderId, b.orderId, c.orderId];
    await kit.owner.post(TAGS, {
      orderIds: [a.orderId],
      assignTags: { tags: { tagIds: ['vip', 'gift'] }, privateTags: { tagIds: ['fraud-check'] } },
    });
    await kit.owner.post(TAGS, { orderIds: [b.orderId], assignTags: { tags: { tagIds: ['vip'] } } });
    const found = async (filter: Record<string, unknown>) => {
      const res = await kit.owner.post(`${ORDERS}/search`, { search: { filter: { id: { $in: ids }, ...filter } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.orders as Array<{ id: string }>).map((o) => o.id).sort();
    };
    expect(await found({ 'tags.tags.tagIds': { $hasSome: ['vip'] } })).toEqual([a.orderId, b.orderId].sort());
    expect(await found({ 'tags.tags.tagIds': { $hasAll: ['vip', 'gift'] } })).toEqual([a.orderId]);
    expect(await found({ 'tags.tags.tagIds': 'gift' })).toEqual([a.orderId]);
    expect(await found({ 'tags.privateTags.tagIds': { $hasSome: ['fraud-check'] } })).toEqual([a.orderId]);
    // Public and private tags are apart.
    expect(await found({ 'tags.tags.tagIds': { $hasSome: ['fraud-check'] } })).toEqual([]);
    await kit.owner.post(TAGS, { orderIds: [b.orderId], unassignTags: { tags: { tagIds: ['vip'] } } });
    expect(await found({ 'tags.tags.tagIds': { $hasSome: ['vip'] } })).toEqual([a.orderId]);
    expectViolation(
      await kit.owner.post(`${ORDERS}/search`, { search: { filter: { 'tags.tags.tagIds': { $gt: 'a' } } } }),
      'search.filter.tags.tags.tagIds.$gt',
    );
  });
});

describe('PATCH /ecom/v1/orders/{id}/line-item/{lineItemId}', () => {
  it("changes a placed line's description lines, image, SKU and translated name; money stays", async () => {
    const a = await placed(kit);
    const line = a.order.lineItems[0];
    const res = await kit.owner.patch(`${ORDERS}/${a.orderId}/line-item/${line.id}`, {
      lineItem: {
        id: line.id,
        descriptionLines: [
          { name: { original: 'Engraving' }, plainText: { original: 'For Ada' }, lineType: 'PLAIN_TEXT' },
        ],
        image: { url: 'https://example.com/a.png', altText: 'A' },
        physicalProperties: { sku: 'SKU-1' },
        productName: { translated: 'Objet' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = res.body.lineItem;
    expect(changed).toMatchObject({
      id: line.id,
      descriptionLines: [{ name: { original: 'Engraving' }, plainText: { original: 'For Ada' } }],
      image: { url: 'https://example.com/a.png', altText: 'A' },
      physicalProperties: { sku: 'SKU-1' },
      productName: { original: line.productName.original, translated: 'Objet' },
      price: line.price,
      quantity: line.quantity,
      totalPriceAfterTax: line.totalPriceAfterTax,
    });
    expect(res.body.order.priceSummary).toEqual(a.order.priceSummary);
    expect((await orderOf(kit, a.orderId)).lineItems[0]).toEqual(changed);

    const cleared = await kit.owner.patch(`${ORDERS}/${a.orderId}/line-item/${line.id}`, {
      lineItem: { descriptionLines: [], image: null, productName: { translated: '' } },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.lineItem.descriptionLines).toBeUndefined();
    expect(cleared.body.lineItem.image).toBeUndefined();
    expect(cleared.body.lineItem.productName).toEqual({ original: line.productName.original });
    expect(cleared.body.lineItem.physicalProperties.sku).toBe('SKU-1');
  });

  it('refuses price, quantity and other read-only fields, an unknown line or order, and readers', async () => {
    const a = await placed(kit);
    const line = a.order.lineItems[0];
    const url = `${ORDERS}/${a.orderId}/line-item/${line.id}`;
    await writesNothing(kit, async () => {
      const price = await kit.owner.patch(url, { lineItem: { price: { amount: '1' } } });
      expectViolation(price, 'lineItem.price');
      expect(JSON.stringify(price.body)).toContain('keeps its price and quantity');
      expectViolation(await kit.owner.patch(url, { lineItem: { quantity: 5 } }), 'lineItem.quantity');
      expectViolation(await kit.owner.patch(url, { lineItem: { catalogReference: {} } }), 'lineItem.catalogReference');
      expectViolation(
        await kit.owner.patch(url, { lineItem: { physicalProperties: { weight: 3 } } }),
        'lineItem.physicalProperties.weight',
      );
      expectViolation(
        await kit.owner.patch(url, { lineItem: { productName: { original: 'Other' } } }),
        'lineItem.productName.original',
      );
      expectViolation(await kit.owner.patch(url, { lineItem: { id: 'other-line' } }), 'lineItem.id');
      expectAppError(
        await kit.owner.patch(`${ORDERS}/${a.orderId}/line-item/no-such-line`, { lineItem: { image: null } }),
        404,
        'LINE_ITEM_NOT_FOUND',
      );
      expectAppError(
        await kit.owner.patch(`${ORDERS}/${MISSING}/line-item/${line.id}`, { lineItem: { image: null } }),
        404,
        'ORDER_NOT_FOUND',
      );
      expect((await kit.orderReader.patch(url, { lineItem: { image: null } })).status).toBe(403);
      expect((await a.buyer.patch(url, { lineItem: { image: null } })).status).toBe(401);
    });
  });
});

describe('POST /ecom/v1/payments-collector/orders/{id}/charge-membership', () => {
  it('is refused: Merx sells no memberships (MEMBERSHIP_NOT_FOUND), and writes nothing', async () => {
    const a = await placed(kit);
    const member = await kit.newMember();
    const url = (id: string) => `/ecom/v1/payments-collector/orders/${id}/charge-membership`;
    await writesNothing(kit, async () => {
      const res = await kit.owner.post(url(a.orderId), { memberId: member.id, membershipCharges: [] });
      expectAppError(res, 404, 'MEMBERSHIP_NOT_FOUND');
      expect(res.body.message).toContain('no memberships');
      expectAppError(await kit.owner.post(url(MISSING), { memberId: member.id }), 404, 'ORDER_NOT_FOUND');
      expectViolation(await kit.owner.post(url(a.orderId), {}), 'memberId');
      expect((await kit.orderReader.post(url(a.orderId), { memberId: member.id })).status).toBe(403);
    });
  });
});

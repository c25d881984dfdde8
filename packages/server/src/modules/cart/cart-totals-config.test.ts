import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadTotalsConfiguration } from './cart.totals.js';
import { type CartKit, startCartKit, unique } from './cart-test-kit.js';

let kit: CartKit;

beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

const HOUR = 3_600_000;
const services = () => kit.server.services;
const load = (now = new Date()) => loadTotalsConfiguration(services(), now);

async function created(url: string, key: string, body: Record<string, unknown>) {
  const res = await kit.owner.post(url, { [key]: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[key];
}

const specificItemsInfo = {
  scopes: [{ id: 'all', type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: 'stores' } }],
};
const percentOff = (name: string, activeTimeInfo?: { start?: string; end?: string }) => ({
  name,
  ...(activeTimeInfo ? { activeTimeInfo } : {}),
  discounts: {
    values: [
      { discountType: 'PERCENTAGE' as const, percentage: 10, targetType: 'SPECIFIC_ITEMS' as const, specificItemsInfo },
    ],
  },
});

/** A second server on the same database: another process as far as the first one's memory goes. */
async function fromAnotherServer(work: (other: Awaited<ReturnType<typeof buildApp>>) => Promise<unknown>) {
  const other = await buildApp({ config: kit.server.config, merx: kit.server.merx, logger: false });
  try {
    await work(other);
  } finally {
    await other.app.close();
  }
}

describe('the totals configuration kept per process', () => {
  it('costs two primary-key reads when nothing changed, and answers the same', async () => {
    const first = await load();
    let again: Awaited<ReturnType<typeof load>> | undefined;
    const statements = await kit.statementsOf(async () => {
      again = await load();
    });
    expect(statements).toBe(2);
    expect(again).toEqual(first);
  });

  it('sees a change made by another server on the same database at the next call', async () => {
    const name = unique('Elsewhere ');
    await load();
    await fromAnotherServer(async (other) => {
      await other.services.discounts.rules.create(percentOff(name));
      await other.services.shipping.fees.create({ type: 'INSURANCE', name, amount: '1.5' });
      await other.services.shipping.tax.updateSettings({ taxIncludedInItemPrices: true });
    });
    const after = await load();
    expect(after.discountRules.map((r) => r.name)).toContain(name);
    expect(after.additionalFees).toContainEqual(expect.objectContaining({ name, amount: 150 }));
    expect(after.tax?.taxIncludedInItemPrices).toBe(true);
    await kit.owner.patch('/_api/merx/v1/tax-settings', { taxSettings: { taxIncludedInItemPrices: false } });
    expect((await load()).tax?.taxIncludedInItemPrices).toBe(false);
  });

  it('sees every kind of shipping, tax, tip and fee write at once', async () => {
    const name = unique('Write ');
    await load();
    const region = await created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
      name,
      destinations: [{ countryCode: 'FR' }],
    });
    const option = await created('/ecom/v1/shipping-options', 'shippingOption', {
      title: name,
      deliveryRegionIds: [region.id],
      rates: [{ amount: '4' }],
    });
    const optionOf = async () => (await load()).shipping?.options.find((o) => o.id === option.id);
    expect(await optionOf()).toMatchObject({ title: name, regions: [{ name }] });
    await kit.owner.patch(`/_api/merx/v1/delivery-regions/${region.id}`, {
      deliveryRegion: { name: `${name} renamed` },
    });
    expect((await optionOf())?.regions[0]?.name).toBe(`${name} renamed`);
    const patched = await kit.owner.patch(`/ecom/v1/shipping-options/${option.id}`, {
      shippingOption: { revision: option.revision, rates: [{ amount: '6' }] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await optionOf())?.rates[0]?.amount).toBe(600);
    expect((await kit.owner.delete(`/ecom/v1/shipping-options/${option.id}`)).status).toBe(200);
    expect(await optionOf()).toBeUndefined();

    const taxRegion = await created('/_api/merx/v1/tax-regions', 'taxRegion', {
      country: 'FR',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'France', type: 'COUNTRY', rate: '0.2' }],
    });
    expect((await load()).tax?.regions.map((r) => r.id)).toContain(taxRegion.id);
    expect((await kit.owner.delete(`/_api/merx/v1/tax-regions/${taxRegion.id}`)).status).toBe(200);
    expect((await load()).tax?.regions.map((r) => r.id)).not.toContain(taxRegion.id);

    await created('/tip-settings/v1/tip-settings/create-default', 'tipSettings', { presets: [{ value: 12 }] });
    expect((await load()).tipSettings?.presets).toEqual([{ value: 1200, default: false }]);

    const fee = await created('/_api/merx/v1/additional-fees', 'additionalFee', {
      type: 'HANDLING_FEE',
      name,
      amount: '2',
    });
    expect((await load()).additionalFees.map((f) => f.id)).toContain(fee.id);
    expect((await kit.owner.delete(`/_api/merx/v1/additional-fees/${fee.id}`)).status).toBe(200);
    expect((await load()).additionalFees.map((f) => f.id)).not.toContain(fee.id);
  });

  it('sees discount rules created, changed and deleted at once', async () => {
    const name = unique('Rule ');
    await load();
    const rule = await created('/ecom/v1/discount-rules', 'discountRule', percentOff(name));
    expect((await load()).discountRules.map((r) => r.id)).toContain(rule.id);
    const res = await kit.owner.patch(`/ecom/v1/discount-rules/${rule.id}`, {
      discountRule: { active: false, revision: rule.revision },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await load()).discountRules.map((r) => r.id)).not.toContain(rule.id);
    const other = await created('/ecom/v1/discount-rules', 'discountRule', percentOff(`${name} 2`));
    expect((await load()).discountRules.map((r) => r.id)).toContain(other.id);
    expect((await kit.owner.delete(`/ecom/v1/discount-rules/${other.id}`)).status).toBe(200);
    expect((await load()).discountRules.map((r) => r.id)).not.toContain(other.id);
  });

  it('starts and ends a rule when the clock passes its window, with no write in between', async () => {
    const now = Date.now();
    const start = new Date(now + HOUR).toISOString();
    const end = new Date(now + 3 * HOUR).toISOString();
    const rule = await created('/ecom/v1/discount-rules', 'discountRule', percentOff(unique('Soon '), { start, end }));
    const liveAt = async (at: number) => {
      let ids: string[] = [];
      const statements = await kit.statementsOf(async () => {
        ids = (await load(new Date(at))).discountRules.map((r) => r.id);
      });
      return { live: ids.includes(rule.id), statements };
    };
    await load();
    expect(await liveAt(now)).toEqual({ live: false, statements: 2 });
    expect(await liveAt(Date.parse(start) - 1)).toEqual({ live: false, statements: 2 });
    expect(await liveAt(Date.parse(start))).toEqual({ live: true, statements: 2 });
    expect(await liveAt(now + 2 * HOUR)).toEqual({ live: true, statements: 2 });
    expect(await liveAt(Date.parse(end))).toEqual({ live: false, statements: 2 });
  });

  it('answers as the uncached read does', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const cached = await load(at);
    const rules = (await services().discounts.rules.live(at)).map((r) => r.id);
    expect(cached.discountRules.map((r) => r.id)).toEqual(rules);
    expect(cached.shipping).toEqual(await services().shipping.shippingConfiguration());
    expect(cached.tax).toEqual(await services().shipping.taxConfiguration());
    expect(cached.tipSettings).toEqual(await services().shipping.tipSettings());
    expect(cached.additionalFees).toEqual(await services().shipping.additionalFees());
  });

  it('bumps the discounts version for coupon writes too', async () => {
    const version = async () =>
      Number(
        (
          await kit.server.merx.db
            .selectFrom('sequences')
            .select('value')
            .where('name', '=', 'version:discounts')
            .executeTakeFirst()
        )?.value ?? 0,
      );
    const before = await version();
    const coupon = await created('/_api/merx/v1/coupons', 'coupon', {
      code: unique('C'),
      name: 'Coupon',
      discount: { discountType: 'PERCENTAGE', percentage: 5 },
    });
    expect(await version()).toBe(before + 1);
    expect((await kit.owner.delete(`/_api/merx/v1/coupons/${coupon.id}`)).status).toBe(200);
    expect(await version()).toBe(before + 2);
  });
});

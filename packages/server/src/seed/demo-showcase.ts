import { couponInput, discountRuleInput, STORES_APP_ID, tipSettingsInput } from '@merx/contract';
import type { MerxApp } from '../app.js';

type Services = MerxApp['services'];

/**
 * What the demo store shows off beyond its catalog, named in the start banner and the README so that a first-time
 * owner knows what to try. Kept as data here, so the banner, the README and the tests say the same thing.
 */
export const demoShowcase = {
  coupon: { code: 'WELCOME10', percentage: 10 },
  /** Coffee and tea: 15 % off when the cart holds two or more of them. */
  rule: {
    name: 'Coffee & tea: 2+ for 15% off',
    percentage: 15,
    minQuantity: 2,
    slugs: ['house-blend-coffee', 'ethiopia-yirgacheffe-coffee', 'masala-chai-loose-leaf'],
  },
  tipPercentages: [10, 15, 20],
  courier: { title: 'Scheduled courier', rate: '6' },
  /** The product whose page says "Only 3 left" (its stock is set in demo-catalog.ts). */
  lowStock: { slug: 'morning-ritual-gift-set', name: 'Morning Ritual Gift Set', quantity: 3 },
} as const;

/**
 * Delivery windows of the demo's courier: two on the day after tomorrow (UTC), counted from when the demo is
 * loaded. Windows are dates, not a weekly timetable, so an old demo database offers none until the owner adds more.
 */
export function demoCourierSlots(now: Date): Array<{ from: string; to: string }> {
  const at = (hour: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() + 2);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  return [
    { from: at(9), to: at(12) },
    { from: at(14), to: at(18) },
  ];
}

/**
 * Adds the showcase to a freshly seeded demo store: the coupon, the coffee & tea rule, tips at checkout and a
 * courier with delivery windows in the United States. `productIds` maps the demo's slugs to their ids.
 */
export async function seedDemoShowcase(
  services: Services,
  productIds: ReadonlyMap<string, string>,
  now: Date = new Date(),
): Promise<void> {
  const { coupon, rule, tipPercentages, courier } = demoShowcase;
  await services.discounts.coupons.create(
    couponInput.parse({
      code: coupon.code,
      name: `Welcome: ${coupon.percentage}% off`,
      discount: { discountType: 'PERCENTAGE', percentage: coupon.percentage },
    }),
  );

  const ids = rule.slugs.map((slug) => productIds.get(slug)).filter((id): id is string => id !== undefined);
  const scopes = [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids } }];
  await services.discounts.rules.create(
    discountRuleInput.parse({
      name: rule.name,
      active: true,
      trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { scopes, from: rule.minQuantity } },
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            targetType: 'SPECIFIC_ITEMS',
            percentage: rule.percentage,
            specificItemsInfo: { scopes },
          },
        ],
      },
    }),
  );

  await services.shipping.tips.createDefault(
    tipSettingsInput.parse({
      tipType: 'PERCENTAGE',
      presets: tipPercentages.map((value) => ({ value, ...(value === 15 ? { default: true } : {}) })),
      allowCustomerTip: true,
      allowCustomAmount: true,
    }),
  );

  const us = (await services.shipping.deliveryRegions.list()).find((r) =>
    r.destinations?.some((d) => d.countryCode === 'US'),
  );
  if (!us) throw new Error('demo showcase: the demo store has no United States delivery region');
  await services.shipping.shippingOptions.create({
    title: courier.title,
    estimatedDeliveryTime: 'At the time you choose',
    deliveryRegionIds: [us.id],
    rates: [{ amount: courier.rate }],
    deliveryTimeSlots: demoCourierSlots(now),
  });
}

/** The start banner's lines about the demo store: what to try, with where (`url` is the store's address). */
export function demoShowcaseLines(url: string): string[] {
  const { coupon, rule, tipPercentages, courier, lowStock } = demoShowcase;
  return [
    '  The demo store is loaded. Things to try in the shop:',
    `    - Coupon ${coupon.code}: ${coupon.percentage}% off the order (enter it in the cart)`,
    `    - ${rule.name}, taken off by itself (a discount rule)`,
    `    - "Only ${lowStock.quantity} left": ${url}/product-page/${lowStock.slug}`,
    `    - Tips at checkout: ${tipPercentages.join(', ')}%`,
    `    - Delivery to the US: pick up at the shop, or the ${courier.title.toLowerCase()} with delivery windows`,
  ];
}

/**
 * The catalog's facets come from the server for the whole catalog: with 130 products of one brand added through the
 * API (eleven pages of twelve), the brand, size, colour and stock counts cover every one of them; ticking sizes and a
 * colour filters and pages on the server (the count and the last page agree with the API); a group is counted
 * without its own ticks (ticking "M" still shows how many "L"); a choice no product has under the filters is left
 * out; the ticks live in the URL; the panel works from the keyboard and on a phone. Screenshots land in
 * tests/e2e/artifacts/storefront/. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, type ShopServer, shopJourney, shot } from './shop-kit.js';

const suite = browserSuite();
const BRAND = 'Trailmark';
const COUNT = 130;
const SIZES = [['S', 'M', 'L'], ['S', 'M'], ['L', 'XL'], ['S']];
const COLOURS: Record<string, string> = { Red: '#b03a2e', Navy: '#1f2a44', Ochre: '#c98b2b' };

/** The generated products: sizes by position; the S-only ones come in Ochre only, the others in Red and/or Navy. */
function planOf(i: number): { name: string; sizes: string[]; colours: string[]; price: number } {
  const sizes = SIZES[i % 4] ?? [];
  const colours = i % 4 === 3 ? ['Ochre'] : ([['Red', 'Navy'], ['Navy'], ['Red']][i % 3] ?? []);
  return { name: `${BRAND} Tee ${String(i + 1).padStart(3, '0')}`, sizes, colours, price: 20 + (i % 10) * 5 };
}
const PLANS = Array.from({ length: COUNT }, (_, i) => planOf(i));
const howMany = (test: (p: (typeof PLANS)[number]) => boolean) => PLANS.filter(test).length;

let apiKey = '';

async function seed(server: ShopServer): Promise<void> {
  apiKey = (await server.app.services.apiKeys.create({ name: 'Facets' })).key;
  const create = async (p: (typeof PLANS)[number]) => {
    const res = await fetch(`${server.baseUrl}/stores/v1/products`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        product: {
          name: p.name,
          brand: BRAND,
          priceData: { price: p.price },
          productOptions: [
            { name: 'Size', optionType: 'drop_down', choices: p.sizes.map((s) => ({ value: s, description: s })) },
            {
              name: 'Colour',
              optionType: 'color',
              choices: p.colours.map((c) => ({ value: COLOURS[c], description: c })),
            },
          ],
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  // A few at a time: the server writes one product per request.
  for (let i = 0; i < PLANS.length; i += 5) await Promise.all(PLANS.slice(i, i + 5).map(create));
}

/** What the v1 products API counts for a filter (the count the listing must show). */
async function apiTotal(server: ShopServer, filter: Record<string, unknown>): Promise<number> {
  const r = Buffer.from(JSON.stringify({ query: { filter, paging: { limit: 1 } } })).toString('base64url');
  const res = await fetch(`${server.baseUrl}/stores-reader/v1/products/query-platformized?.r=${r}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { metadata: { total: number } }).metadata.total;
}

/** The product count the listing shows, as a number. */
async function shownCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /\d+ products?/ });
  await status.waitFor();
  return Number(((await status.textContent()) ?? '').replace(/ products?.*/, '').replaceAll(',', ''));
}

/** The checkbox of a facet value ("M (43)") in the group named by its legend. */
const choice = (page: Page, group: string, value: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('checkbox', { name: new RegExp(`^${value} \\(`) });

/** The values a facet group offers with their counts: { M: 65, … }. */
async function offered(page: Page, group: string): Promise<Record<string, number>> {
  const labels = await page.getByRole('group', { name: group, exact: true }).locator('label').allTextContents();
  return Object.fromEntries(
    labels.map((l) => {
      const m = /^(.*) \((\d[\d,]*)\)$/.exec(l.trim());
      return [m?.[1] ?? l, Number((m?.[2] ?? '').replaceAll(',', ''))];
    }),
  );
}

suite('catalog facets in Chromium', () => {
  const journey = shopJourney({ setup: seed, timeout: 240_000, failedPrefix: 'facets-' });
  const { problems, shopper } = journey;

  it('counts brands, sizes, colours and stock over every product, not the first page', async () => {
    const page = await shopper();
    const all = await apiTotal(journey.server, {});
    await page.goto(`${journey.server.baseUrl}/shop`);
    expect(await shownCount(page)).toBe(all);
    await expect.poll(() => choice(page, 'Brand', BRAND).count()).toBe(1);
    expect((await offered(page, 'Brand'))[BRAND]).toBe(COUNT);

    await choice(page, 'Brand', BRAND).check();
    await page.waitForURL(/brand=Trailmark/);
    await expect.poll(() => shownCount(page)).toBe(COUNT);
    await page.getByText(`Page 1 of ${Math.ceil(COUNT / 12)}`).waitFor();
    expect(await page.locator('.catalog__results .grid > li').count()).toBe(12);
    // Every size and colour of the 130, in the order sizes read.
    await expect
      .poll(() => offered(page, 'Size'))
      .toEqual({
        S: howMany((p) => p.sizes.includes('S')),
        M: howMany((p) => p.sizes.includes('M')),
        L: howMany((p) => p.sizes.includes('L')),
        XL: howMany((p) => p.sizes.includes('XL')),
      });
    expect(
      await page
        .getByRole('group', { name: 'Size', exact: true })
        .locator('label > span:first-of-type')
        .allTextContents(),
    ).toEqual(['S', 'M', 'L', 'XL']);
    expect(await offered(page, 'Colour')).toEqual({
      Navy: howMany((p) => p.colours.includes('Navy')),
      Ochre: howMany((p) => p.colours.includes('Ochre')),
      Red: howMany((p) => p.colours.includes('Red')),
    });
    // Colour choices show their swatch.
    expect(await page.getByRole('group', { name: 'Colour', exact: true }).locator('.swatch-dot').count()).toBe(3);
    // None of them tracks stock: all in stock. Collections are counted as choosing one would list them (all brands).
    await page.getByRole('checkbox', { name: `In stock only (${COUNT})` }).waitFor();
    expect(await page.locator('#filter-collection option').first().textContent()).toBe(
      `All products (${all.toLocaleString('en-US')})`,
    );
    // The price bounds of the selection: the cheapest and dearest of the 130.
    await page.getByText('From $20.00 to $65.00').waitFor();
    expect(await page.getByLabel('Min').getAttribute('placeholder')).toBe('20');
    await shot(page, 'facets-brand-desktop');
    expect(problems).toEqual([]);
  }, 120_000);

  it('filters sizes and colours on the server, counting each group without its own ticks', async () => {
    const page = await shopper();
    await page.goto(`${journey.server.baseUrl}/shop?brand=${BRAND}`);
    await expect.poll(() => shownCount(page)).toBe(COUNT);
    const sizes = await (async () => {
      await expect.poll(async () => Object.keys(await offered(page, 'Size')).length).toBe(4);
      return offered(page, 'Size');
    })();

    await choice(page, 'Size', 'M').check();
    await page.waitForURL(/o\.Size=M/);
    const m = howMany((p) => p.sizes.includes('M'));
    await expect.poll(() => shownCount(page)).toBe(m);
    expect(m).toBe(await apiTotal(journey.server, { brand: BRAND, optionChoices: { $hasSome: ['Size: M'] } }));
    // Sizes are counted without the size ticked; colours within size M: Ochre (S only) is gone.
    await expect
      .poll(() => offered(page, 'Colour'))
      .toEqual({
        Navy: howMany((p) => p.sizes.includes('M') && p.colours.includes('Navy')),
        Red: howMany((p) => p.sizes.includes('M') && p.colours.includes('Red')),
      });
    expect(await offered(page, 'Size')).toEqual(sizes);

    // From the keyboard: Tab from M reaches L, Space ticks it.
    await choice(page, 'Size', 'M').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.waitForURL(/o\.Size=M&o\.Size=L/);
    const mOrL = howMany((p) => p.sizes.includes('M') || p.sizes.includes('L'));
    await expect.poll(() => shownCount(page)).toBe(mOrL);

    await choice(page, 'Colour', 'Red').check();
    await page.waitForURL(/o\.Colour=Red/);
    const red = howMany((p) => (p.sizes.includes('M') || p.sizes.includes('L')) && p.colours.includes('Red'));
    await expect.poll(() => shownCount(page)).toBe(red);
    expect(red).toBe(
      await apiTotal(journey.server, {
        $and: [
          { brand: BRAND },
          { optionChoices: { $hasSome: ['Size: M', 'Size: L'] } },
          { optionChoices: { $hasSome: ['Colour: Red'] } },
        ],
      }),
    );
    // Sizes now count red products of any size; Colour still offers Navy, counted over sizes M or L.
    await expect
      .poll(() => offered(page, 'Size'))
      .toEqual({
        S: howMany((p) => p.sizes.includes('S') && p.colours.includes('Red')),
        M: howMany((p) => p.sizes.includes('M') && p.colours.includes('Red')),
        L: howMany((p) => p.sizes.includes('L') && p.colours.includes('Red')),
        XL: howMany((p) => p.sizes.includes('XL') && p.colours.includes('Red')),
      });
    expect((await offered(page, 'Colour')).Navy).toBe(
      howMany((p) => (p.sizes.includes('M') || p.sizes.includes('L')) && p.colours.includes('Navy')),
    );
    await shot(page, 'facets-size-colour-desktop');

    // The last page holds the rest, as the server pages it.
    const last = Math.ceil(red / 12);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${last}`).waitFor();
    await page.goto(`${page.url().replace(/&page=\d+/, '')}&page=${last}`);
    await page.getByText(`Page ${last} of ${last}`).waitFor();
    expect(await page.locator('.catalog__results .grid > li').count()).toBe(red - (last - 1) * 12);
    for (const name of await page.locator('.catalog__results .grid .card__name').allTextContents())
      expect(name).toMatch(/^Trailmark Tee/);

    // Back to the first page, then to the ticks before Red: the URL holds them.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect.poll(() => shownCount(page)).toBe(mOrL);
    expect(await choice(page, 'Colour', 'Red').isChecked()).toBe(false);
    expect(await choice(page, 'Size', 'L').isChecked()).toBe(true);

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it('lists products and keeps the ticks when the counts cannot be read, and counts again on "Try again"', async () => {
    const page = await shopper();
    const refuse = (route: Route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'refused', details: { applicationError: { code: 'INVALID_ARGUMENT' } } }),
      });
    await page.route('**/stores/v3/products/search', refuse);
    await page.goto(`${journey.server.baseUrl}/shop?brand=${BRAND}&o.Size=XL`);
    await expect.poll(() => shownCount(page)).toBe(howMany((p) => p.sizes.includes('XL')));
    await page.getByRole('alert').filter({ hasText: 'The filter counts could not be loaded.' }).waitFor();
    // The ticks stay, without counts, and can be taken back.
    const xl = page
      .getByRole('group', { name: 'Size', exact: true })
      .getByRole('checkbox', { name: 'XL', exact: true });
    expect(await xl.isChecked()).toBe(true);
    await shot(page, 'facets-counts-failed-desktop');
    await page.unroute('**/stores/v3/products/search', refuse);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(async () => (await offered(page, 'Size')).XL).toBe(howMany((p) => p.sizes.includes('XL')));
    expect(await page.getByRole('alert').count()).toBe(0);
    await choice(page, 'Size', 'XL').uncheck();
    await expect.poll(() => shownCount(page)).toBe(COUNT);
    expect(problems).toEqual([]);
  }, 120_000);

  it('keeps a ticked choice that no product has any more, and shows the panel on a phone', async () => {
    const phone = await shopper({ width: 390, height: 844 });
    // XL and Ochre never meet: the list is empty, both ticks stay offered (at 0) so they can be taken back.
    await phone.goto(`${journey.server.baseUrl}/shop?brand=${BRAND}&o.Size=XL&o.Colour=Ochre`);
    await phone.getByRole('heading', { name: 'No products match' }).waitFor();
    await phone.getByRole('button', { name: 'Filters (3)' }).click();
    await expect.poll(async () => (await offered(phone, 'Colour')).Ochre).toBe(0);
    expect((await offered(phone, 'Size')).XL).toBe(0);
    await shot(phone, 'facets-empty-phone');
    // Unticked, Ochre has no product under XL and leaves the panel: click, then check the outcome (uncheck() would
    // wait on a box that is gone).
    await choice(phone, 'Colour', 'Ochre').click();
    await phone.waitForURL((url) => !url.search.includes('Ochre'));
    await expect.poll(() => shownCount(phone)).toBe(howMany((p) => p.sizes.includes('XL')));
    await shot(phone, 'facets-open-phone');
    expect(problems).toEqual([]);
  }, 120_000);
});

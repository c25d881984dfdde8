/**
 * An unknown address answers 404 and shows the shop's not-found page at once, without retrying the lookup; a real
 * product's page carries the head search engines read, written by the server (issue 18, items 11 and 14).
 * Screenshots land in tests/e2e/artifacts/storefront/. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { expect, it } from 'vitest';
import { browserSuite, shopJourney, shot } from './shop-kit.js';

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };

suite('not-found pages and search-engine heads in Chromium', () => {
  const journey = shopJourney();
  const { problems, shopper } = journey;

  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    it(`shows an unknown product's not-found page at once with a 404, asking the API once (${device})`, async () => {
      const page = await shopper(viewport);
      const lookups: string[] = [];
      let answeredAt = 0;
      page.on('request', (r) => {
        if (/\/products\/query/.test(r.url())) lookups.push(r.url());
      });
      page.on('response', (r) => {
        if (/\/products\/query/.test(r.url()) && !answeredAt) answeredAt = Date.now();
      });
      const started = Date.now();
      const response = await page.goto(`${journey.server.baseUrl}/product-page/no-such-product`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'We could not find that page', level: 1 }).waitFor();
      const shownAt = Date.now();
      // Before: two retries after the first "no such product", 1 s and 2 s later, and only then the page said so
      // (~3.7 s in all, never under 3 s). Now it says so as soon as the one lookup answers: ~0.4 s on an idle
      // machine; the bound leaves room for a loaded, shared test machine and the lookup count below is exact.
      expect(answeredAt).toBeGreaterThan(0);
      expect(shownAt - answeredAt).toBeLessThan(3000);
      await page.waitForTimeout(1200);
      expect(lookups).toHaveLength(1);
      expect(await page.title()).toMatch(/^Page not found · /);
      await expect(page.getByText(/^This product is not in the shop/).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Browse the shop' }).isVisible()).resolves.toBe(true);
      await shot(page, `40-not-found-product-${device}`);
      console.info(
        `not-found shown ${shownAt - started} ms after navigating, ${shownAt - answeredAt} ms after the lookup (${device})`,
      );

      const collection = await page.goto(`${journey.server.baseUrl}/collections/no-such-collection`);
      expect(collection?.status()).toBe(404);
      await page.getByText(/^This collection is not in the shop/).waitFor();
      await shot(page, `41-not-found-collection-${device}`);

      const unknown = await page.goto(`${journey.server.baseUrl}/no/such/page`);
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { name: 'We could not find that page', level: 1 }).waitFor();
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    });
  }

  it("serves a real product's page with its head, and drops it once the shopper moves on", async () => {
    const served = await fetch(`${journey.server.baseUrl}/product-page/camp-enamel-mug`, {
      headers: { accept: 'text/html' },
    });
    expect(served.status).toBe(200);
    const html = await served.text();
    const canonical = `${journey.server.baseUrl}/product-page/camp-enamel-mug`;
    expect(html).toMatch(/<title>Camp Enamel Mug · [^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('<meta property="og:type" content="product"');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/[^"]+"/);
    expect(html).toMatch(/<meta property="product:price:amount" content="\d+\.\d\d"/);
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Camp Enamel Mug', offers: { '@type': 'Offer' } });

    const page = await shopper();
    await page.goto(canonical);
    await page.getByRole('heading', { name: 'Camp Enamel Mug', level: 1 }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.title()).toMatch(/^Camp Enamel Mug · /);
    // Moving on inside the shop: the tags of the mug's page do not stay on the next page.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => page.title()).toMatch(/^Shop all · /);
    expect(await page.locator('[data-merx-seo]').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

/**
 * The product page's "You may also like" (issue 19, item 2): the recommendations the @wix/ecom module reads, shown
 * by the shop under the product, linking to other products, on a desktop and a phone without sideways scrolling.
 * Screenshots land in tests/e2e/artifacts/storefront/. Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import { expect, it } from 'vitest';
import { browserSuite, shopJourney, shot } from './shop-kit.js';

const suite = browserSuite();

suite('related products on the product page in Chromium', () => {
  const journey = shopJourney();
  const { problems, shopper } = journey;

  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`shows other products of the same collections under the product, each a link (${device})`, async () => {
      const page = await shopper(viewport);
      const asked: unknown[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/v1/recommendations/get')) asked.push(r.postDataJSON());
      });
      await page.goto(`${journey.server.baseUrl}/product-page/morning-ritual-gift-set`);
      await page.getByRole('heading', { name: 'Morning Ritual Gift Set', level: 1 }).waitFor();
      const related = page.getByRole('region', { name: 'You may also like' });
      await related.waitFor();
      const links = related.getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(1);
      const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      expect(hrefs.every((h) => h.startsWith('/product-page/'))).toBe(true);
      expect(hrefs).not.toContain('/product-page/morning-ritual-gift-set');
      expect(asked.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(asked[0])).toContain('catalogItemId');
      // The section sits below the product, and a phone never scrolls sideways.
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      await related.scrollIntoViewIfNeeded();
      await shot(page, `related-products-${device}`);

      await links.first().click();
      await page.waitForURL((u) => u.pathname === hrefs[0]);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(problems).toEqual([]);
    });
  }
});

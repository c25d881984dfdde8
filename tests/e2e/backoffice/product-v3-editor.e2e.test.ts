/**
 * The product editor's catalog v3 parts, in a real Chromium against a real server with the demo store: the owner
 * writes a description with bold text (saved as the rich-content node model), chooses an existing brand and creates
 * a new ribbon by typing it, and switches the product from its own info sections to two shared ones, in a chosen
 * order. The API shows each part afterwards (v3 reads), a reload shows them again with nothing counted as changed,
 * and the page passes axe. Screenshots in tests/e2e/artifacts/backoffice/product-v3-editor-*.png. Skipped when
 * Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { RichNode } from '@merx/contract';
import { ApiKeyStrategy, brands, createClient, infoSections, products, productsV3, ribbons } from '@merx/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  flattenRich,
  launchChromium,
  newStaffPage,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

const suite = browserSuite();

suite('the product editor’s catalog v3 parts', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({
      baseUrl,
      auth: ApiKeyStrategy({ apiKey }),
      modules: { products, productsV3, ribbons, brands, infoSections },
    });

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E product v3 editor' })).key);
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
    expect(problems).toEqual([]);
  });

  async function staffPage(): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems);
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `product-v3-editor-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
        () => undefined,
      );
    });
    return page;
  }

  it('saves a bold description, a chosen brand, a new ribbon and two shared info sections in order', async () => {
    const brand = await api.brands.createBrand('Northwind Looms');
    const rich = (text: string) => ({
      nodes: [{ type: 'PARAGRAPH' as const, id: 'p1', nodes: [{ type: 'TEXT' as const, id: '', textData: { text } }] }],
    });
    const care = await api.infoSections.createInfoSection({
      uniqueName: 'care-wool',
      title: 'Care',
      description: rich('Hand wash cold.'),
    });
    const returns = await api.infoSections.createInfoSection({
      uniqueName: 'returns-30',
      title: 'Returns',
      description: rich('Thirty days to change your mind.'),
    });
    const { product } = await api.products.createProduct({
      name: 'Fjord Wool Scarf',
      priceData: { price: 45 },
      additionalInfoSections: [{ title: 'Our own note', description: '<p>Made in a small mill.</p>' }],
    });

    const page = await staffPage();
    await signIn(page, server.baseUrl, `/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: 'Fjord Wool Scarf' }).waitFor();

    // The description, with bold text, in the shared rich-content editor.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.type('Soft as a cloud. ');
    const bold = page.getByRole('button', { name: 'Bold (Ctrl+B)' }).first();
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => description.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('Never itchy.');
    await expect.poll(() => description.innerHTML()).toContain('<strong>Never itchy.</strong>');

    // An existing brand, found by typing part of its name and chosen with the keyboard.
    const brandBox = page.getByRole('combobox', { name: 'Brand' });
    await brandBox.fill('northw');
    const brandOption = page.getByRole('option', { name: 'Northwind Looms' });
    // Once the search has caught up with the typing, the match is the active option (a new name comes after).
    await expect.poll(() => brandOption.getAttribute('aria-selected')).toBe('true');
    const brandList = page.getByRole('listbox', { name: 'Brand: choices' });
    await expect
      .poll(() => brandList.getByRole('option').allTextContents())
      .toEqual(['Northwind Looms', 'Create the brand “northw”']);
    await brandBox.press('Enter');
    await expect.poll(() => brandBox.inputValue()).toBe('Northwind Looms');

    // A new ribbon, by typing a name no ribbon has.
    const ribbonBox = page.getByRole('combobox', { name: 'Ribbon' });
    await ribbonBox.fill('Limited Run');
    await page.getByRole('option', { name: 'Create the ribbon “Limited Run”' }).waitFor();
    await shot(page, 'product-v3-editor-01-new-ribbon');
    await ribbonBox.press('ArrowDown');
    await ribbonBox.press('Enter');
    await page.getByText('New: “Limited Run” is created when you save the product.').waitFor();

    // Shared info sections instead of the product's own: the page says they replace the own one.
    const card = page.getByRole('region', { name: 'Additional info sections' });
    await card.getByRole('radio', { name: 'Shared info sections' }).check();
    await card.getByText('this product’s own section is replaced').waitFor();
    const add = card.getByRole('combobox', { name: 'Add a shared info section' });
    await add.fill('returns');
    await page.getByRole('option', { name: /returns-30/ }).waitFor();
    await add.press('Enter');
    await add.fill('care');
    await page.getByRole('option', { name: /care-wool/ }).waitFor();
    await add.press('Enter');
    const chosen = card.getByRole('list', { name: 'Shared info sections, in the order shown' });
    await expect.poll(() => chosen.locator('li strong').allTextContents()).toEqual(['returns-30', 'care-wool']);
    await card.getByRole('button', { name: 'Move care-wool up' }).click();
    await expect.poll(() => chosen.locator('li strong').allTextContents()).toEqual(['care-wool', 'returns-30']);
    await shot(page, 'product-v3-editor-02-before-save');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved').waitFor();

    // Through the API: the node model with a BOLD decoration, the brand by its id, the new ribbon, the sections.
    const v3 = await api.productsV3.getProduct(product.id, {
      fields: ['DESCRIPTION', 'INFO_SECTION', 'INFO_SECTION_DESCRIPTION'],
    });
    const nodes = flattenRich((v3.description as { nodes: RichNode[] }).nodes);
    const boldText = nodes.find((n) => n.type === 'TEXT' && n.textData?.decorations?.some((d) => d.type === 'BOLD'));
    expect(boldText?.textData?.text).toBe('Never itchy.');
    expect(nodes.find((n) => n.textData?.text === 'Soft as a cloud. ')?.textData?.decorations ?? []).toEqual([]);
    expect(v3.brand).toEqual({ id: brand.id, name: 'Northwind Looms' });
    const ribbon = (await api.ribbons.queryRibbons().eq('name', 'Limited Run').find()).items[0];
    expect(ribbon).toBeDefined();
    expect(v3.ribbon).toEqual({ id: ribbon?.id, name: 'Limited Run' });
    const sections = v3.infoSections as Array<{ id: string; uniqueName: string; description?: unknown }>;
    expect(sections.map((s) => s.id)).toEqual([care.id, returns.id]);
    expect(sections.map((s) => s.uniqueName)).toEqual(['care-wool', 'returns-30']);
    // v1 shows the copies, in the same order: the own section was replaced.
    const v1 = (await api.products.getProduct(product.id)).product;
    expect(v1.additionalInfoSections.map((s) => s.title)).toEqual(['Care', 'Returns']);
    expect(v1.description).toContain('<strong>Never itchy.</strong>');

    // Opened again: every part shows, and nothing counts as changed.
    await page.reload();
    const again = page.getByRole('textbox', { name: 'Description' });
    await expect.poll(() => again.locator('strong').allTextContents()).toEqual(['Never itchy.']);
    expect(await page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe('Northwind Looms');
    expect(await page.getByRole('combobox', { name: 'Ribbon' }).inputValue()).toBe('Limited Run');
    expect(
      await page
        .getByRole('region', { name: 'Additional info sections' })
        .getByRole('radio', { name: 'Shared info sections' })
        .isChecked(),
    ).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Shared info sections, in the order shown' })
          .locator('li strong')
          .allTextContents(),
      )
      .toEqual(['care-wool', 'returns-30']);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    // Its sections are the shared ones now: nothing of its own is left to replace.
    expect(await page.getByRole('note').filter({ hasText: 'replaced' }).count()).toBe(0);
    await shot(page, 'product-v3-editor-03-reopened');

    // No brand: choosing "No brand" clears it, and the save removes it.
    const brandAgain = page.getByRole('combobox', { name: 'Brand' });
    await brandAgain.click();
    await page.getByRole('option', { name: 'No brand' }).click();
    await expect.poll(() => brandAgain.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved').waitFor();
    expect((await api.productsV3.getProduct(product.id)).brand).toBeUndefined();

    // The page passes axe, with a picker's list open too.
    await page.getByRole('combobox', { name: 'Ribbon' }).click();
    await page.getByRole('listbox', { name: 'Ribbon: choices' }).waitFor();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    await shot(page, 'product-v3-editor-04-ribbon-list');
  }, 180_000);
});

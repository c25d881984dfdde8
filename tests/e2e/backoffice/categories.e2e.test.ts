/**
 * Categories in the back office, in a real Chromium against a real server with the demo store: the owner builds a
 * small tree, drags a category into another and the server's tree follows; reorders siblings from a row's actions
 * with the keyboard; a move under the category's own subcategory (and one too deep) is refused, said so, and the tree
 * stays as it was; a category's products are arranged by drag, by keyboard and by buttons, and the server lists them
 * in that order; the catalog version is switched on the store settings page and read back from
 * GET /stores/v3/provision/version; the pages pass axe. Screenshots in tests/e2e/artifacts/backoffice/categories-*.png.
 * Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, type Category, categories, collections, createClient, products } from '@merx/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import {
  type AdminServer,
  browserSuite,
  buildApps,
  launchChromium,
  newStaffPage,
  shot,
  signIn,
  startAdminServer,
} from './admin-kit.js';

const suite = browserSuite();

suite('categories in the back office', () => {
  let server: AdminServer;
  let browser: Browser;
  let api: ReturnType<typeof makeApi>;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const makeApi = (baseUrl: string, apiKey: string) =>
    createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { categories, collections, products } });

  beforeAll(async () => {
    await buildApps();
    server = await startAdminServer();
    browser = await launchChromium();
    api = makeApi(server.baseUrl, (await server.app.services.apiKeys.create({ name: 'E2E categories' })).key);
  }, 240_000);

  // Closing Chromium and the server took over a minute once on a loaded CI machine.
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  }, 180_000);

  /** A window tall enough for the whole tree, so that no drag starts near an edge (where the page scrolls). */
  async function staffPage(): Promise<Page> {
    const { context, page } = await newStaffPage(browser, problems, { width: 1280, height: 1400 });
    contexts.push(context);
    onTestFailed(async ({ task }) => {
      await shot(page, `categories-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    return page;
  }

  /** Every category as the server has it (hidden ones too). */
  async function serverTree(): Promise<Category[]> {
    let page = await api.categories.queryCategories({ returnNonVisibleCategories: true }).limit(100).find();
    const all = [...page.items];
    while (page.hasNext()) {
      page = await page.next();
      all.push(...page.items);
    }
    return all;
  }

  /** The names of a parent's children on the server, in order (null: the top level). */
  async function childNames(parentId: string | null): Promise<string[]> {
    return (await serverTree())
      .filter((c) => (c.parentCategory.id ?? null) === parentId)
      .sort((a, b) => a.parentCategory.index - b.parentCategory.index)
      .map((c) => c.name);
  }

  async function idOf(name: string): Promise<string> {
    const found = (await serverTree()).find((c) => c.name === name);
    if (!found) throw new Error(`no category ${name}`);
    return found.id;
  }

  /** The row of a category in the tree. */
  const row = (page: Page, name: string): Locator =>
    page.locator('.tree-row').filter({ has: page.getByRole('link', { name, exact: true }) });

  /** The names of the categories shown inside a category's row (its subtree's first level), in order. */
  const shownChildren = (page: Page, name: string) =>
    row(page, name)
      .locator('xpath=..')
      .evaluate((li) =>
        [...(li.querySelector(':scope > ul')?.children ?? [])].map(
          (child) => child.querySelector(':scope > .tree-row .tree-row__name')?.textContent ?? '',
        ),
      );

  /**
   * Drags a row by its handle with the mouse onto another row: its top edge (before), bottom edge (after) or middle
   * (inside), in small steps as a hand would; `during` runs while it is held over the target.
   */
  async function drag(
    page: Page,
    handle: Locator,
    target: Locator,
    at: 'before' | 'inside' | 'after',
    during?: () => Promise<void>,
  ) {
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('nothing to drag or to drop on');
    const y = to.y + to.height * (at === 'before' ? 0.1 : at === 'after' ? 0.9 : 0.5);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 3 });
    await page.mouse.move(to.x + 120, y, { steps: 12 });
    await page.mouse.move(to.x + 124, y, { steps: 2 });
    await during?.();
    await page.mouse.up();
  }

  const create = async (page: Page, name: string, parent?: string) => {
    if (parent) {
      await page.getByRole('button', { name: `Actions for ${parent}` }).click();
      await page.getByRole('button', { name: 'Add subcategory' }).click();
    } else {
      await page.getByRole('button', { name: 'Create category' }).first().click();
    }
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await row(page, name).waitFor();
    await dialog.waitFor({ state: 'detached' });
  };

  it('builds a small tree, and a category dragged into another moves there on the server', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await row(page, 'Footwear').waitFor();
    await shot(page, 'categories-01-demo-tree');

    await create(page, 'Seasonal');
    await create(page, 'Winter', 'Seasonal');
    await create(page, 'Summer', 'Seasonal');
    await create(page, 'Clearance');
    const seasonal = await idOf('Seasonal');
    expect(await childNames(seasonal)).toEqual(['Winter', 'Summer']);
    expect(await shownChildren(page, 'Seasonal')).toEqual(['Winter', 'Summer']);

    // Clearance, dragged by its handle onto the middle of Seasonal, goes inside it, last.
    await drag(page, row(page, 'Clearance').locator('.tree-row__handle'), row(page, 'Seasonal'), 'inside', async () => {
      await expect.poll(() => row(page, 'Seasonal').getAttribute('class')).toContain('tree-row--drop-inside');
      await shot(page, 'categories-02-dragging-inside');
    });
    await expect.poll(() => childNames(seasonal), { timeout: 10_000 }).toEqual(['Winter', 'Summer', 'Clearance']);
    expect(await shownChildren(page, 'Seasonal')).toEqual(['Winter', 'Summer', 'Clearance']);

    // Dragged onto the top edge of Winter, Clearance goes before it.
    await drag(page, row(page, 'Clearance').locator('.tree-row__handle'), row(page, 'Winter'), 'before');
    await expect.poll(() => childNames(seasonal), { timeout: 10_000 }).toEqual(['Clearance', 'Winter', 'Summer']);
    await page.getByText('“Clearance” moved: now 1 of 3 in “Seasonal”.').waitFor({ state: 'attached' });
    await shot(page, 'categories-03-tree-after-drag');

    // The Collections section lists the same records: the new categories are collections there.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('link', { name: 'Seasonal', exact: true }).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);

  it('reorders siblings and moves a category out of its parent with the keyboard, from the row’s actions', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/categories');
    const seasonal = await idOf('Seasonal');
    expect(await childNames(seasonal)).toEqual(['Clearance', 'Winter', 'Summer']);

    // Summer's actions, opened with the keyboard: Move up twice puts it first; the focus stays on its actions.
    const actions = page.getByRole('button', { name: 'Actions for Summer' });
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => actions.getAttribute('aria-expanded')).toBe('true');
    await shot(page, 'categories-04-row-actions');
    await page.getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => childNames(seasonal), { timeout: 10_000 }).toEqual(['Clearance', 'Summer', 'Winter']);
    await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => childNames(seasonal), { timeout: 10_000 }).toEqual(['Summer', 'Clearance', 'Winter']);
    expect(await shownChildren(page, 'Seasonal')).toEqual(['Summer', 'Clearance', 'Winter']);
    await page.getByText('“Summer” moved: now 1 of 3 in “Seasonal”.').waitFor({ state: 'attached' });

    // At the top, Move up is off; Escape closes the menu and gives the focus back.
    await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => actions.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);

    // Clearance moved out of Seasonal goes just after it at the top level.
    await page.getByRole('button', { name: 'Actions for Clearance' }).click();
    await page.getByRole('button', { name: 'Move out of “Seasonal”' }).press('Enter');
    await expect.poll(async () => (await childNames(null)).indexOf('Clearance')).toBeGreaterThan(-1);
    const top = await childNames(null);
    expect(top[top.indexOf('Seasonal') + 1]).toBe('Clearance');
    expect(await childNames(seasonal)).toEqual(['Summer', 'Winter']);
    expect(problems).toEqual([]);
  }, 90_000);

  it('refuses a move under the category’s own subcategory or too deep: it says why and the tree stays', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/categories');
    const seasonal = await idOf('Seasonal');
    await row(page, 'Winter').waitFor();
    const before = await serverTree();

    // Seasonal dropped on its own subcategory Winter: the server refuses, the page says so, nothing moved.
    await drag(page, row(page, 'Seasonal').locator('.tree-row__handle'), row(page, 'Winter'), 'inside');
    const alert = page.getByRole('alert').filter({ hasText: 'can’t go inside “Winter”' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Nothing was moved.');
    await expect.poll(() => shownChildren(page, 'Seasonal')).toEqual(['Summer', 'Winter']);
    await shot(page, 'categories-05-cycle-refused');
    expect(await serverTree()).toEqual(before);
    await alert.getByRole('button', { name: 'Dismiss' }).click();

    // A chain four deep; Seasonal (two levels with its children) moved under its end would make six: refused too.
    let parent: string | undefined;
    for (const name of ['Level 1', 'Level 2', 'Level 3', 'Level 4']) {
      parent = (await api.categories.createCategory({ name, ...(parent ? { parentCategory: { id: parent } } : {}) }))
        .id;
    }
    await page.reload();
    await row(page, 'Level 4').waitFor();
    await page.getByRole('button', { name: 'Actions for Seasonal' }).click();
    await page.getByRole('button', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move “Seasonal”' });
    // Its own subcategories are not offered.
    const offered = await dialog.getByLabel('Put it in').locator('option').allTextContents();
    expect(offered.some((o) => o.includes('Winter'))).toBe(false);
    await dialog.getByLabel('Put it in').selectOption({ label: '— — — Level 4' });
    await shot(page, 'categories-06-move-dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByRole('alert').filter({ hasText: 'levels deep' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'levels deep' }).textContent()).toContain(
      '“Seasonal” can’t go there',
    );
    await expect.poll(() => shownChildren(page, 'Level 4')).toEqual([]);
    expect((await api.categories.getCategory(seasonal)).parentCategory.id).toBeUndefined();
    await shot(page, 'categories-07-too-deep-refused');
    expect(problems).toEqual([]);
  }, 90_000);

  it('arranges a category’s products by drag, keyboard and buttons; the server lists them in that order', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/categories');
    await row(page, 'Footwear').getByRole('link', { name: 'Footwear' }).click();
    await page.getByRole('heading', { level: 1, name: 'Footwear' }).waitFor();
    const footwear = await idOf('Footwear');
    const serverOrder = async () => {
      const ids = (await api.categories.listProducts(footwear, { arranged: true, limit: 100 })).items.map(
        (i) => i.catalogItemId,
      );
      return ids;
    };
    const shownOrder = () =>
      page.locator('.arranged__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-product-id')));
    await page.locator('.arranged__item').first().waitFor();
    const start = await serverOrder();
    expect(start.length).toBeGreaterThanOrEqual(3);
    expect(await shownOrder()).toEqual(start);
    await shot(page, 'categories-08-products');

    // The last product dragged by its handle to the top.
    const items = page.locator('.arranged__item');
    const last = start[start.length - 1] as string;
    await drag(page, items.last().locator('.arranged__handle'), items.first(), 'before');
    const dragged = [last, ...start.slice(0, -1)];
    await expect.poll(serverOrder, { timeout: 10_000 }).toEqual(dragged);
    expect(await shownOrder()).toEqual(dragged);
    await page.getByText(/Order saved: .* is at position 1 of/).waitFor();

    // With the keyboard: the first product's handle picked up with Space, moved down twice, put down with Space.
    await items.first().locator('.arranged__handle').focus();
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    const keyed = [dragged[1], dragged[2], dragged[0], ...dragged.slice(3)];
    await expect.poll(serverOrder, { timeout: 10_000 }).toEqual(keyed);
    expect(await shownOrder()).toEqual(keyed);

    // The Up button of the second product.
    const second = (await page.locator(`[data-product-id="${keyed[1]}"] .arranged__name`).textContent()) ?? '';
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    const buttoned = [keyed[1], keyed[0], ...keyed.slice(2)];
    await expect.poll(serverOrder, { timeout: 10_000 }).toEqual(buttoned);
    await shot(page, 'categories-09-products-arranged');

    // The v1 collection's merchant order (the `featured` sort) is the same order.
    const v1 = await api.products.queryProductsPage(
      { filter: { collectionIds: { $hasSome: [footwear] } }, sort: [{ fieldName: 'featured', order: 'ASC' }] },
      { includeHiddenProducts: true },
    );
    expect(v1.products.map((p) => p.id)).toEqual(buttoned);

    // A product found with the picker is added at the end; Remove takes one out (it stays in the store).
    await page.getByLabel('Find products by name or SKU').fill('Canvas');
    const add = page.getByRole('button', { name: /^Add / }).first();
    await add.waitFor();
    const addedName = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
    await add.click();
    await expect.poll(async () => (await serverOrder()).length).toBe(buttoned.length + 1);
    await page.locator('.arranged__name', { hasText: addedName }).waitFor();
    expect(await page.locator('.arranged__name').last().textContent()).toBe(addedName);
    await page.getByRole('button', { name: `Remove ${addedName} from this category` }).click();
    await expect.poll(serverOrder, { timeout: 10_000 }).toEqual(buttoned);
    expect(problems).toEqual([]);
  }, 120_000);

  it('switches the catalog version on the store settings page; the store answers it', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/settings/store');
    const version = async () =>
      ((await (await fetch(`${server.baseUrl}/stores/v3/provision/version`)).json()) as { catalogVersion: string })
        .catalogVersion;
    expect(await version()).toBe('V1_CATALOG');
    const card = page.getByRole('region', { name: 'Catalog version' });
    expect(await card.getByLabel('Catalog V1 (collections)').isChecked()).toBe(true);
    await card.getByLabel('Catalog V3 (categories)').check();
    await shot(page, 'categories-10-catalog-version');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Store details saved').waitFor();
    await expect.poll(version).toBe('V3_CATALOG');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Store details' }).waitFor();
    expect(
      await page.getByRole('region', { name: 'Catalog version' }).getByLabel('Catalog V3 (categories)').isChecked(),
    ).toBe(true);
    // Both catalogs stay readable.
    const read = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expect((await read('/stores-reader/v1/products/query', {})).status).toBe(200);
    expect((await read('/stores/v3/products/query', { query: {} })).status).toBe(200);
    expect(problems).toEqual([]);
  }, 60_000);

  it('has no serious or critical axe violations, with a row’s actions and a dialog open too', async () => {
    const page = await staffPage();
    await signIn(page, server.baseUrl, '/admin/categories');
    const footwear = await idOf('Footwear');
    const check = async (what: string) => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    };
    await row(page, 'Footwear').waitFor();
    await check('tree');
    await page.getByRole('button', { name: 'Actions for Footwear' }).click();
    await check('row actions');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').waitFor();
    await check('rename dialog');
    await page.keyboard.press('Escape');
    for (const path of [`/admin/categories/${footwear}`, '/admin/categories/00000000-000000-000000-000000000001']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('.arranged__item').first().waitFor();
      await check(path);
    }
    await page.goto(`${server.baseUrl}/admin/settings/store`);
    await page.getByRole('region', { name: 'Catalog version' }).waitFor();
    await check('store settings');
  }, 120_000);
});

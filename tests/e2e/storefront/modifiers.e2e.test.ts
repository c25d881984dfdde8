/**
 * Choice modifiers in the shop (decision 0033): a product written through products v3 with a size option, a
 * mandatory gift wrap (text choices, one with an added price) and an optional ribbon colour (swatches). The product
 * page shows them under the options when catalog v3 answers, refuses the add to cart until the gift wrap is picked,
 * adds the picks' prices to the price shown, and the cart line carries the picks and that price. A product without
 * options sends its picks beside its only variant. Screenshots in tests/e2e/artifacts/storefront/modifiers-*.png.
 * Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import { ApiKeyStrategy, createClient, productsV3 } from '@merx/sdk';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, shopJourney, shot } from './shop-kit.js';

const suite = browserSuite();

const giftWrap = {
  name: 'Gift wrap',
  modifierRenderType: 'TEXT_CHOICES' as const,
  mandatory: true,
  choicesSettings: {
    choices: [
      { name: 'None', choiceType: 'CHOICE_TEXT' as const },
      { name: 'Paper', choiceType: 'CHOICE_TEXT' as const, addedPrice: '2.50' },
    ],
  },
};
const ribbon = {
  name: 'Ribbon colour',
  modifierRenderType: 'SWATCH_CHOICES' as const,
  mandatory: false,
  choicesSettings: {
    choices: [
      { name: 'Gold', choiceType: 'ONE_COLOR' as const, colorCode: '#d4af37', addedPrice: '1' },
      { name: 'Silver', choiceType: 'ONE_COLOR' as const, colorCode: '#c0c0c0' },
    ],
  },
};

/** The `catalogReference.options` of each add-to-cart request the page sends. */
function addRequests(page: Page): unknown[] {
  const sent: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/add-to-cart'))
      sent.push(
        (r.postDataJSON() as { lineItems: Array<{ catalogReference: { options: unknown } }> }).lineItems[0]
          ?.catalogReference.options,
      );
  });
  return sent;
}

suite('choice modifiers in the shop in Chromium', () => {
  let mugSlug = '';
  let boxSlug = '';
  const journey = shopJourney({
    async setup(server) {
      const apiKey = (await server.app.services.apiKeys.create({ name: 'E2E modifiers' })).key;
      const api = createClient({ baseUrl: server.baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { productsV3 } });
      const size = (choiceName: string) => ({ optionChoiceNames: { optionName: 'Size', choiceName } });
      const mug = await api.productsV3.createProduct({
        name: 'Gift Mug',
        productType: 'PHYSICAL',
        options: [
          {
            name: 'Size',
            optionRenderType: 'TEXT_CHOICES',
            choicesSettings: { choices: [{ name: 'S' }, { name: 'L' }] },
          },
        ],
        modifiers: [giftWrap, ribbon],
        variantsInfo: {
          variants: [
            { choices: [size('S')], price: { actualPrice: { amount: '10' } } },
            { choices: [size('L')], price: { actualPrice: { amount: '12' } } },
          ],
        },
      });
      const box = await api.productsV3.createProduct({
        name: 'Gift Box',
        productType: 'PHYSICAL',
        modifiers: [ribbon],
        variantsInfo: { variants: [{ price: { actualPrice: { amount: '5' } } }] },
      });
      mugSlug = mug.slug ?? '';
      boxSlug = box.slug ?? '';
      expect(mugSlug).not.toBe('');
      expect(boxSlug).not.toBe('');
    },
  });
  const { problems, shopper } = journey;

  it('asks for the mandatory pick, adds the picks to the price, and the cart line carries them', async () => {
    const page = await shopper();
    const sent = addRequests(page);
    await page.goto(`${journey.server.baseUrl}/product-page/${mugSlug}`);
    await page.getByRole('heading', { level: 1, name: 'Gift Mug' }).waitFor();
    const price = page.locator('.product__price');
    await page.getByLabel('Size').selectOption('L');
    await expect.poll(() => price.textContent()).toBe('$12.00');

    // The modifiers come from catalog v3: a drop-down for the gift wrap, swatches with their prices for the ribbon.
    const wrap = page.getByLabel('Gift wrap');
    await wrap.waitFor();
    expect(await wrap.locator('option').allTextContents()).toEqual(['Choose gift wrap', 'None', 'Paper (+ $2.50)']);
    const ribbonGroup = page.getByRole('group', { name: /Ribbon colour \(optional\)/ });
    expect(await ribbonGroup.getByRole('radio').count()).toBe(3);
    await ribbonGroup.getByText('+ $1.00', { exact: true }).waitFor();

    // Refused until the gift wrap is picked, as missing options are.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose gift wrap first.' }).waitFor();
    expect(sent).toEqual([]);
    await shot(page, 'modifiers-refused');

    await wrap.selectOption('Paper');
    await expect.poll(() => price.textContent()).toBe('$14.50');
    expect(await page.getByRole('alert').filter({ hasText: 'Choose gift wrap first.' }).count()).toBe(0);
    await ribbonGroup.getByRole('radio', { name: 'Gold (+ $1.00)' }).check();
    await expect.poll(() => price.textContent()).toBe('$15.50');
    await ribbonGroup.getByText('Ribbon colour (optional): Gold (+ $1.00)').waitFor();
    // "None" takes the ribbon back off the price; then gold again.
    await ribbonGroup.getByRole('radio', { name: 'None' }).check();
    await expect.poll(() => price.textContent()).toBe('$14.50');
    await ribbonGroup.getByRole('radio', { name: 'Gold (+ $1.00)' }).check();
    await expect.poll(() => price.textContent()).toBe('$15.50');
    await page.getByLabel('Quantity').fill('2');
    await shot(page, 'modifiers-picked');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.getByRole('link', { name: 'Gift Mug' }).waitFor();
    expect(sent).toEqual([{ options: { Size: 'L', 'Gift wrap': 'Paper', 'Ribbon colour': 'Gold' } }]);
    const line = drawer.locator('.cart-line', { hasText: 'Gift Mug' });
    await line.getByText('Size: L · Gift wrap: Paper · Ribbon colour: Gold').waitFor();
    expect(await line.locator('.cart-line__unit').textContent()).toBe('$15.50');
    expect(await line.locator('.cart-line__total').textContent()).toBe('$31.00');
    await shot(page, 'modifiers-cart-drawer');

    // The cart page says the same after a reload (read back from the server).
    await page.goto(`${journey.server.baseUrl}/cart`);
    const cartLine = page.locator('#main .cart-line', { hasText: 'Gift Mug' });
    await cartLine.getByText('Size: L · Gift wrap: Paper · Ribbon colour: Gold').waitFor();
    expect(await cartLine.locator('.cart-line__unit').textContent()).toBe('$15.50');
    await shot(page, 'modifiers-cart');
    expect(problems).toEqual([]);
  });

  it('sends the picks of a product without options beside its only variant', async () => {
    const page = await shopper();
    const sent = addRequests(page);
    await page.goto(`${journey.server.baseUrl}/product-page/${boxSlug}`);
    await page.getByRole('heading', { level: 1, name: 'Gift Box' }).waitFor();
    const price = page.locator('.product__price');
    await expect.poll(() => price.textContent()).toBe('$5.00');
    await page.getByRole('radio', { name: 'Gold (+ $1.00)' }).check();
    await expect.poll(() => price.textContent()).toBe('$6.00');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    const line = drawer.locator('.cart-line', { hasText: 'Gift Box' });
    await line.getByText('Ribbon colour: Gold').waitFor();
    expect(await line.locator('.cart-line__unit').textContent()).toBe('$6.00');
    expect(sent).toEqual([{ variantId: '00000000-0000-0000-0000-000000000000', options: { 'Ribbon colour': 'Gold' } }]);
    expect(problems).toEqual([]);
  });
});

/**
 * Choice modifiers in the shop (decision 0033): a product written through products v3 with a size option, a
 * mandatory gift wrap (text choices, one with an added price) and an optional ribbon colour (swatches). The product
 * page shows them under the options when catalog v3 answers, refuses the add to cart until the gift wrap is picked,
 * adds the picks' prices to the price shown, and the cart line carries the picks and that price. A product without
 * options sends its picks beside its only variant. A pen with a mandatory engraving and an optional gift note (free-text
 * modifiers, v1's custom text fields) shows a labelled input for each with a count of characters, refuses a blank
 * engraving beside its input, cannot take more characters than allowed, and the cart line carries the texts.
 * Screenshots in tests/e2e/artifacts/storefront/modifiers-*.png.
 * Skipped when Chromium is not installed (a failure under CI=true).
 */
process.env.MERX_ARGON2_FAST = '1';

import AxeBuilder from '@axe-core/playwright';
import type { Cart } from '@merx/contract';
import { ApiKeyStrategy, createClient, productsV3 } from '@merx/sdk';
import type { Locator, Page } from 'playwright-core';
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

const engraving = {
  name: 'Engraving',
  modifierRenderType: 'FREE_TEXT' as const,
  mandatory: true,
  freeTextSettings: { title: 'Engraving', maxCharCount: 20 },
};
const giftNote = {
  name: 'Gift note',
  modifierRenderType: 'FREE_TEXT' as const,
  mandatory: false,
  freeTextSettings: { title: 'Gift note', maxCharCount: 40 },
};

/** The texts an input's `aria-describedby` points at, in order (what a screen reader reads after its label). */
const describedBy = (input: Locator): Promise<string[]> =>
  input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`),
  );

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
  let penSlug = '';
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
      const colour = (choiceName: string) => ({ optionChoiceNames: { optionName: 'Colour', choiceName } });
      const pen = await api.productsV3.createProduct({
        name: 'Engraved Pen',
        productType: 'PHYSICAL',
        options: [
          {
            name: 'Colour',
            optionRenderType: 'TEXT_CHOICES',
            choicesSettings: { choices: [{ name: 'Blue' }, { name: 'Black' }] },
          },
        ],
        modifiers: [engraving, giftNote],
        variantsInfo: {
          variants: [
            { choices: [colour('Blue')], price: { actualPrice: { amount: '20' } } },
            { choices: [colour('Black')], price: { actualPrice: { amount: '20' } } },
          ],
        },
      });
      mugSlug = mug.slug ?? '';
      boxSlug = box.slug ?? '';
      penSlug = pen.slug ?? '';
      expect(mugSlug).not.toBe('');
      expect(boxSlug).not.toBe('');
      expect(penSlug).not.toBe('');
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

  it('asks for the mandatory text beside its input, holds texts to their most, and the cart line carries them', async () => {
    const page = await shopper();
    const sent = addRequests(page);
    await page.goto(`${journey.server.baseUrl}/product-page/${penSlug}`);
    await page.getByRole('heading', { level: 1, name: 'Engraved Pen' }).waitFor();
    await page.getByLabel('Colour').selectOption('Black');

    // A labelled input for each free-text modifier (from catalog v3), its count of characters tied to it.
    const engraved = page.getByLabel('Engraving (required)', { exact: true });
    const note = page.getByLabel('Gift note', { exact: true });
    await engraved.waitFor();
    expect(await engraved.getAttribute('maxlength')).toBe('20');
    expect(await note.getAttribute('maxlength')).toBe('40');
    expect(await describedBy(engraved)).toEqual(['0 of 20 characters']);
    expect(await describedBy(note)).toEqual(['0 of 40 characters']);

    // A blank engraving is refused beside its input, and the buyer is taken to it.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Engraving is required: enter a text.').waitFor();
    expect(await engraved.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(engraved)).toEqual(['Engraving is required: enter a text.', '0 of 20 characters']);
    expect(await engraved.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await note.getAttribute('aria-invalid')).toBeNull();
    // Spaces alone are no engraving.
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await page.getByText('Engraving is required: enter a text.').waitFor();
    expect(sent).toEqual([]);
    await shot(page, 'modifiers-free-text-refused');

    // Typed past the most, the input stops at it; a paste past it is cut to it.
    await engraved.fill('');
    await engraved.pressSequentially('For Ada, with all my love');
    expect(await engraved.inputValue()).toBe('For Ada, with all my');
    expect(await describedBy(engraved)).toEqual(['20 of 20 characters']);
    expect(await engraved.getAttribute('aria-invalid')).toBeNull();
    await engraved.fill('x'.repeat(30));
    expect(await engraved.inputValue()).toBe('x'.repeat(20));
    await engraved.fill('For Ada');
    expect(await describedBy(engraved)).toEqual(['7 of 20 characters']);
    await note.fill('  Happy birthday!  ');
    expect(await describedBy(note)).toEqual(['19 of 40 characters']);
    await shot(page, 'modifiers-free-text');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The texts go trimmed, by the modifiers' keys, beside the chosen options; the server keeps them on the line.
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/add-to-cart'));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(sent).toEqual([
      { options: { Colour: 'Black' }, customTextFields: { Engraving: 'For Ada', 'Gift note': 'Happy birthday!' } },
    ]);
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.getByRole('link', { name: 'Engraved Pen' }).waitFor();

    // Read back from the server after a reload: the line's options keep the texts.
    const read = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith('/ecom/v1/carts/current'),
    );
    await page.goto(`${journey.server.baseUrl}/cart`);
    const { cart } = (await (await read).json()) as { cart: Cart };
    const line = cart.lineItems.find((l) => l.productName?.original === 'Engraved Pen');
    expect(line?.catalogReference?.options).toMatchObject({
      customTextFields: { Engraving: 'For Ada', 'Gift note': 'Happy birthday!' },
    });
    const cartLine = page.locator('#main .cart-line', { hasText: 'Engraved Pen' });
    await cartLine.getByText('Colour: Black', { exact: false }).waitFor();
    // The server names each text by its field's title on the line.
    const described = (line?.descriptionLines ?? []).map((d) => [d.name?.original, d.plainText?.original]);
    expect(described).toContainEqual(['Engraving', 'For Ada']);
    expect(described).toContainEqual(['Gift note', 'Happy birthday!']);
    await cartLine.getByText('Engraving: For Ada', { exact: false }).waitFor();
    await shot(page, 'modifiers-free-text-cart');
    expect(problems).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART, expectViolation, ORDERS, type OrdersKit, startOrdersKit } from './orders-test-kit.js';

/*
 * Choice modifiers (docs/decisions/0033-choice-modifiers.md): written and read through products v3, picked in a cart
 * line's `catalogReference.options` by name, adding to the unit price and shown as description lines on the cart,
 * the checkout and the order.
 */

let kit: OrdersKit;
beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const names = (optionName: string, choiceName: string) => ({ optionChoiceNames: { optionName, choiceName } });

const modifiers = [
  {
    name: 'Gift wrap',
    modifierRenderType: 'TEXT_CHOICES',
    mandatory: true,
    choicesSettings: {
      choices: [
        { name: 'None', choiceType: 'CHOICE_TEXT' },
        { name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.50' },
      ],
    },
  },
  {
    name: 'Ribbon colour',
    modifierRenderType: 'SWATCH_CHOICES',
    choicesSettings: {
      choices: [
        { name: 'Gold', choiceType: 'ONE_COLOR', colorCode: '#d4af37', addedPrice: '1' },
        { name: 'Silver', choiceType: 'ONE_COLOR', colorCode: '#c0c0c0' },
      ],
    },
  },
  { name: 'Card', modifierRenderType: 'FREE_TEXT', freeTextSettings: { title: 'Card', maxCharCount: 80 } },
];

/** A mug in two sizes with the modifiers above, written through products v3. */
async function mug(): Promise<{ id: string; variants: Array<{ id: string; choices: Record<string, string> }> }> {
  const res = await kit.owner.post('/stores/v3/products', {
    product: {
      name: `Gift mug ${randomUUID().slice(0, 8)}`,
      productType: 'PHYSICAL',
      options: [
        {
          name: 'Size',
          optionRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'S' }, { name: 'L' }] },
        },
      ],
      modifiers,
      variantsInfo: {
        variants: [
          { choices: [names('Size', 'S')], price: { actualPrice: { amount: '10' } } },
          { choices: [names('Size', 'L')], price: { actualPrice: { amount: '12' } } },
        ],
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.product.id as string;
  const v1 = (await kit.owner.get(`/stores-reader/v1/products/${id}`)).body.product;
  return { id, variants: v1.variants };
}

const line = (productId: string, options: Record<string, unknown>, quantity = 1) => ({
  catalogReference: { appId: STORES, catalogItemId: productId, options },
  quantity,
});

describe(`choice modifiers (${testEngine()})`, () => {
  it('products v3 writes and reads them with keys, choices, swatches and added prices; v1 writes keep them', async () => {
    const p = await mug();
    const read = (await kit.visitor.get(`/stores/v3/products/${p.id}`)).body.product;
    expect(
      read.modifiers.map((m: { name: string; modifierRenderType: string }) => [m.name, m.modifierRenderType]),
    ).toEqual([
      ['Card', 'FREE_TEXT'],
      ['Gift wrap', 'TEXT_CHOICES'],
      ['Ribbon colour', 'SWATCH_CHOICES'],
    ]);
    expect(read.modifiers[1]).toMatchObject({
      key: 'Gift wrap',
      mandatory: true,
      choicesSettings: {
        choices: [
          { key: 'None', name: 'None', choiceType: 'CHOICE_TEXT' },
          { key: 'Paper', name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.5' },
        ],
      },
    });
    expect(read.modifiers[2].choicesSettings.choices[0]).toMatchObject({
      name: 'Gold',
      choiceType: 'ONE_COLOR',
      colorCode: '#d4af37',
      addedPrice: '1',
    });
    const renamed = await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { name: 'Gift mug (renamed)' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const again = (await kit.visitor.get(`/stores/v3/products/${p.id}`)).body.product;
    expect(again.modifiers).toEqual(read.modifiers);
  });

  it('a line picks modifiers by name; the price adds up and the order line shows them', async () => {
    const p = await mug();
    const buyer = await kit.newVisitor();
    const add = await buyer.post(`${CART}/add-to-cart`, {
      lineItems: [line(p.id, { options: { Size: 'L', 'gift wrap': 'paper', 'Ribbon colour': 'Gold' } }, 2)],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const item = add.body.cart.lineItems[0];
    expect(item.price.amount).toBe('15.5');
    expect(item.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'L', translated: 'L' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Gift wrap', translated: 'Gift wrap' },
        plainText: { original: 'Paper', translated: 'Paper' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Ribbon colour', translated: 'Ribbon colour' },
        colorInfo: { original: 'Gold', translated: 'Gold', code: '#d4af37' },
        lineType: 'COLOR',
      },
    ]);
    // The newer `@wix/ecom` fields: one group per picked modifier, ids as the v3 product reads them.
    const product = (await kit.visitor.get(`/stores/v3/products/${p.id}`)).body.product;
    const wrap = product.modifiers.find((m: { name: string }) => m.name === 'Gift wrap');
    const price = (amount: string) => expect.objectContaining({ amount, convertedAmount: amount });
    expect(item.modifierGroups).toEqual([
      {
        id: wrap.id,
        name: { original: 'Gift wrap', translated: 'Gift wrap' },
        modifiers: [
          {
            id: wrap.choicesSettings.choices[1].choiceId,
            quantity: 1,
            label: { original: 'Paper', translated: 'Paper' },
            price: price('2.5'),
          },
        ],
      },
      expect.objectContaining({
        name: { original: 'Ribbon colour', translated: 'Ribbon colour' },
        modifiers: [expect.objectContaining({ label: { original: 'Gold', translated: 'Gold' }, price: price('1') })],
      }),
    ]);
    expect(item.modifiersTotalPrice).toEqual(price('3.5'));
    // The same variant with other choices is another line; the same choices merge.
    const large = p.variants.find((v) => v.choices['Size'] === 'L')!;
    const more = await buyer.post(`${CART}/add-to-cart`, {
      lineItems: [
        line(p.id, { variantId: large.id, options: { 'Gift wrap': 'None' } }),
        line(p.id, { options: { Size: 'L', 'Gift wrap': 'Paper', 'Ribbon colour': 'Gold' } }),
      ],
    });
    const lines = more.body.cart.lineItems as Array<{ quantity: number; price: { amount: string } }>;
    expect(lines.map((l) => [l.quantity, l.price.amount])).toEqual([
      [3, '15.5'],
      [1, '12'],
    ]);

    const checkout = await buyer.post(`${CART}/create-checkout`, {
      channelType: 'WEB',
      email: 'buyer@example.com',
      shippingAddress: {
        addressLine1: '1 Main St',
        city: 'New York',
        subdivision: 'US-NY',
        country: 'US',
        postalCode: '10001',
      },
      selectedShippingOption: { code: kit.store.standard.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const opened = (await buyer.get(`/ecom/v1/checkouts/${checkout.body.checkoutId}`)).body.checkout;
    expect(opened.lineItems[0].modifiersTotalPrice).toEqual(price('3.5'));
    expect(opened.lineItems[1].modifierGroups).toEqual([
      expect.objectContaining({ modifiers: [expect.objectContaining({ price: price('0') })] }),
    ]);
    const placed = await kit.placeOrder(buyer, checkout.body.checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = (await kit.owner.get(`${ORDERS}/${placed.body.orderId}`)).body.order;
    expect(order.lineItems[0].price.amount).toBe('15.5');
    expect(order.lineItems[0].descriptionLines.map((d: { name: { original: string } }) => d.name.original)).toEqual([
      'Size',
      'Gift wrap',
      'Ribbon colour',
    ]);
    expect(order.priceSummary.subtotal.amount).toBe(String(3 * 15.5 + 12));
  });

  it('refuses an unknown choice, a mandatory modifier left out, and bad modifiers on write, writing nothing', async () => {
    const p = await mug();
    const buyer = await kit.newVisitor();
    expectViolation(
      await buyer.post(`${CART}/add-to-cart`, {
        lineItems: [line(p.id, { options: { Size: 'S', 'Gift wrap': 'Foil' } })],
      }),
      'lineItems[0].catalogReference.options.options.Gift wrap',
    );
    expectViolation(
      await buyer.post(`${CART}/add-to-cart`, { lineItems: [line(p.id, { options: { Size: 'S' } })] }),
      'lineItems[0].catalogReference.options.options',
    );
    expect((await buyer.get(CART)).status).toBe(404);

    const bad = async (list: unknown[], field: string) => {
      const res = await kit.owner.patch(`/stores/v3/products/${p.id}`, {
        product: {
          revision: (await kit.owner.get(`/stores/v3/products/${p.id}`)).body.product.revision,
          modifiers: list,
        },
      });
      expectViolation(res, field);
    };
    const choice = (extra: Record<string, unknown> = {}) => ({ name: 'A', ...extra });
    await bad(
      [{ name: 'Size', modifierRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [choice()] } }],
      'product.modifiers[0].name',
    );
    await bad(
      [{ name: 'Wrap', modifierRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [choice(), choice()] } }],
      'product.modifiers[0].choicesSettings.choices[1].name',
    );
    await bad(
      [{ name: 'Wrap', modifierRenderType: 'SWATCH_CHOICES', choicesSettings: { choices: [choice()] } }],
      'product.modifiers[0].choicesSettings.choices[0].colorCode',
    );
    await bad(
      [
        {
          name: 'Wrap',
          modifierRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [choice({ addedPrice: '-1' })] },
        },
      ],
      'product.modifiers[0].choicesSettings.choices[0].addedPrice',
    );
    await bad(
      [
        {
          name: 'Wrap',
          modifierRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [choice({ addedPrice: '1.999' })] },
        },
      ],
      'product.modifiers[0].choicesSettings.choices[0].addedPrice',
    );
    const after = (await kit.visitor.get(`/stores/v3/products/${p.id}`)).body.product;
    expect(after.modifiers).toHaveLength(3);
  });

  it('free-text modifiers: the text shows on the cart, checkout and order lines; required, length and unknown fields are checked', async () => {
    const res = await kit.owner.post('/stores/v3/products', {
      product: {
        name: `Engraved pen ${randomUUID().slice(0, 8)}`,
        productType: 'PHYSICAL',
        modifiers: [
          {
            name: 'Engraving',
            modifierRenderType: 'FREE_TEXT',
            mandatory: true,
            freeTextSettings: { title: 'Engraving', maxCharCount: 10 },
          },
          { name: 'Note', modifierRenderType: 'FREE_TEXT', freeTextSettings: { title: 'Note', maxCharCount: 40 } },
        ],
        variantsInfo: { variants: [{ price: { actualPrice: { amount: '20' } } }] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.product.id as string;
    const buyer = await kit.newVisitor();
    const at = 'lineItems[0].catalogReference.options.customTextFields';
    // Left out, blank, too long (in characters, not bytes), or a field the pen does not have: refused, no cart made.
    expectViolation(await buyer.post(`${CART}/add-to-cart`, { lineItems: [line(id, {})] }), at);
    expectViolation(
      await buyer.post(`${CART}/add-to-cart`, { lineItems: [line(id, { customTextFields: { Engraving: '   ' } })] }),
      at,
    );
    expectViolation(
      await buyer.post(`${CART}/add-to-cart`, {
        lineItems: [line(id, { customTextFields: { Engraving: 'ÅBCDEFGHIJK' } })],
      }),
      `${at}.Engraving`,
    );
    expectViolation(
      await buyer.post(`${CART}/add-to-cart`, {
        lineItems: [line(id, { customTextFields: { Engraving: 'Ada', Colour: 'Red' } })],
      }),
      `${at}.Colour`,
    );
    expect((await buyer.get(CART)).status).toBe(404);

    const add = await buyer.post(`${CART}/add-to-cart`, {
      lineItems: [
        line(id, { customTextFields: { engraving: ' Åsa Lind ' } }),
        line(id, { customTextFields: { Engraving: 'Ada', Note: 'For the desk' } }),
        line(id, { customTextFields: { Engraving: 'Åsa Lind' } }),
      ],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const items = add.body.cart.lineItems as Array<{ quantity: number; descriptionLines: unknown[] }>;
    // The same text (whatever the title's capitals and the spaces around it) is the same line.
    expect(items.map((l) => l.quantity)).toEqual([2, 1]);
    const text = (title: string, value: string) => ({
      name: { original: title, translated: title },
      plainText: { original: value, translated: value },
      lineType: 'PLAIN_TEXT',
    });
    expect(items[0]?.descriptionLines).toEqual([text('Engraving', 'Åsa Lind')]);
    expect(items[1]?.descriptionLines).toEqual([text('Engraving', 'Ada'), text('Note', 'For the desk')]);

    const checkout = await buyer.post(`${CART}/create-checkout`, {
      channelType: 'WEB',
      email: 'buyer@example.com',
      shippingAddress: {
        addressLine1: '1 Main St',
        city: 'New York',
        subdivision: 'US-NY',
        country: 'US',
        postalCode: '10001',
      },
      selectedShippingOption: { code: kit.store.standard.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = await kit.placeOrder(buyer, checkout.body.checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = (await kit.owner.get(`${ORDERS}/${placed.body.orderId}`)).body.order;
    expect(order.lineItems.map((l: { descriptionLines: unknown[] }) => l.descriptionLines)).toEqual([
      [text('Engraving', 'Åsa Lind')],
      [text('Engraving', 'Ada'), text('Note', 'For the desk')],
    ]);
  });
});

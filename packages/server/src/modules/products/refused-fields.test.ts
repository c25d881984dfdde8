import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingWritten, expectViolation, type Kit, sizeAndColor, startKit } from './catalog-test-kit.js';

/*
 * A field a catalog v1 write does not take but a client would send expecting an effect is refused by name
 * (FIELD_NOT_ALLOWED), never silently dropped. Path ids repeated in the body (WIRE.md 0.5) and read-only fields sent
 * back with a product that was read stay accepted.
 */

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const dimensions = { length: '10', width: '5', height: '2', unit: 'CM' };

describe('catalog v1 writes refuse fields they would ignore', () => {
  it('refuses stock on updateProductVariants, naming the variant, and changes nothing', async () => {
    const p = await kit.createProduct({
      ...sizeAndColor(),
      manageVariants: true,
      stock: { trackInventory: true, quantity: 4 },
    });
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, {
        id: p.id,
        variants: [
          { choices: { Size: 'S' }, price: 12 },
          { choices: { Size: 'L' }, price: 15, stock: { trackQuantity: true, quantity: 99 } },
        ],
      });
      expectViolation(res, 'variants[1].stock', 'FIELD_NOT_ALLOWED');
      expect(res.body.details.validationError.fieldViolations[0].description).toContain('/stores/v2/inventoryItems');
    });
    const product = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    expect(product.variants.every((v: { stock: { quantity: number } }) => v.stock.quantity === 4)).toBe(true);
    expect(product.priceRange).toEqual({ minValue: 10, maxValue: 10 });
  });

  it('refuses dimensions on variants, product create and product update', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    await expectNothingWritten(kit, async () => {
      expectViolation(
        await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, {
          variants: [{ choices: { Size: 'M' }, productDimensions: dimensions, packageDimensions: dimensions }],
        }),
        'variants[0].packageDimensions',
        'FIELD_NOT_ALLOWED',
      );
      const created = await kit.owner.post('/stores/v1/products', {
        product: { name: 'Boxed', priceData: { price: 5 }, productDimensions: dimensions },
      });
      expectViolation(created, 'product.productDimensions', 'FIELD_NOT_ALLOWED');
      expectViolation(
        await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { id: p.id, packageDimensions: dimensions } }),
        'product.packageDimensions',
        'FIELD_NOT_ALLOWED',
      );
    });
  });

  it('still takes the path id in the body and read-only fields of a product sent back', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    const variants = await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, {
      id: p.id,
      variants: [{ choices: { Size: 'M' }, price: 11 }],
    });
    expect(variants.status, JSON.stringify(variants.body)).toBe(200);
    const read = (await kit.owner.get(`/stores-reader/v1/products/${p.id}`)).body.product;
    const res = await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { ...read, name: 'Sent back' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product.name).toBe('Sent back');
  });
});

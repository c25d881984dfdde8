import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productInput } from '@merx/contract';
import type { MerxApp } from '../app.js';
import { newId } from '../lib/ids.js';
import type { StoredMedia } from '../modules/products/products.types.js';
import { type DemoImage, demoCollections, demoProducts, demoStore } from './demo-catalog.js';
import { renderCollectionImage, renderDemoLogo, renderProductImage } from './demo-images.js';
import { seedDemoShowcase } from './demo-showcase.js';

type Services = MerxApp['services'];

function writeImage(dir: string, image: DemoImage): StoredMedia {
  const file = `${image.key}.svg`;
  writeFileSync(
    join(dir, file),
    renderProductImage({ kind: image.art, color: image.color, accent: image.accent, label: image.label }),
  );
  return {
    id: newId(),
    mediaType: 'image',
    url: `/media/demo/${file}`,
    width: 800,
    height: 800,
    title: image.label ?? image.key,
  };
}

/**
 * Loads the demo store: settings, collections with banners, products with images, variants and stock, delivery and
 * tax. With `showcase` (what `npm start` and `merx seed --demo` load) also the coupon, the discount rule, tips and
 * the courier with delivery windows of demo-showcase.ts; API tests take the store without them.
 */
export async function seedDemoStore(
  services: Services,
  mediaDir: string,
  options: { showcase?: boolean; now?: Date } = {},
): Promise<{ products: number; collections: number }> {
  const dir = join(mediaDir, 'demo');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'logo.svg'), renderDemoLogo());
  await services.settings.updateStore({ ...demoStore, logoUrl: '/media/demo/logo.svg' });

  const collectionIds = new Map<string, string>();
  for (const c of demoCollections) {
    const file = `${c.image.key}.svg`;
    writeFileSync(join(dir, file), renderCollectionImage(c.name, c.image.colors));
    const created = await services.collections.create({
      name: c.name,
      slug: c.slug,
      description: c.description,
      visible: true,
      media: { mainMedia: { image: { url: `/media/demo/${file}` } } },
    });
    collectionIds.set(c.slug, created.id);
  }

  const productIds = new Map<string, string>();
  for (const demo of demoProducts) {
    const created = await services.products.create(productInput.parse(demo.product));
    productIds.set(created.slug, created.id);
    const gallery = demo.images.map((image) => writeImage(dir, image));
    const choiceMedia: Array<{ option: string; choice: string; mediaId: string }> = [];
    for (const ci of demo.choiceImages ?? []) {
      const item = writeImage(dir, ci.image);
      gallery.push(item);
      choiceMedia.push({ option: ci.option, choice: ci.choice, mediaId: item.id });
    }
    await services.media.attach(created.id, gallery, choiceMedia);

    if (demo.variants?.length) {
      const variants = created.variants ?? [];
      const idOf = (choices: Record<string, string>) =>
        variants.find((v) => Object.entries(choices).every(([k, val]) => v.choices[k] === val))?.id;
      if (created.manageVariants) {
        await services.variants.update(
          created.id,
          demo.variants.map((v) => ({
            choices: v.choices,
            ...(v.price !== undefined ? { price: v.price } : {}),
            ...(v.sku !== undefined ? { sku: v.sku } : {}),
            ...(v.weight !== undefined ? { weight: v.weight } : {}),
            ...(v.visible !== undefined ? { visible: v.visible } : {}),
          })),
        );
      }
      const track = demo.product.stock?.trackInventory ?? false;
      const stock = demo.variants
        .filter((v) => v.quantity !== undefined || v.inStock !== undefined)
        .flatMap((v) => {
          const variantId = idOf(v.choices);
          if (!variantId) return [];
          return [
            {
              variantId,
              trackQuantity: track,
              quantity: v.quantity ?? null,
              inStock: v.inStock ?? (v.quantity ?? 1) > 0,
            },
          ];
        });
      if (stock.length) await services.variants.setStock(created.id, stock);
    }
    for (const slug of demo.collections) {
      const id = collectionIds.get(slug);
      if (id) await services.collections.addProducts(id, [created.id]);
    }
  }
  await seedDemoShipping(services);
  if (options.showcase) await seedDemoShowcase(services, productIds, options.now);
  return { products: demoProducts.length, collections: demoCollections.length };
}

/**
 * How the demo store delivers and taxes, so that a checkout can be completed out of the box: standard and express
 * delivery in the US and Canada (standard free from $75), pickup at the shop, and New York state sales tax.
 */
async function seedDemoShipping(services: Services): Promise<void> {
  const { shipping } = services;
  const us = await shipping.deliveryRegions.create({ name: 'United States', destinations: [{ countryCode: 'US' }] });
  const ca = await shipping.deliveryRegions.create({ name: 'Canada', destinations: [{ countryCode: 'CA' }] });
  await shipping.shippingOptions.create({
    title: 'Standard delivery',
    deliveryRegionIds: [us.id, ca.id],
    rates: [{ amount: '6' }],
    freeShippingThreshold: '75',
    estimatedDeliveryTime: '3–5 business days',
  });
  await shipping.shippingOptions.create({
    title: 'Express delivery',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '18' }],
    estimatedDeliveryTime: '1–2 business days',
  });
  await shipping.shippingOptions.create({
    title: 'Pick up at the shop',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '0' }],
    estimatedDeliveryTime: 'Ready the next business day',
    pickupDetails: {
      pickupMethod: 'STORE_PICKUP',
      address: demoStore.address,
    },
  });
  await shipping.tax.createRegion({
    country: 'US',
    subdivision: 'NY',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.04' }],
    shippingTaxable: false,
  });
}

import type { Product } from '@merx/contract';
import { MerxError } from '@merx/sdk';
import { type Admin, admin } from '../../../lib/admin';
import { fieldErrorsOf, isConflict } from '../../../lib/errors';
import { sameRichContent } from '../../../lib/rich-content';
import { modifierErrorKey, modifiersInputOf, sameChoiceModifiers } from '../hooks/modifiers';
import { type PreorderDraft, preorderChanged, preorderInfoOf } from '../hooks/preorder';
import {
  choicesOf,
  type MediaDraft,
  type ProductForm,
  parseAmount,
  sameChoices,
  type VariantDraft,
} from '../hooks/product-form';
import { variantField } from '../hooks/product-validation';
import { sameTags } from '../hooks/tags';
import { ALL_PRODUCTS_COLLECTION_ID, type EditedProduct, type NamedRef, readProduct } from './products';
import { saveVariantStock } from './stock';

type Patch = Parameters<Admin['products']['updateProduct']>[1];
type CreateInput = Parameters<Admin['products']['createProduct']>[0];
type Override = Parameters<Admin['products']['updateProductVariants']>[1][number];
type V3Patch = Parameters<Admin['productsV3']['updateProduct']>[1];

/** The part of a save that failed: what it was, why, and whether earlier parts were already saved. */
export class SaveFailure extends Error {
  constructor(
    readonly part: 'details' | 'catalog' | 'media' | 'variants' | 'stock' | 'collections',
    override readonly cause: unknown,
    /** Field errors keyed as the form keys them. */
    readonly fieldErrors: Record<string, string>,
    /** The product as saved so far (a new product exists from its first part on). */
    readonly saved: EditedProduct | undefined,
    /** Uploads attached before the failure: form media key → the product's media id. */
    readonly attached: ReadonlyMap<string, string> = new Map(),
  ) {
    super(`Saving the product's ${part} failed`);
  }

  /** Someone else changed the product since it was opened: nothing was written. */
  get conflict(): boolean {
    return isConflict(this.cause);
  }
}

const num = (text: string) => {
  const n = parseAmount(text);
  return n === undefined || Number.isNaN(n) ? undefined : n;
};

/**
 * The product's own fields as the v1 API takes them. The description, brand, ribbon and shared info sections go
 * through catalog v3 (v3PatchOf); the own info sections only while the product uses them.
 */
function detailsOf(form: ProductForm): Patch {
  const only = form.options.length === 0 ? form.variants[0] : undefined;
  return {
    name: form.name.trim(),
    productType: form.productType,
    visible: form.visible,
    priceData: { price: num(form.price) ?? 0 },
    discount:
      form.discountType === 'NONE'
        ? { type: 'NONE', value: 0 }
        : { type: form.discountType, value: num(form.discountValue) ?? 0 },
    costAndProfitData: { itemCost: num(form.cost) ?? null },
    sku: form.sku.trim() || null,
    weight: num(form.weight) ?? null,
    ...(form.sectionsMode === 'own'
      ? { additionalInfoSections: form.sections.map((s) => ({ title: s.title.trim(), description: s.description })) }
      : {}),
    customTextFields: form.textFields.map((f) => ({
      title: f.title.trim(),
      maxLength: Number(f.maxLength),
      mandatory: f.mandatory,
    })),
    productOptions: form.options.map((o) => ({
      name: o.name.trim(),
      optionType: o.optionType,
      choices: o.choices.map((c) => ({
        description: c.name.trim(),
        value: o.optionType === 'color' ? c.color.toLowerCase() : c.name.trim(),
      })),
    })),
    // Variants take values of their own only when the product manages them: on as soon as it has options.
    manageVariants: form.manageVariants || form.options.length > 0,
    // Stock of a product without options goes with it; with options each variant's is saved after (inventory).
    stock: only
      ? {
          trackInventory: form.trackInventory,
          ...(form.trackInventory ? { quantity: num(only.quantity) ?? 0 } : { inStock: only.inStock }),
        }
      : { trackInventory: form.trackInventory },
  };
}

/** Only what changed since `baseline`, with the revision it was read at (so a stale edit is refused). */
function patchOf(form: ProductForm, baseline: ProductForm): Patch {
  const now = detailsOf(form) as Record<string, unknown>;
  // The product's own flag, not what the form would make of it.
  const before = { ...detailsOf(baseline), manageVariants: baseline.manageVariants } as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(now)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  }
  if (form.slug.trim() !== baseline.slug) patch.slug = form.slug.trim() || undefined;
  // Back to own sections from shared ones: writing them through v1 makes them the product's own (decision 0030).
  if (form.sectionsMode === 'own' && baseline.sectionsMode === 'shared')
    patch.additionalInfoSections = now.additionalInfoSections;
  return { ...(patch as Patch), revision: form.revision };
}

/** A brand or ribbon as v3 takes it: the entity by id, a new one by name (the server creates it), or none. */
const refOf = (r: NamedRef | null) => {
  const name = r?.name.trim();
  if (!r || !name) return null;
  return r.id ? { id: r.id } : { name };
};

const sameRef = (a: NamedRef | null, b: NamedRef | null) => JSON.stringify(refOf(a)) === JSON.stringify(refOf(b));

/** The catalog v3 parts that changed since `baseline` (all that are set, for a new product); undefined: none. */
function v3PatchOf(form: ProductForm, baseline: ProductForm | undefined): Omit<V3Patch, 'revision'> | undefined {
  const patch: Omit<V3Patch, 'revision'> = {};
  const fresh = baseline ?? {
    ...form,
    description: { nodes: [] },
    brand: null,
    ribbon: null,
    sharedSections: [],
    modifiers: [],
    tags: [],
  };
  if (!sameRichContent(form.description, fresh.description)) patch.description = form.description;
  if (!sameRef(form.brand, fresh.brand)) patch.brand = refOf(form.brand);
  if (!sameRef(form.ribbon, fresh.ribbon)) patch.ribbon = refOf(form.ribbon);
  const ids = (list: ProductForm['sharedSections']) => list.map((s) => s.id).join();
  if (
    form.sectionsMode === 'shared' &&
    (fresh.sectionsMode !== 'shared' || ids(form.sharedSections) !== ids(fresh.sharedSections))
  ) {
    patch.infoSections = form.sharedSections.map((s) => ({ id: s.id }));
  }
  // The list replaces the product's whole one, free-text modifiers too: they go as the form has them (the v1 write
  // before this one saved the same).
  if (!sameChoiceModifiers(form.modifiers, fresh.modifiers))
    patch.modifiers = modifiersInputOf(form.textFields, form.modifiers);
  if (!sameTags(form.tags, fresh.tags))
    patch.tags = { publicTags: { tagIds: form.tags }, privateTags: { tagIds: form.privateTags } };
  return Object.keys(patch).length > 0 ? patch : undefined;
}

/**
 * Errors of the v3 parts, keyed as the form keys them (an unknown brand, ribbon or info section, a bad document, a
 * modifier's field: `freeTextCount` free-text modifiers were sent before the choice ones).
 */
function v3Errors(error: unknown, freeTextCount: number): Record<string, string> {
  if (error instanceof MerxError) {
    if (error.code === 'BRAND_NOT_FOUND') return { brand: 'This brand no longer exists: choose another one' };
    if (error.code === 'RIBBON_NOT_FOUND') return { ribbon: 'This ribbon no longer exists: choose another one' };
    if (error.code === 'INFO_SECTION_NOT_FOUND')
      return { sharedSections: 'One of these info sections no longer exists: remove it and save again' };
  }
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error, 'product.'))) {
    const modifier = modifierErrorKey(field, freeTextCount);
    if (modifier) {
      out[modifier] ??= message;
      continue;
    }
    const key = field.startsWith('description') ? 'description' : field.replace(/\..*$/, '').replace(/\[.*$/, '');
    out[key === 'infoSections' ? 'sharedSections' : key] ??= message;
  }
  return out;
}

/** Errors of the product's own fields, keyed as the form keys them (a taken address beside the address). */
const detailErrors = (error: unknown): Record<string, string> =>
  error instanceof MerxError && error.code === 'SLUG_ALREADY_EXISTS'
    ? { slug: 'Another product has this address: choose another one' }
    : fieldErrorsOf(error, 'product.');

/**
 * Saves the form: the product's fields first (refused whole when the product changed since it was read), then its
 * media, each choice's media, the variants' own values and stock, and its collections, each compared with the
 * product as the step before left it. Answers the product as saved.
 */
export async function saveProduct(
  form: ProductForm,
  baseline: ProductForm | undefined,
  id?: string,
): Promise<EditedProduct> {
  const a = await admin();
  let product: Product;
  let revision = form.revision;
  try {
    if (id && baseline) {
      const patch = patchOf(form, baseline);
      // Only the revision: nothing of v1 changed, the v3 update below carries the compare-and-set.
      if (Object.keys(patch).length > 1) {
        product = (await a.products.updateProduct(id, patch)).product;
        revision = product.revision;
      } else {
        product = await reread(a, id);
      }
    } else {
      product = (
        await a.products.createProduct({ ...detailsOf(form), slug: form.slug.trim() || undefined } as CreateInput)
      ).product;
      revision = product.revision;
    }
  } catch (error) {
    throw new SaveFailure('details', error, detailErrors(error), undefined);
  }
  // The description, brand, ribbon, shared info sections, modifiers and tags: through v3, at the revision the v1
  // write answered.
  const v3 = v3PatchOf(form, id ? baseline : undefined);
  if (v3) {
    try {
      await a.productsV3.updateProduct(product.id, { ...v3, revision });
    } catch (error) {
      const latest = await readProduct(a, product.id).catch(() => undefined);
      throw new SaveFailure('catalog', error, v3Errors(error, form.textFields.length), latest);
    }
  }
  const keyToId = new Map<string, string>();
  const step = async (part: SaveFailure['part'], work: () => Promise<void>, errors = (_: unknown) => ({})) => {
    try {
      await work();
    } catch (error) {
      const latest = await readProduct(a, product.id).catch(() => undefined);
      throw new SaveFailure(part, error, errors(error), latest, keyToId);
    }
  };
  await step('media', async () => {
    product = await saveMedia(a, product, form.media, keyToId);
    product = await saveChoiceMedia(a, product, form, keyToId);
  });
  if (form.options.length > 0) {
    await step(
      'variants',
      async () => {
        product = await saveVariants(a, product, form);
      },
      (error) => variantErrors(error, form, product),
    );
  }
  await step(
    'stock',
    async () => {
      product = await saveStock(product, form, id ? baseline?.preorder : undefined);
    },
    (error) => fieldErrorsOf(error, 'inventoryItem.'),
  );
  await step('collections', async () => {
    await saveCollections(a, product, form.collectionIds);
  });
  return readProduct(a, product.id);
}

async function reread(a: Admin, id: string): Promise<Product> {
  return (await a.products.getProduct(id, { includeMerchantSpecificData: true })).product;
}

/** Removes dropped media, attaches uploads, and puts them in the form's order; `keyToId` learns the new ids. */
async function saveMedia(a: Admin, product: Product, media: MediaDraft[], keyToId: Map<string, string>) {
  let p = product;
  const wanted = new Set(media.flatMap((m) => (m.id ? [m.id] : [])));
  const dropped = p.media.items.map((m) => m.id).filter((mid) => !wanted.has(mid));
  // Never with an empty list: the API takes that as "remove every media item".
  if (dropped.length > 0) await a.products.removeProductMedia(p.id, dropped);
  const uploads = media.filter((m) => !m.id && m.libraryId);
  if (uploads.length > 0) {
    const known = new Set(p.media.items.map((m) => m.id));
    await a.products.addProductMedia(
      p.id,
      uploads.map((m) => ({ mediaId: m.libraryId as string })),
    );
    p = await reread(a, p.id);
    // The new items are appended in the order they were given.
    const added = p.media.items.filter((m) => !known.has(m.id));
    uploads.forEach((m, i) => {
      const item = added[i];
      if (item) keyToId.set(m.key, item.id);
    });
  } else if (dropped.length > 0) {
    p = await reread(a, p.id);
  }
  for (const m of media) if (m.id) keyToId.set(m.key, m.id);
  const order = media.flatMap((m) => {
    const mid = keyToId.get(m.key);
    return mid ? [mid] : [];
  });
  const current = p.media.items.map((m) => m.id);
  if (order.length > 1 && order.length === current.length && order.join() !== current.join()) {
    await a.products.reorderProductMedia(p.id, order);
    p = await reread(a, p.id);
  }
  return p;
}

/** Each choice shows the media the form gives it. */
async function saveChoiceMedia(a: Admin, product: Product, form: ProductForm, keyToId: Map<string, string>) {
  const add: Array<{ option: string; choice: string; mediaIds: string[] }> = [];
  const remove: Array<{ option: string; choice: string; mediaIds: string[] }> = [];
  for (const o of form.options) {
    const live = product.productOptions.find((x) => x.name === o.name.trim());
    for (const c of o.choices) {
      const choice = live?.choices.find((x) => x.description === c.name.trim());
      if (!live || !choice) continue;
      const want = c.mediaKeys.flatMap((k) => (keyToId.get(k) ? [keyToId.get(k) as string] : []));
      const have = (choice.media?.items ?? []).map((m) => m.id);
      const plus = want.filter((m) => !have.includes(m));
      const minus = have.filter((m) => !want.includes(m));
      if (plus.length) add.push({ option: live.name, choice: choice.description, mediaIds: plus });
      if (minus.length) remove.push({ option: live.name, choice: choice.description, mediaIds: minus });
    }
  }
  if (remove.length) await a.products.removeProductMediaFromChoices(product.id, remove);
  if (add.length) await a.products.addProductMediaToChoices(product.id, add);
  return add.length || remove.length ? reread(a, product.id) : product;
}

/** The overrides of the variants whose values differ from the product as saved so far. */
function overridesOf(product: Product, form: ProductForm): Array<{ draft: VariantDraft; override: Override }> {
  const out: Array<{ draft: VariantDraft; override: Override }> = [];
  const productCost = product.costAndProfitData?.itemCost;
  for (const draft of form.variants) {
    const live = product.variants?.find((v) => sameChoices(v.choices, choicesOf(form, draft)));
    if (!live) continue;
    const o: Record<string, unknown> = {};
    const price = num(draft.price);
    if (
      price === undefined
        ? live.variant.priceData.price !== product.priceData.price
        : live.variant.priceData.price !== price
    )
      o.price = price ?? null;
    const cost = num(draft.cost);
    const liveCost = live.variant.costAndProfitData?.itemCost;
    if (cost === undefined ? liveCost !== productCost : liveCost !== cost) o.cost = cost ?? null;
    const weight = num(draft.weight);
    if (weight === undefined ? live.variant.weight !== product.weight : live.variant.weight !== weight)
      o.weight = weight ?? null;
    const sku = draft.sku.trim();
    if (sku ? live.variant.sku !== sku : (live.variant.sku ?? '') !== (product.sku ?? '')) o.sku = sku || null;
    if (live.variant.visible !== draft.visible) o.visible = draft.visible;
    if (Object.keys(o).length > 0) out.push({ draft, override: { variantIds: [live.id], ...o } });
  }
  return out;
}

async function saveVariants(a: Admin, product: Product, form: ProductForm): Promise<Product> {
  const changes = overridesOf(product, form);
  if (changes.length === 0) return product;
  await a.products.updateProductVariants(
    product.id,
    changes.map((c) => c.override),
  );
  return reread(a, product.id);
}

/** The server names an override by its index in the request: each is put back on its variant's field. */
function variantErrors(error: unknown, form: ProductForm, product: Product): Record<string, string> {
  const changes = overridesOf(product, form);
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const m = /^variants\[(\d+)\]\.(\w+)/.exec(field);
    const draft = m ? changes[Number(m[1])]?.draft : undefined;
    if (draft && m) out[variantField(draft.choiceKeys, m[2] as string)] = message;
  }
  return out;
}

/**
 * Each variant's units (tracked) or in-stock flag (not tracked), where it differs from the product as saved (the
 * stock of a product without options went with its details), and the preorder setting when it changed.
 */
async function saveStock(
  product: Product,
  form: ProductForm,
  savedPreorder: PreorderDraft | undefined,
): Promise<Product> {
  const changes: Array<{ variantId: string; quantity?: number; inStock?: boolean }> = [];
  for (const draft of form.options.length > 0 ? form.variants : []) {
    const live = product.variants?.find((v) => sameChoices(v.choices, choicesOf(form, draft)));
    if (!live) continue;
    if (form.trackInventory) {
      const quantity = num(draft.quantity) ?? 0;
      // Below zero is the units owed to preorders as read: left to the orders that owe them.
      if (quantity < 0) continue;
      if (!live.stock.trackQuantity || live.stock.quantity !== quantity) changes.push({ variantId: live.id, quantity });
    } else if (live.stock.trackQuantity || live.stock.inStock !== draft.inStock) {
      changes.push({ variantId: live.id, inStock: draft.inStock });
    }
  }
  const preorder = preorderChanged(form.preorder, savedPreorder) ? preorderInfoOf(form.preorder) : undefined;
  if (changes.length === 0 && !preorder) return product;
  return saveVariantStock(product.id, form.trackInventory, changes, preorder);
}

/** Adds the product to the collections the form has and takes it out of the others (All Products stays). */
async function saveCollections(a: Admin, product: Product, wanted: string[]): Promise<void> {
  const have = product.collectionIds.filter((c) => c !== ALL_PRODUCTS_COLLECTION_ID);
  const want = wanted.filter((c) => c !== ALL_PRODUCTS_COLLECTION_ID);
  for (const c of want.filter((x) => !have.includes(x))) await a.products.addProductsToCollection(c, [product.id]);
  for (const c of have.filter((x) => !want.includes(x))) await a.products.removeProductsFromCollection(c, [product.id]);
}

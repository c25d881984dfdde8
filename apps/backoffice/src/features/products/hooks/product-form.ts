import type { RichContent } from '@merx/contract';
import { sameRichContent } from '../../../lib/rich-content';
import type { EditedProduct, NamedRef, SharedSection } from '../api/products';
import { comparableModifiers, type ModifierDraft, modifierDraftsOf } from './modifiers';
import { owedOf, type PreorderDraft, preorderDraftOf } from './preorder';

/*
 * The product editor's form as plain data: what the merchant edits, made from a product as the API answers it, and
 * compared with that product to know what changed. Money, weights and lengths stay text while typed.
 */

export type OptionType = 'drop_down' | 'color';
export type DiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';

export interface ChoiceDraft {
  key: string;
  /** What the shopper reads (the choice's `description` on the wire). */
  name: string;
  /** The swatch of a colour choice, `#rrggbb`. */
  color: string;
  /** Keys of the product's media shown for this choice. */
  mediaKeys: string[];
}

export interface OptionDraft {
  key: string;
  name: string;
  optionType: OptionType;
  choices: ChoiceDraft[];
}

export interface VariantDraft {
  /** The choice keys it combines, one per option in option order: renaming a choice keeps the variant's values. */
  choiceKeys: string[];
  /** Empty text: as the product. */
  price: string;
  cost: string;
  weight: string;
  sku: string;
  visible: boolean;
  /** Units, when the product tracks quantities. */
  quantity: string;
  /** In stock, when the product does not track quantities. */
  inStock: boolean;
  /** Units owed to preorders when read (its quantity was below zero): that quantity may be kept as it is. */
  owed: number;
}

export interface MediaDraft {
  /** The product media id once attached; a temporary key for an upload. */
  key: string;
  /** The media id on the product (absent until saved). */
  id?: string;
  /** The media library id of an upload, attached when the product is saved. */
  libraryId?: string;
  /** The picture shown for it: the image, or a video's poster (else the product's first image standing in). */
  url: string;
  name: string;
  /** A video's file, and whether `url` is its own poster (decision 0031). */
  video?: { url: string; poster: boolean };
}

export interface SectionDraft {
  key: string;
  title: string;
  description: string;
}

export interface TextFieldDraft {
  key: string;
  title: string;
  maxLength: string;
  mandatory: boolean;
}

export interface ProductForm {
  revision?: string | undefined;
  name: string;
  slug: string;
  /** The description in the node model (saved through catalog v3). */
  description: RichContent;
  productType: 'physical' | 'digital';
  visible: boolean;
  price: string;
  discountType: DiscountType;
  discountValue: string;
  cost: string;
  sku: string;
  weight: string;
  /** An existing brand (with its id), a new one by name (created on saving), or none. */
  brand: NamedRef | null;
  ribbon: NamedRef | null;
  /** Whether every variant counts its units (the stock itself is per variant: one for a product without options). */
  trackInventory: boolean;
  /** Preorder of every variant once out of stock (decision 0032), saved through the inventory API. */
  preorder: PreorderDraft;
  /** Whether variants may have values of their own (set on saving a product with options; not edited directly). */
  manageVariants: boolean;
  /** Where the shop's info sections come from: the product's own (v1), or shared info-section entities. */
  sectionsMode: 'own' | 'shared';
  /** The product's own sections (title and HTML), edited in place. */
  sections: SectionDraft[];
  /** The info-section entities it references, in order (decision 0030). */
  sharedSections: SharedSection[];
  textFields: TextFieldDraft[];
  /** Choices the buyer picks without making a variant (gift wrap, a ribbon's colour), saved through catalog v3. */
  modifiers: ModifierDraft[];
  /** Public tag ids, in order (catalog v3). */
  tags: string[];
  /** Private tag ids, not edited here: sent back as read so that saving the public ones keeps them. */
  privateTags: string[];
  options: OptionDraft[];
  variants: VariantDraft[];
  media: MediaDraft[];
  collectionIds: string[];
}

export const LIMITS = {
  name: 80,
  slug: 100,
  sku: 40,
  brand: 50,
  ribbon: 30,
  sections: 10,
  sectionTitle: 50,
  textFields: 2,
  textFieldTitle: 100,
  textFieldLength: 500,
  /** Free-text and choice modifiers together (the v3 list). */
  modifiers: 20,
  modifierName: 100,
  options: 6,
  optionName: 50,
  choices: 100,
  choiceName: 50,
  variants: 1000,
  media: 100,
  money: 999_999_999,
  weight: 999_999,
  quantity: 99_999_999,
} as const;

let counter = 0;
/** A key for a new row of the form (never sent to the server). */
export const newKey = (prefix: string) => `${prefix}-new-${++counter}`;

/** `12,5` or ` 12.50 ` → 12.5; empty → undefined; not a number → NaN. */
export function parseAmount(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  return /^-?\d*(\.\d*)?$/.test(t) && t !== '.' && t !== '-' ? Number(t) : Number.NaN;
}

const amountText = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n));

export function emptyForm(): ProductForm {
  return {
    name: '',
    slug: '',
    description: { nodes: [] },
    productType: 'physical',
    visible: true,
    price: '',
    discountType: 'NONE',
    discountValue: '',
    cost: '',
    sku: '',
    weight: '',
    brand: null,
    ribbon: null,
    trackInventory: false,
    preorder: preorderDraftOf(undefined),
    manageVariants: false,
    sectionsMode: 'own',
    sections: [],
    sharedSections: [],
    textFields: [],
    modifiers: [],
    tags: [],
    privateTags: [],
    options: [],
    variants: [emptyVariant([])],
    media: [],
    collectionIds: [],
  };
}

export function emptyVariant(choiceKeys: string[]): VariantDraft {
  return {
    choiceKeys,
    price: '',
    cost: '',
    weight: '',
    sku: '',
    visible: true,
    quantity: '',
    inStock: true,
    owed: 0,
  };
}

/** Key of a variant's combination. */
export const comboKey = (choiceKeys: readonly string[]) => choiceKeys.join('|');

/** The choices (option name → choice name) of a variant draft. */
export function choicesOf(form: Pick<ProductForm, 'options'>, v: VariantDraft): Record<string, string> {
  const out: Record<string, string> = {};
  form.options.forEach((o, i) => {
    const choice = o.choices.find((c) => c.key === v.choiceKeys[i]);
    if (choice) out[o.name] = choice.name;
  });
  return out;
}

/** Same choices, whatever the letter case (as the server matches them). */
export function sameChoices(a: Record<string, string>, b: Record<string, string>): boolean {
  const norm = (c: Record<string, string>) =>
    Object.entries(c)
      .map(([k, v]) => `${k.toLowerCase()}=${v.toLowerCase()}`)
      .sort()
      .join('|');
  return norm(a) === norm(b);
}

/**
 * The variant matrix for the options: every combination, keeping the values of the combinations that existed
 * before (by choice keys), new ones as the product.
 */
export function matrixOf(options: readonly OptionDraft[], previous: readonly VariantDraft[]): VariantDraft[] {
  let combos: string[][] = [[]];
  for (const o of options) combos = combos.flatMap((c) => o.choices.map((ch) => [...c, ch.key]));
  const byKey = new Map(previous.map((v) => [comboKey(v.choiceKeys), v]));
  const fallback = previous[0];
  return combos.map((keys) => {
    const old = byKey.get(comboKey(keys));
    if (old) return old;
    // A new combination starts in stock like the others (and with no units of its own).
    return { ...emptyVariant(keys), inStock: fallback?.inStock ?? true };
  });
}

/** The editor's form for a product as the API answers it (with merchant data and its v3 parts). */
export function formOf(p: EditedProduct): ProductForm {
  const mediaKeyOfId = new Map(p.media.items.map((m) => [m.id, m.id]));
  const options: OptionDraft[] = p.productOptions.map((o, i) => ({
    key: `o${i}`,
    name: o.name,
    optionType: o.optionType,
    choices: o.choices.map((c, j) => ({
      key: `o${i}c${j}`,
      name: c.description,
      color: o.optionType === 'color' ? c.value : '#000000',
      mediaKeys: (c.media?.items ?? []).map((m) => mediaKeyOfId.get(m.id) ?? m.id),
    })),
  }));
  const price = p.priceData.price;
  const cost = p.costAndProfitData?.itemCost;
  const variants = (p.variants ?? []).map((v): VariantDraft => {
    const choiceKeys = options.map((o) => o.choices.find((c) => c.name === v.choices[o.name])?.key ?? '');
    const own = v.variant;
    const vCost = own.costAndProfitData?.itemCost;
    return {
      choiceKeys,
      price: p.manageVariants && own.priceData.price !== price ? String(own.priceData.price) : '',
      cost: p.manageVariants && vCost !== undefined && vCost !== cost ? String(vCost) : '',
      weight: p.manageVariants && own.weight !== undefined && own.weight !== p.weight ? String(own.weight) : '',
      sku: p.manageVariants && own.sku && own.sku !== p.sku ? own.sku : '',
      visible: own.visible,
      quantity: v.stock.trackQuantity ? String(v.stock.quantity ?? 0) : '',
      inStock: v.stock.inStock,
      owed: v.stock.trackQuantity ? owedOf(v.stock.quantity) : 0,
    };
  });
  return {
    revision: p.revision,
    name: p.name,
    slug: p.slug,
    description: p.v3.description,
    productType: p.productType,
    visible: p.visible,
    price: String(price),
    discountType: p.discount.type,
    discountValue: p.discount.type === 'NONE' ? '' : String(p.discount.value),
    cost: amountText(cost),
    sku: p.sku ?? '',
    weight: amountText(p.weight),
    brand: p.v3.brand ?? (p.brand ? { name: p.brand } : null),
    ribbon: p.v3.ribbon ?? (p.ribbon ? { name: p.ribbon } : null),
    trackInventory: p.stock.trackInventory,
    preorder: preorderDraftOf(p.preorder),
    manageVariants: p.manageVariants,
    sectionsMode: p.v3.sharedSections ? 'shared' : 'own',
    // A product that references entities holds copies of them as v1 sections: those are not its own.
    sections: p.v3.sharedSections
      ? []
      : p.additionalInfoSections.map((s, i) => ({ key: `s${i}`, title: s.title, description: s.description })),
    sharedSections: p.v3.sharedSections ?? [],
    textFields: p.customTextFields.map((f, i) => ({
      key: `t${i}`,
      title: f.title,
      maxLength: String(f.maxLength),
      mandatory: f.mandatory,
    })),
    modifiers: modifierDraftsOf(p.v3.modifiers),
    tags: p.v3.tags.public,
    privateTags: p.v3.tags.private,
    options,
    variants: variants.length ? variants : [emptyVariant([])],
    media: p.media.items.map((m) => ({
      key: m.id,
      id: m.id,
      url: m.image?.url ?? m.thumbnail?.url ?? '',
      name: m.title || (m.mediaType === 'video' ? 'Video' : 'Image'),
      ...(m.mediaType === 'video'
        ? { video: { url: m.video?.files[0]?.url ?? '', poster: Boolean(m.video?.stillFrameMediaId) } }
        : {}),
    })),
    collectionIds: p.collectionIds,
  };
}

/** What decides whether the form changed: everything but row keys (new rows' keys are not data). */
export function comparable(form: ProductForm): unknown {
  const keyIndex = new Map<string, string>();
  form.options.forEach((o, i) => {
    o.choices.forEach((c, j) => {
      keyIndex.set(c.key, `${i}.${j}`);
    });
  });
  const mediaIndex = new Map(form.media.map((m, i) => [m.key, m.id ?? m.libraryId ?? String(i)]));
  return {
    ...form,
    revision: undefined,
    manageVariants: undefined,
    // Compared on its own (sameRichContent): the editor may write the same document differently.
    description: undefined,
    brand: form.brand ? { id: form.brand.id, name: form.brand.name.trim() } : null,
    ribbon: form.ribbon ? { id: form.ribbon.id, name: form.ribbon.name.trim() } : null,
    sharedSections: form.sharedSections.map((s) => s.id),
    sections: form.sections.map(({ key: _k, ...s }) => s),
    textFields: form.textFields.map(({ key: _k, ...f }) => f),
    modifiers: comparableModifiers(form.modifiers),
    options: form.options.map(({ key: _k, ...o }) => ({
      ...o,
      choices: o.choices.map(({ key: _c, mediaKeys, ...c }) => ({
        ...c,
        color: o.optionType === 'color' ? c.color : '',
        media: mediaKeys.map((k) => mediaIndex.get(k) ?? k),
      })),
    })),
    variants: form.variants.map(({ choiceKeys, ...v }) => ({
      ...v,
      at: choiceKeys.map((k) => keyIndex.get(k) ?? k),
      quantity: form.trackInventory ? v.quantity : '',
      inStock: form.trackInventory ? true : v.inStock,
    })),
    media: form.media.map((m) => m.id ?? m.libraryId),
    collectionIds: [...form.collectionIds].sort(),
  };
}

export const isDirty = (form: ProductForm, baseline: ProductForm) =>
  JSON.stringify(comparable(form)) !== JSON.stringify(comparable(baseline)) ||
  !sameRichContent(form.description, baseline.description);

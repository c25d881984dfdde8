import { storeMoney } from '../../../lib/format';
import { validatePreorder } from './preorder';
import { comboKey, LIMITS, type ProductForm, parseAmount, type VariantDraft } from './product-form';

/*
 * What the server would refuse, checked before anything is sent, so that a save never stops half-way on a value the
 * page could have told about. Errors are keyed by the request field the server names (`name`, `priceData.price`,
 * `productOptions[0].choices[1].description`) so that the server's own refusals land in the same places; variant
 * values by `variant:<combination>.<field>`.
 */

/** Decimals of the store's currency (2 for USD, 0 for JPY). */
export const currencyDigits =
  new Intl.NumberFormat(storeMoney.locale, { style: 'currency', currency: storeMoney.currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;

/** The error key of a variant's field. */
export const variantField = (choiceKeys: readonly string[], field: string) =>
  `variant:${comboKey(choiceKeys)}.${field}`;

const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;
const COLOR = /^#[0-9a-fA-F]{6}$/;
/** What the server takes for a modifier's swatch (decision 0033): `#rgb` or `#rrggbb`. */
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function decimals(n: number): number {
  const [, frac = ''] = String(n).split('.');
  return frac.length;
}

/** A money amount: empty allowed unless `required`. */
function money(text: string, required: boolean): string | undefined {
  const n = parseAmount(text);
  if (n === undefined) return required ? 'Enter an amount' : undefined;
  if (Number.isNaN(n)) return 'Enter a number, like 12.50';
  if (n < 0) return 'Must not be negative';
  if (n > LIMITS.money) return 'Is too large';
  if (decimals(n) > currencyDigits) return `Use at most ${currencyDigits} decimal places`;
  return undefined;
}

function weight(text: string): string | undefined {
  const n = parseAmount(text);
  if (n === undefined) return undefined;
  if (Number.isNaN(n)) return 'Enter a number, like 0.5';
  if (n < 0) return 'Must not be negative';
  return n > LIMITS.weight ? 'Is too large' : undefined;
}

/** Units on hand; below zero only as read (units owed to preorders), which saving leaves as it is. */
function units(v: Pick<VariantDraft, 'quantity' | 'owed'>): string | undefined {
  const n = parseAmount(v.quantity);
  if (n === undefined) return undefined;
  if (Number.isNaN(n) || !Number.isInteger(n)) return 'Enter a whole number';
  if (n < 0 && !(v.owed > 0 && n === -v.owed)) return 'Must not be negative';
  return n > LIMITS.quantity ? 'Is too large' : undefined;
}

function text(value: string, max: number, required: boolean): string | undefined {
  const t = value.trim();
  if (!t) return required ? 'Required' : undefined;
  return t.length > max ? `Use at most ${max} characters` : undefined;
}

/** Every problem of the form, by field; empty when it can be saved. */
export function validateProduct(form: ProductForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (field: string, message: string | undefined) => {
    if (message && !errors[field]) errors[field] = message;
  };
  put('name', text(form.name, LIMITS.name, true));
  if (form.slug.trim() && !SLUG.test(form.slug.trim()))
    put('slug', 'Use lower-case letters and digits joined by single hyphens, like "linen-apron"');
  else put('slug', text(form.slug, LIMITS.slug, false));
  put('priceData.price', money(form.price, true));
  if (form.discountType !== 'NONE') {
    const d = parseAmount(form.discountValue);
    const price = parseAmount(form.price) ?? 0;
    if (d === undefined) put('discount.value', 'Enter the discount');
    else if (form.discountType === 'PERCENT' && (Number.isNaN(d) || d < 0 || d > 100))
      put('discount.value', 'Enter a percentage from 0 to 100');
    else if (form.discountType === 'AMOUNT') {
      put('discount.value', money(form.discountValue, true));
      if (d > price) put('discount.value', 'Must not be more than the price');
    }
  }
  put('costAndProfitData.itemCost', money(form.cost, false));
  put('sku', text(form.sku, LIMITS.sku, false));
  put('weight', weight(form.weight));
  put('brand', text(form.brand?.name ?? '', LIMITS.brand, false));
  put('ribbon', text(form.ribbon?.name ?? '', LIMITS.ribbon, false));
  // The own sections are saved only while the product uses them (not shared info sections).
  (form.sectionsMode === 'own' ? form.sections : []).forEach((s, i) => {
    put(`additionalInfoSections[${i}].title`, text(s.title, LIMITS.sectionTitle, true));
  });
  form.textFields.forEach((f, i) => {
    put(`customTextFields[${i}].title`, text(f.title, LIMITS.textFieldTitle, true));
    const n = parseAmount(f.maxLength);
    if (n === undefined || Number.isNaN(n) || !Number.isInteger(n) || n < 1 || n > LIMITS.textFieldLength)
      put(`customTextFields[${i}].maxLength`, `Enter a whole number from 1 to ${LIMITS.textFieldLength}`);
  });
  for (const [field, message] of Object.entries(validatePreorder(form.preorder, form.trackInventory)))
    put(field, message);
  validateOptions(form, put);
  validateModifiers(form, put);
  validateVariants(form, put);
  return errors;
}

function validateOptions(form: ProductForm, put: (field: string, message: string | undefined) => void) {
  const names = new Set<string>();
  form.options.forEach((o, i) => {
    const at = `productOptions[${i}]`;
    put(`${at}.name`, text(o.name, LIMITS.optionName, true));
    if (names.has(o.name.trim().toLowerCase())) put(`${at}.name`, 'Another option has this name');
    names.add(o.name.trim().toLowerCase());
    if (o.choices.length === 0) put(`${at}.choices`, 'Add at least one choice');
    if (o.choices.length > LIMITS.choices) put(`${at}.choices`, `At most ${LIMITS.choices} choices`);
    const seen = new Set<string>();
    o.choices.forEach((c, j) => {
      put(`${at}.choices[${j}].description`, text(c.name, LIMITS.choiceName, true));
      if (seen.has(c.name.trim().toLowerCase())) put(`${at}.choices[${j}].description`, 'Another choice has this name');
      seen.add(c.name.trim().toLowerCase());
      if (o.optionType === 'color' && !COLOR.test(c.color))
        put(`${at}.choices[${j}].value`, 'Choose a colour like #1a2b3c');
    });
  });
  const combos = form.options.reduce((n, o) => n * Math.max(1, o.choices.length), 1);
  if (combos > LIMITS.variants)
    put('productOptions', `These options make ${combos} variants; at most ${LIMITS.variants} are allowed`);
}

/**
 * The choice modifiers, keyed as the server names them in the v3 list after the free-text ones (`modifiers[k].name`,
 * `modifiers[k].choicesSettings.choices[j].colorCode`…, k counted among the choice modifiers). A name may not be an
 * option's or a text field's either: a cart line names them all in one map.
 */
function validateModifiers(form: ProductForm, put: (field: string, message: string | undefined) => void) {
  const taken = new Set([...form.options.map((o) => o.name), ...form.textFields.map((f) => f.title)].map(norm));
  if (form.textFields.length + form.modifiers.length > LIMITS.modifiers)
    put('modifiers', `At most ${LIMITS.modifiers} customer choices and text fields together`);
  form.modifiers.forEach((m, i) => {
    const at = `modifiers[${i}]`;
    put(`${at}.name`, text(m.name, LIMITS.modifierName, true));
    if (m.name.trim() && taken.has(norm(m.name)))
      put(`${at}.name`, 'An option, text field or other customer choice has this name');
    taken.add(norm(m.name));
    if (m.choices.length === 0) put(`${at}.choicesSettings.choices`, 'Add at least one choice');
    if (m.choices.length > LIMITS.choices) put(`${at}.choicesSettings.choices`, `At most ${LIMITS.choices} choices`);
    const seen = new Set<string>();
    m.choices.forEach((c, j) => {
      const cAt = `${at}.choicesSettings.choices[${j}]`;
      put(`${cAt}.name`, text(c.name, LIMITS.choiceName, true));
      if (c.name.trim() && seen.has(norm(c.name))) put(`${cAt}.name`, 'Another choice has this name');
      seen.add(norm(c.name));
      if (m.kind === 'SWATCH_CHOICES' && !HEX.test(c.color.trim()))
        put(`${cAt}.colorCode`, 'Choose a colour like #1a2b3c');
      put(`${cAt}.addedPrice`, money(c.addedPrice, false));
    });
  });
}

const norm = (name: string) => name.trim().toLowerCase();

function validateVariants(form: ProductForm, put: (field: string, message: string | undefined) => void) {
  const withOptions = form.options.length > 0;
  for (const v of form.variants) {
    const at = (field: string) => variantField(v.choiceKeys, field);
    if (withOptions) {
      put(at('price'), money(v.price, false));
      put(at('cost'), money(v.cost, false));
      put(at('weight'), weight(v.weight));
      put(at('sku'), text(v.sku, LIMITS.sku, false));
    }
    if (form.trackInventory) put(at('quantity'), units(v));
  }
}

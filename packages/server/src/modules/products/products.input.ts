import type { ProductInput, ProductPatch, VariantOverrideInput } from '@merx/contract';
import { choicesKey, type Discount, type FieldViolation, toMinor, ValidationError, variantMatrix } from '@merx/domain';
import { sanitizeDescription } from '../../lib/sanitize.js';
import type { ProductData, StoredOption, VariantRecord } from './products.types.js';

/** Most variants one product may have (the product of its options' choice counts). */
export const MAX_VARIANTS = 1000;

/** Checks and normalises options: unique names, unique choices, colour values, a bounded matrix. */
export function normaliseOptions(
  input: NonNullable<ProductInput['productOptions']>,
  previous: readonly StoredOption[],
  path = 'product.productOptions',
): StoredOption[] {
  const violations: FieldViolation[] = [];
  const names = new Set<string>();
  const options = input.map((option, i) => {
    const key = option.name.toLowerCase();
    if (names.has(key)) {
      violations.push({
        field: `${path}[${i}].name`,
        description: `duplicate option name "${option.name}"`,
        violatedRule: 'VALIDATION',
      });
    }
    names.add(key);
    const optionType = option.optionType ?? 'drop_down';
    const seen = new Set<string>();
    const old = previous.find((o) => o.name.toLowerCase() === key);
    const choices = option.choices.map((choice, j) => {
      const description = choice.description ?? choice.value ?? '';
      const value = choice.value ?? description;
      if (!description) {
        violations.push({
          field: `${path}[${i}].choices[${j}].description`,
          description: 'is required',
          violatedRule: 'REQUIRED_FIELD',
        });
      }
      if (seen.has(description.toLowerCase())) {
        violations.push({
          field: `${path}[${i}].choices[${j}].description`,
          description: `duplicate choice "${description}"`,
          violatedRule: 'VALIDATION',
        });
      }
      seen.add(description.toLowerCase());
      if (optionType === 'color' && !/^#[0-9a-fA-F]{6}$/.test(value) && choice.value !== undefined) {
        violations.push({
          field: `${path}[${i}].choices[${j}].value`,
          description: 'must be a colour like #1a2b3c',
          violatedRule: 'FORMAT',
        });
      }
      const mediaIds =
        old?.choices.find((c) => c.description.toLowerCase() === description.toLowerCase())?.mediaIds ?? [];
      return { value: optionType === 'color' && choice.value === undefined ? '#000000' : value, description, mediaIds };
    });
    return { name: option.name, optionType, choices };
  });
  const combos = options.reduce((n, o) => n * o.choices.length, 1);
  if (combos > MAX_VARIANTS) {
    violations.push({
      field: path,
      description: `would make ${combos} variants; at most ${MAX_VARIANTS} are allowed`,
      violatedRule: 'MAX_SIZE',
    });
  }
  if (violations.length > 0) throw new ValidationError(violations);
  return options;
}

/**
 * The variants of an option matrix. A variant whose choices existed before keeps its id, overrides and
 * stock; new ones take `defaults`. Without options there is one variant with the all-zero id.
 */
export function buildVariants(
  options: readonly StoredOption[],
  previous: readonly VariantRecord[],
  defaults: Pick<VariantRecord, 'trackQuantity' | 'quantity' | 'inStock' | 'preorder'>,
  now: string,
  newId: () => string,
  defaultId: string,
): VariantRecord[] {
  const byKey = new Map(previous.map((v) => [choicesKey(v.choices), v]));
  return variantMatrix(options).map((choices, position) => {
    const old = byKey.get(choicesKey(choices));
    if (old) return { ...old, choices, position };
    return {
      id: options.length === 0 ? defaultId : newId(),
      position,
      choices,
      price: null,
      cost: null,
      weight: null,
      sku: null,
      visible: true,
      ...defaults,
      createdDate: now,
      updatedDate: now,
    };
  });
}

/** Discount in stored form (AMOUNT in minor units), checked against the price it applies to. */
export function normaliseDiscount(
  discount: ProductInput['discount'],
  price: number,
  currency: string,
  path = 'product.discount.value',
): Discount {
  if (!discount || discount.type === 'NONE') return { type: 'NONE', value: 0 };
  if (discount.type === 'PERCENT') {
    if (discount.value > 100)
      throw new ValidationError([
        { field: path, description: 'must be at most 100 for a PERCENT discount', violatedRule: 'MAX' },
      ]);
    return { type: 'PERCENT', value: discount.value };
  }
  const value = toMinor(discount.value, currency, path);
  if (value > price)
    throw new ValidationError([{ field: path, description: 'must not be more than the price', violatedRule: 'MAX' }]);
  return { type: 'AMOUNT', value };
}

/** Presentation data from a create or update request, on top of what the product had. */
export function productDataOf(input: ProductPatch, previous: ProductData, options: StoredOption[]): ProductData {
  return {
    media: previous.media,
    options,
    additionalInfoSections: input.additionalInfoSections
      ? input.additionalInfoSections.map((s) => ({ title: s.title, description: sanitizeDescription(s.description) }))
      : previous.additionalInfoSections,
    customTextFields: input.customTextFields
      ? input.customTextFields.map((f) => ({ title: f.title, maxLength: f.maxLength, mandatory: f.mandatory ?? false }))
      : previous.customTextFields,
    pricePerUnitData: input.pricePerUnitData ?? previous.pricePerUnitData,
    seoData: input.seoData ?? previous.seoData,
    ...(previous.tags ? { tags: previous.tags } : {}),
    // v1 does not show the choice modifiers; a v1 write keeps them.
    ...(previous.modifiers ? { modifiers: previous.modifiers } : {}),
  };
}

export const emptyProductData: ProductData = {
  media: [],
  options: [],
  additionalInfoSections: [],
  customTextFields: [],
  pricePerUnitData: null,
  seoData: null,
};

/** Which variants an override targets: by ids, by (partial) choices, or all when neither is given. */
export function targetsOf(
  override: VariantOverrideInput,
  variants: readonly VariantRecord[],
  index: number,
): VariantRecord[] {
  const violations: FieldViolation[] = [];
  let targets = [...variants];
  if (override.variantIds?.length) {
    const ids = new Set(override.variantIds);
    targets = targets.filter((v) => ids.has(v.id));
    for (const id of ids) {
      if (!variants.some((v) => v.id === id)) {
        violations.push({
          field: `variants[${index}].variantIds`,
          description: `no variant "${id}" on this product`,
          violatedRule: 'VALIDATION',
        });
      }
    }
  }
  if (override.choices && Object.keys(override.choices).length > 0) {
    const wanted = Object.entries(override.choices);
    const optionNames = new Set(variants.flatMap((v) => Object.keys(v.choices)));
    for (const [name, value] of wanted) {
      if (!optionNames.has(name)) {
        violations.push({
          field: `variants[${index}].choices.${name}`,
          description: `no option "${name}" on this product`,
          violatedRule: 'VALIDATION',
        });
      } else if (!variants.some((v) => v.choices[name] === value)) {
        violations.push({
          field: `variants[${index}].choices.${name}`,
          description: `option "${name}" has no choice "${value}"`,
          violatedRule: 'VALIDATION',
        });
      }
    }
    targets = targets.filter((v) => wanted.every(([k, val]) => v.choices[k] === val));
  }
  if (violations.length > 0) throw new ValidationError(violations);
  return targets;
}

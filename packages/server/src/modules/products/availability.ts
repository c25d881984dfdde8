import { type FieldViolation, matchesChoices, ValidationError, variantBuyable } from '@merx/domain';
import { type MapContext, mediaOf, optionsOf, priceDataOf, stockOf } from './products.mapper.js';
import { effectiveVariant } from './products.repo.js';
import type { ProductRecord, VariantRecord } from './products.types.js';

/** Violations for selected options or choices the product does not have, named `options.<name>`. */
function unknownSelections(p: ProductRecord, options: Record<string, string>): FieldViolation[] {
  return Object.entries(options).flatMap(([name, choice]): FieldViolation[] => {
    const option = p.data.options.find((o) => o.name === name);
    const description = !option
      ? `no option "${name}" on this product`
      : option.choices.some((c) => c.description === choice)
        ? undefined
        : `option "${name}" has no choice "${choice}"`;
    return description ? [{ field: `options.${name}`, description, violatedRule: 'VALIDATION' }] : [];
  });
}

/** Variants still possible for a choice of `optionName` when the other options keep their selections. */
function othersMatch(variants: readonly VariantRecord[], options: Record<string, string>) {
  return (optionName: string) => {
    const others = Object.fromEntries(Object.entries(options).filter(([name]) => name !== optionName));
    return variants.filter((v) => matchesChoices(v.choices, others));
  };
}

/**
 * What a shopper can buy given the choices made so far: the selected variant once every option is chosen,
 * each choice's stock judged against the other selections, and the media of the chosen choices.
 */
export function optionsAvailability(
  p: ProductRecord,
  variants: readonly VariantRecord[],
  options: Record<string, string>,
  ctx: MapContext,
) {
  const violations = unknownSelections(p, options);
  if (violations.length > 0) throw new ValidationError(violations);
  const complete = Object.keys(options).length === p.data.options.length;
  const selected = complete ? variants.find((v) => matchesChoices(v.choices, options)) : undefined;
  const mediaIds = new Set(
    p.data.options.flatMap((o) =>
      o.choices.filter((c) => options[o.name] === c.description).flatMap((c) => c.mediaIds),
    ),
  );
  const chosenMedia = p.data.media.filter((m) => mediaIds.has(m.id));
  let selectedVariant: Record<string, unknown> | undefined;
  if (selected) {
    const e = effectiveVariant(p, selected);
    const price = priceDataOf(e.price, e.discounted, p, ctx);
    selectedVariant = {
      price,
      convertedPriceData: price,
      ...(e.weight !== null ? { weight: e.weight } : {}),
      ...(e.sku ? { sku: e.sku } : {}),
      ...(selected.trackQuantity ? { quantity: selected.quantity ?? 0 } : {}),
      ...stockOf(selected),
      visible: selected.visible,
    };
  }
  return {
    ...(selectedVariant ? { selectedVariant } : {}),
    media: mediaOf(chosenMedia.length > 0 ? chosenMedia : p.data.media, ctx.publicUrl),
    productOptions: optionsOf(p, othersMatch(variants, options), ctx.publicUrl),
    availableForPurchase: selected?.visible === true && variantBuyable(selected),
  };
}

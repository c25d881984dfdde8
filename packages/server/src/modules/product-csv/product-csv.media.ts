import type { StoredMedia, StoredOption } from '../products/products.types.js';
import type { ApplyContext } from './product-csv.apply.js';
import type { DraftImage, DraftVariant, Problem, ProductDraft } from './product-csv.draft.js';

/** Most media one product holds (as the catalog's media routes allow). */
export const MAX_MEDIA = 100;

/**
 * The product's media with the file's images added: Image Src rows in Image Position order, then variant images,
 * each URL once (an image the product already has is not added again; its alt text is updated). A variant image is
 * shown for the variant's first option choice. Images that could not be fetched are left out with a warning.
 */
export function placeMedia(
  draft: ProductDraft,
  previous: readonly StoredMedia[],
  previousOptions: readonly StoredOption[],
  rows: ReadonlyMap<string, DraftVariant>,
  ctx: ApplyContext,
  problems: Problem[],
): { media: StoredMedia[]; options: StoredOption[] } {
  const media = structuredClone([...previous]);
  const options = structuredClone([...previousOptions]);
  const warn = (image: DraftImage, message: string) =>
    problems.push({
      line: image.line,
      row: image.row,
      column: image.column,
      message,
      handle: draft.handle,
      severity: 'WARNING',
    });

  function place(image: DraftImage): StoredMedia | undefined {
    const check = ctx.images.get(image.url);
    // Not checked: an image the product shows already (or a URL reported when the rows were read).
    if (!check) {
      const shown = media.find((m) => m.url === image.url);
      if (shown && image.alt !== undefined) shown.altText = image.alt;
      return shown;
    }
    if (!check.ok) {
      warn(image, `${check.message}: the image was left out`);
      return undefined;
    }
    const found = media.find((m) => m.url === check.url);
    if (found) {
      if (image.alt !== undefined) found.altText = image.alt;
      return found;
    }
    if (media.length >= MAX_MEDIA) {
      warn(image, `a product holds at most ${MAX_MEDIA} images: this one was left out`);
      return undefined;
    }
    const item: StoredMedia = {
      id: ctx.newId(),
      mediaType: 'image',
      url: check.url,
      width: 0,
      height: 0,
      title: '',
      ...(image.alt !== undefined ? { altText: image.alt } : {}),
    };
    media.push(item);
    return item;
  }

  const ordered = draft.images
    .map((image, i) => ({ image, key: image.position ?? Number.MAX_SAFE_INTEGER, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  for (const { image } of ordered) place(image);
  const withImages = [...rows.values()].filter((v) => v.image);
  const at = optionOfImages(withImages, options.length);
  for (const variant of withImages) {
    const item = place(variant.image as DraftImage);
    const value = variant.values[at]?.toLowerCase();
    const choice = options[at]?.choices.find((c) => c.description.toLowerCase() === value);
    if (item && choice && !choice.mediaIds.includes(item.id)) choice.mediaIds.push(item.id);
  }
  return { media, options };
}

/**
 * Which option the variant images go with: Merx shows media per option choice, Shopify per variant. The first option
 * whose every choice has one image (a Color whose variants in all sizes share a picture), else the first option.
 */
function optionOfImages(variants: readonly DraftVariant[], count: number): number {
  for (let i = 0; i < count; i++) {
    const imageOf = new Map<string, string>();
    const consistent = variants.every((v) => {
      const key = (v.values[i] ?? '').toLowerCase();
      const url = (v.image as DraftImage).url;
      if ((imageOf.get(key) ?? url) !== url) return false;
      imageOf.set(key, url);
      return true;
    });
    if (consistent) return i;
  }
  return 0;
}

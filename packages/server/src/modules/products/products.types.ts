import type { Discount, PreorderSettings } from '@merx/domain';

/** A media item of a product, as stored in the product's JSON data. */
export interface StoredMedia {
  id: string;
  mediaType: 'image' | 'video';
  url: string;
  width: number;
  height: number;
  title: string;
  altText?: string;
  /**
   * A smaller copy for listings (uploads of the media library have one; a video's, of its poster); else the image
   * itself (a video's poster, else the product's first image) is the thumbnail.
   */
  thumbnail?: { url: string; width: number; height: number };
  /** A video's container format (`mp4`, `mov`, `webm`, `mkv`); absent for images and videos given by URL. */
  format?: string;
  /** A video's still image (decision 0031), when the library has one for it. */
  poster?: { url: string; width: number; height: number };
}

export interface StoredChoice {
  value: string;
  description: string;
  /** Ids of the product's media shown for this choice. */
  mediaIds: string[];
}

export interface StoredOption {
  name: string;
  optionType: 'drop_down' | 'color';
  choices: StoredChoice[];
}

/** Presentation data of a product, kept in the `data` JSON column. */
export interface ProductData {
  media: StoredMedia[];
  options: StoredOption[];
  additionalInfoSections: Array<{ title: string; description: string }>;
  customTextFields: Array<{ title: string; maxLength: number; mandatory: boolean }>;
  pricePerUnitData: {
    totalQuantity: number;
    totalMeasurementUnit: string;
    baseQuantity: number;
    baseMeasurementUnit: string;
  } | null;
  seoData: Record<string, unknown> | null;
  /** Tag ids of catalog v3 (`tags.publicTags` and `tags.privateTags`); v1 does not show them. */
  tags?: { public: string[]; private: string[] };
  /**
   * Choice modifiers of catalog v3 (docs/decisions/0033-choice-modifiers.md): a buyer picks one choice of each, which
   * may add to the line's price, without making a variant. v1 does not show them; its free-text modifiers are
   * `customTextFields`.
   */
  modifiers?: StoredModifier[];
}

export interface StoredModifier {
  name: string;
  renderType: 'TEXT_CHOICES' | 'SWATCH_CHOICES';
  mandatory: boolean;
  choices: Array<{
    name: string;
    colorCode: string | null /** Minor units added to the line's unit price. */;
    addedPrice: number;
  }>;
}

/** A product as the service works with it: money in minor units, data parsed. */
export interface ProductRecord {
  id: string;
  numericId: number;
  slug: string;
  name: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  sku: string | null;
  brand: string | null;
  ribbon: string | null;
  description: string;
  price: number;
  discount: Discount;
  cost: number | null;
  weight: number | null;
  manageVariants: boolean;
  data: ProductData;
  createdDate: string;
  updatedDate: string;
  revision: number;
  collectionIds: string[];
}

export interface VariantRecord {
  id: string;
  position: number;
  choices: Record<string, string>;
  price: number | null;
  cost: number | null;
  weight: number | null;
  sku: string | null;
  visible: boolean;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  /** Preorder once the units are gone (docs/decisions/0032-preorder.md). */
  preorder: PreorderSettings;
  createdDate: string;
  updatedDate: string;
}

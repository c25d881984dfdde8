import type { LineItemTypePreset } from '@merx/contract';
import type { ItemAvailabilityStatus } from '@merx/domain';
import type { ProductRecord, VariantRecord } from '../products/products.types.js';

/** Whose current cart it is: the shopper a token identifies, or the staff account or API key calling. */
export type OwnerKind = 'visitor' | 'member' | 'staff' | 'apiKey';

export interface CartOwner {
  kind: OwnerKind;
  id: string;
}

/** A name in the site language, with its translation (the same until Merx translates). */
export interface Translated {
  original: string;
  translated?: string | null | undefined;
}

/** An image as the wire carries it. */
export interface WireImage {
  id?: string | null | undefined;
  url?: string | null | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
  altText?: string | null | undefined;
  filename?: string | null | undefined;
}

export interface PhysicalProperties {
  weight?: number | null | undefined;
  sku?: string | null | undefined;
  shippable?: boolean | null | undefined;
}

export type DescriptionLine = Record<string, unknown>;

/** The buyer's address and contact details, in wire names. */
export interface ContactInfo {
  address?: Record<string, unknown> | null | undefined;
  contactDetails?: Record<string, unknown> | null | undefined;
}

export interface CartRecord {
  id: string;
  owner: CartOwner;
  currency: string;
  couponCode: string | null;
  couponId: string | null;
  buyerNote: string | null;
  contactInfo: ContactInfo | null;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

/** What an elevated caller set over the catalog for one line; prices in minor units. */
export interface CatalogOverrides {
  productName?: Translated | null | undefined;
  price?: number | null | undefined;
  fullPrice?: number | null | undefined;
  descriptionLines?: DescriptionLine[] | null | undefined;
  physicalProperties?: PhysicalProperties | null | undefined;
  image?: WireImage | null | undefined;
}

/** A custom line as stored: everything the catalog would otherwise give; prices in minor units. */
export interface CustomLineData {
  price: number;
  fullPrice: number | null;
  productName: Translated;
  itemType: { preset?: LineItemTypePreset | null | undefined; custom?: string | null | undefined } | null;
  media: WireImage | null;
  url: { relativePath?: string | null | undefined; url?: string | null | undefined } | null;
  physicalProperties: PhysicalProperties | null;
  descriptionLines: DescriptionLine[];
  quantityAvailable: number | null;
  priceDescription: Translated | null;
  taxGroupId: string | null;
  catalogReference: { appId: string; catalogItemId: string; options?: Record<string, unknown> | null } | null;
}

/** The product as it was when the line was last added: shown when the product is gone. */
export interface LineSnapshot {
  name: string;
  price: number;
  fullPrice: number;
  slug: string | null;
  sku: string | null;
  weight: number | null;
  shippable: boolean;
  image: WireImage | null;
}

export interface CartLineRecord {
  id: string;
  key: string;
  position: number;
  catalogAppId: string | null;
  catalogItemId: string | null;
  variantId: string | null;
  options: Record<string, unknown>;
  quantity: number;
  custom: CustomLineData | null;
  overrides: CatalogOverrides | null;
  snapshot: LineSnapshot;
  addedDate: string;
  updatedDate: string;
}

/** A product of the catalog with all its variants, as the cart reads them with the cart. */
export interface CatalogEntry {
  product: ProductRecord;
  variants: VariantRecord[];
}

/** A cart with its lines and the catalog entries of their products (and of the products being added). */
export interface CartState {
  cart: CartRecord;
  /** The lines in their order; changes replace the list and its records, never change them in place. */
  lines: readonly CartLineRecord[];
  /** Entries of the products on the lines and being added; a take leaves their collection ids out (see `take`). */
  catalog: Map<string, CatalogEntry>;
  /** True when the statement that read this state created the cart. */
  created: boolean;
  /**
   * Whether `lines` are the cart's lines at the revision read (a take: the revision before its own). Always, but on
   * PostgreSQL when another change of the cart committed while a take waited for the row: its lines are then those
   * committed when its statement began.
   */
  linesInStep: boolean;
}

/** One line as the buyer sees it now: live catalog values (or the snapshot), overrides applied, availability. */
export interface LineView {
  line: CartLineRecord;
  name: Translated;
  /** Unit price after the catalog's sale, minor units. */
  price: number;
  /** Unit list price, minor units. */
  fullPrice: number;
  itemType: { preset?: LineItemTypePreset; custom?: string };
  /** The preset the totals use (a custom type counts as PHYSICAL when it ships, else DIGITAL). */
  totalsType: LineItemTypePreset;
  weight: number | null;
  sku: string | null;
  shippable: boolean;
  image: WireImage | null;
  url: { relativePath: string; url: string } | null;
  descriptionLines: DescriptionLine[];
  availability: { status: ItemAvailabilityStatus; quantityAvailable?: number };
  collectionIds: string[];
  taxGroupId: string | null;
  /** The choice modifiers picked (one group each, one modifier: the choice), prices in minor units; none: absent. */
  modifierGroups?: ModifierGroupView[];
}

/** A picked choice modifier as the line's `modifierGroups` carry it: ids as the v3 product reads them. */
export interface ModifierGroupView {
  id: string;
  name: string;
  modifiers: Array<{ id: string; label: string; price: number }>;
}

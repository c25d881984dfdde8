import type { StoreAddress } from '@merx/contract';
import { type Executor, jsonRowArray } from '@merx/db';
import { versionMemo } from '../../lib/version-memo.js';
import type { ModuleDeps } from '../module.js';
import { SHIPPING_VERSION } from './common.js';
import type { StoredDestination } from './delivery-regions.service.js';
import {
  type ConditionOperator,
  type ConditionType,
  type StoredRate,
  type StoredTimeSlot,
  WEIGHT_SCALE,
} from './shipping-options.mapper.js';
import type { JurisdictionType, StoredJurisdiction } from './tax.service.js';
import type { StoredPreset, TipType } from './tips.mapper.js';

/*
 * The merchant's configuration as plain data for the pure totals function (cart estimate, checkout, order).
 * Every amount is an integer in minor units of `currency` (the store currency); nothing here needs a database.
 */

/** A country, and the subdivisions of it that are served. */
export interface DestinationConfig {
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  countryCode: string;
  /**
   * ISO 3166-2 subdivision codes without the country prefix (`CA`, not `US-CA`). Empty: the whole country.
   * A checkout address carries `US-CA`: compare the part after the hyphen.
   */
  subdivisions: string[];
}

/** An active delivery region: a destination is inside it when one of its entries covers it. */
export interface DeliveryRegionConfig {
  id: string;
  name: string;
  destinations: DestinationConfig[];
}

export interface RateConditionConfig {
  type: ConditionType;
  /** How the cart's total compares with `value`: `total <operator> value`. */
  operator: ConditionOperator;
  /**
   * BY_TOTAL_PRICE: minor units (compare with the subtotal of the items shipped);
   * BY_TOTAL_WEIGHT: weight in the option's `weightUnit` (a decimal number, at most 6 decimals);
   * BY_TOTAL_QUANTITY: number of items.
   */
  value: number;
}

export interface ShippingRateConfig {
  /** Price of shipping in minor units. */
  amount: number;
  /** All must hold (AND). No conditions: the rate always applies. */
  conditions: RateConditionConfig[];
  /** The price is `amount` times the number of items. */
  multiplyByQuantity: boolean;
}

export interface ShippingOptionConfig {
  id: string;
  title: string;
  /** Free text, e.g. "2-3 business days". */
  estimatedDeliveryTime: string | null;
  /** Free text for the buyer, e.g. opening hours for a pickup. */
  instructions: string | null;
  /** Unit of the weight conditions (the catalog's weights are in the same unit). */
  weightUnit: 'KG' | 'LB';
  /** Where the option is offered: its active regions, in the merchant's order (never empty). */
  regions: DeliveryRegionConfig[];
  /**
   * Candidate rates: of those whose conditions all hold, the lowest price applies (as the contract says).
   * No rate holding means the option cannot ship this cart.
   */
  rates: ShippingRateConfig[];
  /** Shipping is free when the items' subtotal (minor units) is at least this. Null: no threshold. */
  freeShippingThreshold: number | null;
  /** Set for pickup options (the buyer collects at `address`); null for delivery to the buyer. */
  pickup: { method: 'STORE_PICKUP' | 'PICKUP_POINT'; address: StoreAddress } | null;
  /** Delivery windows the buyer may choose (UTC ISO-8601, `to` after `from`); empty: none offered. */
  deliveryTimeSlots: StoredTimeSlot[];
}

export interface ShippingConfiguration {
  /** ISO 4217 code of every amount. */
  currency: string;
  /** Active options offered in at least one active region, oldest first. */
  options: ShippingOptionConfig[];
}

export interface TaxJurisdictionConfig {
  /** E.g. "California" or "Los Angeles County". */
  name: string;
  type: JurisdictionType;
  /** The rate in parts per million: 82500 is 8.25 % (tax = amount × ratePpm / 1,000,000, then rounded). */
  ratePpm: number;
}

export interface TaxRegionConfig {
  id: string;
  country: string;
  /** Subdivision code without the country prefix; null: the region covers the whole country. */
  subdivision: string | null;
  /** NO_TAX_COLLECTED: no tax in this region (and `jurisdictions` is empty). */
  rateType: 'MANUAL_RATE' | 'NO_TAX_COLLECTED';
  /**
   * Every tax that applies in the region, listed by the merchant (a state region lists the state's and any
   * county's or city's rates). The most specific region applies alone: a subdivision's region, else the country's.
   */
  jurisdictions: TaxJurisdictionConfig[];
  /** Whether shipping is taxed here too. */
  shippingTaxable: boolean;
}

export interface TaxConfiguration {
  /** Which address decides the tax region. */
  taxableAddress: 'BUSINESS' | 'BILLING' | 'SHIPPING';
  /** Catalog prices already include tax: tax is taken out of them, not added on top. */
  taxIncludedInItemPrices: boolean;
  /** The store's address (the taxable address when `taxableAddress` is BUSINESS); null until set. */
  businessAddress: StoreAddress | null;
  /** By country, then subdivision (the whole-country region first). No region: no tax there. */
  regions: TaxRegionConfig[];
}

export interface TipConfiguration {
  id: string;
  /** ISO 4217 code of AMOUNT presets. */
  currency: string;
  tipType: TipType;
  /** One to three presets: `value` in basis points (1500 = 15 %) for PERCENTAGE, minor units for AMOUNT. */
  presets: StoredPreset[];
  /** Whether buyers may tip at checkout at all. */
  allowCustomerTip: boolean;
  /** Whether buyers may enter their own amount (CUSTOM) besides the presets. */
  allowCustomAmount: boolean;
}

export interface AdditionalFeeConfig {
  id: string;
  type: 'HANDLING_FEE' | 'INSURANCE';
  name: string;
  /** Minor units, added once per checkout. */
  amount: number;
  /** Whether tax applies to the fee (at the rates of the taxable address). */
  taxable: boolean;
  source: 'MANUAL';
}

/** Everything of this module the totals read. */
export interface TotalsConfigurationParts {
  shipping: ShippingConfiguration;
  tax: TaxConfiguration;
  tipSettings: TipConfiguration | null;
  additionalFees: AdditionalFeeConfig[];
}

/** Reads the configuration the totals function needs, in `ex` (a caller's transaction) when given. */
export function createConfigurationService(deps: ModuleDeps) {
  const currency = () => deps.store().currency;
  const service = {
    /** Active shipping options with their active regions, rates, pickup and slots, in minor units. */
    async shippingConfiguration(ex: Executor = deps.db): Promise<ShippingConfiguration> {
      const rows = await ex
        .selectFrom('shipping_options as o')
        .selectAll('o')
        .select((eb) =>
          jsonRowArray(
            deps.dialect,
            eb
              .selectFrom('shipping_option_regions as r')
              .innerJoin('delivery_regions as d', 'd.id', 'r.delivery_region_id')
              .select(['d.id as id', 'd.name as name', 'd.destinations as destinations', 'r.position as position'])
              .whereRef('r.shipping_option_id', '=', 'o.id')
              .where('d.active', '=', 1),
            ['id', 'name', 'destinations', 'position'],
          ).as('regions'),
        )
        .where('o.active', '=', 1)
        .orderBy('o.created_date')
        .orderBy('o.id')
        .execute();
      const options = rows.map((row): ShippingOptionConfig => {
        const linked = JSON.parse(row.regions) as Array<{
          id: string;
          name: string;
          destinations: string;
          position: number;
        }>;
        const rates = JSON.parse(row.rates) as StoredRate[];
        return {
          id: row.id,
          title: row.title,
          estimatedDeliveryTime: row.estimated_delivery_time,
          instructions: row.instructions,
          weightUnit: row.weight_unit as ShippingOptionConfig['weightUnit'],
          regions: linked
            .sort((a, b) => a.position - b.position)
            .map((r) => ({ id: r.id, name: r.name, destinations: JSON.parse(r.destinations) as StoredDestination[] })),
          rates: rates.map((rate) => ({
            ...rate,
            conditions: rate.conditions.map((c) =>
              c.type === 'BY_TOTAL_WEIGHT' ? { ...c, value: c.value / 10 ** WEIGHT_SCALE } : c,
            ),
          })),
          freeShippingThreshold: row.free_shipping_threshold,
          pickup:
            row.pickup_method && row.pickup_address
              ? {
                  method: row.pickup_method as 'STORE_PICKUP' | 'PICKUP_POINT',
                  address: JSON.parse(row.pickup_address) as StoreAddress,
                }
              : null,
          deliveryTimeSlots: JSON.parse(row.delivery_time_slots) as StoredTimeSlot[],
        };
      });
      return { currency: currency(), options: options.filter((o) => o.regions.length > 0) };
    },

    /** The tax settings and every tax region, rates in parts per million (two statements). */
    async taxConfiguration(ex: Executor = deps.db): Promise<TaxConfiguration> {
      const settings = await ex.selectFrom('tax_settings').selectAll().where('id', '=', 'store').executeTakeFirst();
      const rows = await ex.selectFrom('tax_regions').selectAll().orderBy('country').orderBy('subdivision').execute();
      return {
        taxableAddress: (settings?.taxable_address ?? 'SHIPPING') as TaxConfiguration['taxableAddress'],
        taxIncludedInItemPrices: settings?.tax_included_in_item_prices === 1,
        businessAddress: settings?.business_address ? (JSON.parse(settings.business_address) as StoreAddress) : null,
        regions: rows.map((row) => ({
          id: row.id,
          country: row.country,
          subdivision: row.subdivision || null,
          rateType: row.rate_type as TaxRegionConfig['rateType'],
          jurisdictions: JSON.parse(row.jurisdictions) as StoredJurisdiction[],
          shippingTaxable: row.shipping_taxable === 1,
        })),
      };
    },

    /** The store's default tip settings, or null when there are none. */
    async tipSettings(ex: Executor = deps.db): Promise<TipConfiguration | null> {
      const row = await ex.selectFrom('tip_settings').selectAll().where('is_default', '=', 1).executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        currency: currency(),
        tipType: row.tip_type as TipType,
        presets: JSON.parse(row.presets) as StoredPreset[],
        allowCustomerTip: row.allow_customer_tip === 1,
        allowCustomAmount: row.allow_custom_amount === 1,
      };
    },

    /** Active additional fees, oldest first, amounts in minor units. */
    async additionalFees(ex: Executor = deps.db): Promise<AdditionalFeeConfig[]> {
      const rows = await ex
        .selectFrom('additional_fees')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('created_date')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.fee_type as AdditionalFeeConfig['type'],
        name: row.name,
        amount: row.amount,
        taxable: row.taxable === 1,
        source: 'MANUAL' as const,
      }));
    },
  };
  /** The four reads, kept while no write of this module happened (and the store currency is the same). */
  const parts = versionMemo(
    deps.db,
    SHIPPING_VERSION,
    async (ex): Promise<TotalsConfigurationParts> => {
      // One after the other: on SQLite `ex` may be the one connection of a transaction.
      const shipping = await service.shippingConfiguration(ex);
      const tax = await service.taxConfiguration(ex);
      const tipSettings = await service.tipSettings(ex);
      const additionalFees = await service.additionalFees(ex);
      return { shipping, tax, tipSettings, additionalFees };
    },
    currency,
  );
  return {
    ...service,
    /**
     * Shipping, tax, tips and fees for the totals, kept per process while no write of this module happened: one
     * primary-key read a call (the data version), the five reads again after any process changed any of them.
     */
    totalsConfiguration: (ex?: Executor) => parts(ex),
  };
}

export type ConfigurationService = ReturnType<typeof createConfigurationService>;

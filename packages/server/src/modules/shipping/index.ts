import type { Module, ModuleDeps } from '../module.js';
import { type ConfigurationService, createConfigurationService } from './configuration.js';
import { createDeliveryRegionService, type DeliveryRegionService } from './delivery-regions.service.js';
import { feeRoutes } from './fees.routes.js';
import { createFeeService, type FeeService } from './fees.service.js';
import { shipToRoutes } from './ship-to.routes.js';
import { createShipToService } from './ship-to.service.js';
import { deliveryRegionRoutes, shippingOptionRoutes } from './shipping-options.routes.js';
import { createShippingOptionService, type ShippingOptionService } from './shipping-options.service.js';
import { taxRoutes } from './tax.routes.js';
import { createTaxService, type TaxService } from './tax.service.js';
import { tipRoutes } from './tips.routes.js';
import { createTipService, type TipService } from './tips.service.js';

export type {
  AdditionalFeeConfig,
  DeliveryRegionConfig,
  DestinationConfig,
  RateConditionConfig,
  ShippingConfiguration,
  ShippingOptionConfig,
  ShippingRateConfig,
  TaxConfiguration,
  TaxJurisdictionConfig,
  TaxRegionConfig,
  TipConfiguration,
  TotalsConfigurationParts,
} from './configuration.js';

/** What the shipping module offers other modules: its entity services and the configuration reads for totals. */
export interface ShippingServices {
  shippingOptions: ShippingOptionService;
  deliveryRegions: DeliveryRegionService;
  tax: TaxService;
  tips: TipService;
  fees: FeeService;
  /** Active shipping options with their regions, rates, pickup and slots, in minor units. */
  shippingConfiguration: ConfigurationService['shippingConfiguration'];
  /** Tax settings and tax regions, rates in parts per million. */
  taxConfiguration: ConfigurationService['taxConfiguration'];
  /** The default tip settings, or null. */
  tipSettings: ConfigurationService['tipSettings'];
  /** Active additional fees, in minor units. */
  additionalFees: ConfigurationService['additionalFees'];
  /** The four above for the totals, kept per process while no write of this module happened. */
  totalsConfiguration: ConfigurationService['totalsConfiguration'];
}

/** Shipping options with delivery regions, tax regions and settings, tip settings, additional fees. */
export function createShippingModule(deps: ModuleDeps): Module<ShippingServices> {
  const shippingOptions = createShippingOptionService(deps);
  const deliveryRegions = createDeliveryRegionService(deps);
  const tax = createTaxService(deps);
  const tips = createTipService(deps);
  const fees = createFeeService(deps);
  const configuration = createConfigurationService(deps);
  const shipTo = createShipToService(configuration);
  return {
    services: {
      shippingOptions,
      deliveryRegions,
      tax,
      tips,
      fees,
      shippingConfiguration: configuration.shippingConfiguration,
      taxConfiguration: configuration.taxConfiguration,
      tipSettings: configuration.tipSettings,
      additionalFees: configuration.additionalFees,
      totalsConfiguration: configuration.totalsConfiguration,
    },
    routes: [
      ...shippingOptionRoutes(shippingOptions),
      ...deliveryRegionRoutes(deliveryRegions),
      ...taxRoutes(tax),
      ...tipRoutes(tips),
      ...feeRoutes(fees),
      ...shipToRoutes(shipTo),
    ],
  };
}

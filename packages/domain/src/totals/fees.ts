/**
 * Additional fees: MANUAL ones given by the caller for the whole purchase and ITEM ones attached to lines
 * (one fee per line and fee, for the whole line). Fees are never discounted; a taxable fee is taxed at
 * the region's rates, and like every price it includes tax when the store's prices do.
 */
import type { CalculatedAdditionalFee } from './charge-types.js';
import type { ItemTaxDetails } from './result-types.js';
import type { AdditionalFeeChargeType, ManualAdditionalFee } from './store-types.js';
import type { TotalsLineItem } from './types.js';

/** A fee before tax is worked out. */
export interface FeeDraft {
  code: string;
  name: string;
  chargeType: AdditionalFeeChargeType;
  source: 'MANUAL' | 'ITEM';
  lineItemIds: string[];
  price: number;
  taxable: boolean;
}

/** The fees of a purchase: the manual ones first, then each line's in line order. */
export function collectFees(manual: readonly ManualAdditionalFee[], lines: readonly TotalsLineItem[]): FeeDraft[] {
  const manualFees = manual.map(
    (fee): FeeDraft => ({
      code: fee.code,
      name: fee.name,
      chargeType: fee.chargeType,
      source: 'MANUAL',
      lineItemIds: [...(fee.lineItemIds ?? [])],
      price: fee.price,
      taxable: fee.taxable,
    }),
  );
  const itemFees = lines.flatMap((line) =>
    (line.additionalFees ?? []).map((fee): FeeDraft => ({ ...fee, source: 'ITEM', lineItemIds: [line.id] })),
  );
  return [...manualFees, ...itemFees];
}

/** A fee with its tax. */
export function priceFee(
  fee: FeeDraft,
  taxDetails: ItemTaxDetails,
  taxIncludedInPrice: boolean,
): CalculatedAdditionalFee {
  const { taxable: _taxable, ...rest } = fee;
  return {
    ...rest,
    priceBeforeTax: taxIncludedInPrice ? fee.price - taxDetails.totalTax : fee.price,
    taxDetails,
    priceAfterTax: taxIncludedInPrice ? fee.price : fee.price + taxDetails.totalTax,
  };
}

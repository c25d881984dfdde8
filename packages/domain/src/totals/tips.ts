/**
 * Tips. A preset is picked by index (only the first three count); a PERCENTAGE preset is that percent of
 * the items subtotal after discounts (before tax and shipping), rounded half away from zero. A custom
 * amount needs `allowCustomAmount`. A tip that cannot be honoured is 0 and reported, never thrown.
 */
import { percentOf } from './arithmetic.js';
import type { TipResult } from './charge-types.js';
import type { CalculationError } from './result-types.js';
import type { SelectedTip, TipSettings } from './store-types.js';

/** At most this many presets are offered. */
export const MAX_TIP_PRESETS = 3;

/** The tip and, when the choice could not be honoured, why. */
export interface TipCalculation {
  tip: TipResult;
  error?: CalculationError;
}

function refused(code: CalculationError['code'], description: string): TipCalculation {
  return { tip: { amount: 0 }, error: { type: 'TIP', code, description } };
}

/** The tip for the buyer's choice, given the items subtotal after discounts (minor units). */
export function calculateTip(
  settings: TipSettings | null | undefined,
  selected: SelectedTip | null | undefined,
  itemsAfterDiscounts: number,
): TipCalculation {
  if (!selected) return { tip: { amount: 0 } };
  if (!settings || settings.allowCustomerTip === false) {
    return refused('TIPS_NOT_ALLOWED', 'This store does not take tips.');
  }
  if ('customAmount' in selected) return customTip(settings, selected.customAmount);
  const index = selected.presetIndex;
  const preset = Number.isInteger(index) && index < MAX_TIP_PRESETS ? settings.presets[index] : undefined;
  if (!preset) return refused('TIP_PRESET_NOT_FOUND', `There is no tip choice number ${index + 1}.`);
  const value = Math.max(0, preset.value);
  if (settings.tipType === 'PERCENTAGE') {
    return {
      tip: {
        amount: percentOf(itemsAfterDiscounts, value),
        tipType: 'PERCENTAGE',
        presetIndex: index,
        percentage: value,
      },
    };
  }
  return { tip: { amount: Math.round(value), tipType: 'AMOUNT', presetIndex: index } };
}

function customTip(settings: TipSettings, amount: number): TipCalculation {
  if (!settings.allowCustomAmount) {
    return refused('CUSTOM_TIP_NOT_ALLOWED', 'This store only takes the offered tip choices.');
  }
  if (!Number.isSafeInteger(amount) || amount < 0) {
    return refused('INVALID_TIP_AMOUNT', 'A tip must be a whole, non-negative amount.');
  }
  return { tip: { amount, tipType: 'CUSTOM' } };
}

import type { TipSettings, TipSettingsInput } from '@merx/contract';
import type { Database } from '@merx/db';
import { currencyDigits, type FieldViolation, finerThanCurrency, ValidationError } from '@merx/domain';
import type { Selectable } from 'kysely';
import type { StoredExtendedFields } from './common.js';
import { numberToScaled, scaledToDecimal } from './decimal.js';

export type TipSettingsRow = Selectable<Database['tip_settings']>;
export type TipType = 'PERCENTAGE' | 'AMOUNT';

/** A preset as stored: basis points (1500 = 15 %) for PERCENTAGE, minor units for AMOUNT. */
export interface StoredPreset {
  value: number;
  default: boolean;
}

/** Percentages keep two decimals (12.5 % is 1250 basis points). */
const PERCENT_SCALE = 2;
const scaleOf = (type: TipType, currency: string) => (type === 'PERCENTAGE' ? PERCENT_SCALE : currencyDigits(currency));

/** Presets in storage form; every preset that cannot be kept is one violation, all reported together. */
export function presetsOf(type: TipType, presets: TipSettingsInput['presets'], currency: string): StoredPreset[] {
  const violations: FieldViolation[] = [];
  const scale = scaleOf(type, currency);
  let defaults = 0;
  const stored = presets.map((p, i) => {
    const field = `tipSettings.presets[${i}]`;
    const value = p.value;
    if (type === 'PERCENTAGE' && value > 100) {
      violations.push({ field: `${field}.value`, description: 'must be at most 100 (percent)', violatedRule: 'MAX' });
    }
    const scaled = numberToScaled(value, scale);
    if (scaled === undefined && type === 'AMOUNT') violations.push(finerThanCurrency(`${field}.value`, currency));
    else if (scaled === undefined) {
      violations.push({
        field: `${field}.value`,
        description: `must have at most ${scale} decimal places`,
        violatedRule: 'DECIMAL_MAX_SCALE',
      });
    }
    if (p.default === true && ++defaults > 1) {
      violations.push({
        field: `${field}.default`,
        description: 'only one preset can be the default',
        violatedRule: 'VALIDATION',
      });
    }
    return { value: scaled ?? 0, default: p.default === true };
  });
  if (violations.length > 0) throw new ValidationError(violations);
  return stored;
}

/** Preset values back as wire numbers (percent or major units). */
export function wirePresetsOf(type: TipType, presets: StoredPreset[], currency: string) {
  const scale = scaleOf(type, currency);
  return presets.map((p) => ({ value: Number(scaledToDecimal(p.value, scale)), default: p.default }));
}

/** The wire form of tip settings (preset values as the numbers the merchant entered). */
export function tipSettingsOf(row: TipSettingsRow, currency: string): TipSettings {
  const type = row.tip_type as TipType;
  const settings: TipSettings = {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    tipType: type,
    presets: wirePresetsOf(type, JSON.parse(row.presets) as StoredPreset[], currency),
    allowCustomerTip: row.allow_customer_tip === 1,
    allowBusinessTipAtPayment: row.allow_business_tip_at_payment === 1,
    allowCustomAmount: row.allow_custom_amount === 1,
    allowEditDistribution: row.allow_edit_distribution === 1,
    staffDistributionMethod: row.staff_distribution_method as TipSettings['staffDistributionMethod'],
    default: row.is_default === 1,
    extendedFields: JSON.parse(row.extended_fields) as StoredExtendedFields,
  };
  if (row.location_id) settings.locationId = row.location_id;
  if (row.payment_terminal_id) settings.paymentTerminalId = row.payment_terminal_id;
  if (row.user_id) settings.userId = row.user_id;
  if (row.app_id) settings.appId = row.app_id;
  return settings;
}

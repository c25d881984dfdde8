import type { TaxRegion } from '@merx/sdk';
import { percentOfFraction } from './values';

/** "8.875%" for a region's rates added up (text arithmetic on the fractions, so nothing is rounded). */
export function totalRate(region: TaxRegion): string {
  if (region.rateType === 'NO_TAX_COLLECTED') return 'No tax';
  const millionths = region.jurisdictions.reduce((sum, j) => {
    const [w = '0', f = ''] = j.rate.split('.');
    return sum + Number(w) * 1_000_000 + Number(f.padEnd(6, '0').slice(0, 6));
  }, 0);
  const whole = Math.floor(millionths / 1_000_000);
  const fraction = String(millionths % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${percentOfFraction(fraction ? `${whole}.${fraction}` : String(whole))}%`;
}

import type { TaxSettings } from '@merx/sdk';
import { countryName } from './countries';

type StoreAddress = NonNullable<TaxSettings['businessAddress']>;

/** An address as its form edits it (every part as typed). */
export interface AddressForm {
  country: string;
  subdivision: string;
  city: string;
  postalCode: string;
  addressLine: string;
  addressLine2: string;
}

export const blankAddress: AddressForm = {
  country: 'US',
  subdivision: '',
  city: '',
  postalCode: '',
  addressLine: '',
  addressLine2: '',
};

export function addressFormOf(a: StoreAddress | undefined): AddressForm {
  if (!a) return blankAddress;
  const street = a.streetAddress ? [a.streetAddress.number, a.streetAddress.name].filter(Boolean).join(' ') : '';
  return {
    country: a.country,
    subdivision: a.subdivision ?? '',
    city: a.city ?? '',
    postalCode: a.postalCode ?? '',
    addressLine: a.addressLine ?? street,
    addressLine2: a.addressLine2 ?? '',
  };
}

/** The address as the API takes it (empty parts left out; a subdivision in capitals). */
export function addressInputOf(f: AddressForm) {
  const part = (v: string) => (v.trim() ? v.trim() : null);
  return {
    country: f.country,
    subdivision: part(f.subdivision.toUpperCase()),
    city: part(f.city),
    postalCode: part(f.postalCode),
    addressLine: part(f.addressLine),
    addressLine2: part(f.addressLine2),
  };
}

/** "350 5th Ave, New York, NY 10118, United States". */
export function addressText(a: StoreAddress | undefined): string {
  if (!a) return '';
  const f = addressFormOf(a);
  const place = [f.city, [f.subdivision.replace(/^[A-Z]{2}-/, ''), f.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [f.addressLine, f.addressLine2, place, countryName(f.country)].filter(Boolean).join(', ');
}

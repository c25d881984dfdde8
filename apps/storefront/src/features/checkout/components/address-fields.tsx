import { useId, useState } from 'react';
import { Field } from '../../../components/field';
import { countries } from '../../../lib/countries';
import { hasSubdivisionList, subdivisionCode, subdivisionName, subdivisionsOf } from '../../../lib/subdivisions';

/** An address with contact details, as the checkout form reads it back. */
export interface AddressValues {
  firstName: string;
  lastName: string;
  phone: string;
  addressLine: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  country: string;
  /** The ISO 3166-2 code without prefix once read from the form (or the text typed when it matched none). */
  subdivision: string;
}

type Wire = { address?: Record<string, unknown>; contactDetails?: Record<string, unknown> } | undefined;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's values from a checkout's address (empty fields when it has none). */
export function valuesOf(wire: Wire): AddressValues {
  const a = wire?.address ?? {};
  const c = wire?.contactDetails ?? {};
  const country = str(a.country) || 'US';
  return {
    firstName: str(c.firstName),
    lastName: str(c.lastName),
    phone: str(c.phone),
    addressLine: str(a.addressLine) || str(a.addressLine1),
    addressLine2: str(a.addressLine2),
    city: str(a.city),
    postalCode: str(a.postalCode),
    country,
    subdivision: subdivisionCode(country, str(a.subdivision)) ?? str(a.subdivision),
  };
}

/**
 * The form's values read from its fields (named `${prefix}.field`). The state or region becomes its code ("New York"
 * and "ny" → "NY"); text that names none stays as typed, for `missingFields` to refuse.
 */
export function readAddress(data: FormData, prefix: string): AddressValues {
  const get = (k: keyof AddressValues) => String(data.get(`${prefix}.${k}`) ?? '').trim();
  const country = get('country');
  const typed = get('subdivision');
  return {
    firstName: get('firstName'),
    lastName: get('lastName'),
    phone: get('phone'),
    addressLine: get('addressLine'),
    addressLine2: get('addressLine2'),
    city: get('city'),
    postalCode: get('postalCode'),
    country,
    subdivision: subdivisionCode(country, typed) ?? typed,
  };
}

/** The checkout wire's address with contact details (the subdivision a code, never a name). */
export function toWire(v: AddressValues) {
  const opt = (s: string) => (s ? s : undefined);
  return {
    address: {
      country: v.country,
      city: v.city,
      postalCode: v.postalCode,
      addressLine: v.addressLine,
      addressLine2: opt(v.addressLine2),
      subdivision: opt(subdivisionCode(v.country, v.subdivision) ?? ''),
    },
    contactDetails: { firstName: v.firstName, lastName: v.lastName, phone: opt(v.phone) },
  };
}

/** Fields that must be filled, with the message shown beside each. */
export function missingFields(v: AddressValues): Partial<Record<keyof AddressValues, string>> {
  const out: Partial<Record<keyof AddressValues, string>> = {};
  if (!v.firstName) out.firstName = 'Enter a first name';
  if (!v.lastName) out.lastName = 'Enter a last name';
  if (!v.addressLine) out.addressLine = 'Enter a street address';
  if (!v.city) out.city = 'Enter a city';
  if (!v.postalCode) out.postalCode = 'Enter a postal code';
  if (v.subdivision && subdivisionCode(v.country, v.subdivision) === undefined) {
    const [first] = subdivisionsOf(v.country);
    out.subdivision = first
      ? `Choose one from the list, such as ${first[1]} or ${first[0]}`
      : 'Enter the region’s code (up to 3 letters or digits), or leave it empty';
  }
  return out;
}

/** Where the buyer's country starts: the address's own when offered, else the US, else the first offered. */
function startingCountry(country: string, offered: ReadonlyArray<[string, string]>): string {
  if (offered.some(([c]) => c === country)) return country;
  return offered.some(([c]) => c === 'US') ? 'US' : (offered[0]?.[0] ?? country);
}

/**
 * Name, street, city, region, postal code, country and phone, with autocomplete hints. `countries` limits the
 * country list (delivery: where the store ships); every country when absent (billing). The state or region
 * suggests the country's states and provinces as the buyer types, and takes a name or a code.
 */
export function AddressFields({
  prefix,
  values,
  errors = {},
  countries: offered = countries(),
}: {
  prefix: string;
  values: AddressValues;
  errors?: Partial<Record<keyof AddressValues, string>>;
  countries?: Array<[string, string]>;
}) {
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const n = (k: keyof AddressValues) => `${prefix}.${k}`;
  const [country, setCountry] = useState(() => startingCountry(values.country, offered));
  const listId = `${useId()}-subdivisions`;
  const subdivisions = subdivisionsOf(country);
  const shownSubdivision =
    values.subdivision && values.country === country ? subdivisionName(country, values.subdivision) : '';
  return (
    <div className="address-grid">
      <Field
        label="First name"
        name={n('firstName')}
        defaultValue={values.firstName}
        autoComplete={`${section} given-name`}
        error={errors.firstName}
        required
      />
      <Field
        label="Last name"
        name={n('lastName')}
        defaultValue={values.lastName}
        autoComplete={`${section} family-name`}
        error={errors.lastName}
        required
      />
      <div className="field address-grid__wide">
        <label htmlFor={`${prefix}-country`}>Country</label>
        <select
          id={`${prefix}-country`}
          name={n('country')}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          autoComplete={`${section} country`}
        >
          {offered.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="address-grid__wide">
        <Field
          label="Street address"
          name={n('addressLine')}
          defaultValue={values.addressLine}
          autoComplete={`${section} address-line1`}
          error={errors.addressLine}
          required
        />
      </div>
      <div className="address-grid__wide">
        <Field
          label="Apartment, suite (optional)"
          name={n('addressLine2')}
          defaultValue={values.addressLine2}
          autoComplete={`${section} address-line2`}
        />
      </div>
      <Field
        label="City"
        name={n('city')}
        defaultValue={values.city}
        autoComplete={`${section} address-level2`}
        error={errors.city}
        required
      />
      <Field
        // A new country's list: the text typed for another country starts over.
        key={country}
        label="State or region (optional)"
        name={n('subdivision')}
        defaultValue={shownSubdivision}
        autoComplete={`${section} address-level1`}
        list={hasSubdivisionList(country) ? listId : undefined}
        error={errors.subdivision}
        hint={
          subdivisions[0]
            ? `Name or code, e.g. ${subdivisions[0][1]} or ${subdivisions[0][0]}`
            : 'A code such as BY, if any'
        }
      />
      {subdivisions.length > 0 ? (
        <datalist id={listId}>
          {subdivisions.map(([code, name]) => (
            <option key={code} value={name}>
              {code}
            </option>
          ))}
        </datalist>
      ) : null}
      <Field
        label="Postal code"
        name={n('postalCode')}
        defaultValue={values.postalCode}
        autoComplete={`${section} postal-code`}
        error={errors.postalCode}
        required
      />
      <Field
        label="Phone (optional)"
        name={n('phone')}
        type="tel"
        defaultValue={values.phone}
        autoComplete={`${section} tel`}
      />
    </div>
  );
}

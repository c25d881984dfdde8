import { Field } from '../../../components/field';
import { countries } from '../../../lib/countries';

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
  subdivision: string;
}

type Wire = { address?: Record<string, unknown>; contactDetails?: Record<string, unknown> } | undefined;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's values from a checkout's address (empty fields when it has none). */
export function valuesOf(wire: Wire): AddressValues {
  const a = wire?.address ?? {};
  const c = wire?.contactDetails ?? {};
  return {
    firstName: str(c.firstName),
    lastName: str(c.lastName),
    phone: str(c.phone),
    addressLine: str(a.addressLine) || str(a.addressLine1),
    addressLine2: str(a.addressLine2),
    city: str(a.city),
    postalCode: str(a.postalCode),
    country: str(a.country) || 'US',
    subdivision: str(a.subdivision),
  };
}

/** The form's values read from its fields (named `${prefix}.field`). */
export function readAddress(data: FormData, prefix: string): AddressValues {
  const get = (k: keyof AddressValues) => String(data.get(`${prefix}.${k}`) ?? '').trim();
  return {
    firstName: get('firstName'),
    lastName: get('lastName'),
    phone: get('phone'),
    addressLine: get('addressLine'),
    addressLine2: get('addressLine2'),
    city: get('city'),
    postalCode: get('postalCode'),
    country: get('country'),
    subdivision: get('subdivision').toUpperCase(),
  };
}

/** The checkout wire's address with contact details. */
export function toWire(v: AddressValues) {
  const opt = (s: string) => (s ? s : undefined);
  return {
    address: {
      country: v.country,
      city: v.city,
      postalCode: v.postalCode,
      addressLine: v.addressLine,
      addressLine2: opt(v.addressLine2),
      subdivision: opt(v.subdivision),
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
  if (v.subdivision && !/^([A-Z]{2}-)?[A-Z0-9]{1,3}$/.test(v.subdivision))
    out.subdivision = 'Use a code such as CA or NY';
  return out;
}

/** Name, street, city, region, postal code, country and phone, with autocomplete hints. */
export function AddressFields({
  prefix,
  values,
  errors = {},
}: {
  prefix: string;
  values: AddressValues;
  errors?: Partial<Record<keyof AddressValues, string>>;
}) {
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const n = (k: keyof AddressValues) => `${prefix}.${k}`;
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
        label="State or region (optional)"
        name={n('subdivision')}
        defaultValue={values.subdivision}
        autoComplete={`${section} address-level1`}
        error={errors.subdivision}
        hint="A code such as CA"
      />
      <Field
        label="Postal code"
        name={n('postalCode')}
        defaultValue={values.postalCode}
        autoComplete={`${section} postal-code`}
        error={errors.postalCode}
        required
      />
      <div className="field">
        <label htmlFor={`${prefix}-country`}>Country</label>
        <select
          id={`${prefix}-country`}
          name={n('country')}
          defaultValue={values.country}
          autoComplete={`${section} country`}
        >
          {countries().map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="address-grid__wide">
        <Field
          label="Phone (optional)"
          name={n('phone')}
          type="tel"
          defaultValue={values.phone}
          autoComplete={`${section} tel`}
        />
      </div>
    </div>
  );
}

import { SelectField, TextField } from '../../../components/field';
import { countryOptions } from '../../../lib/countries';
import type { Address, Contact } from '../lib/order-view';

/** An address and its contact as a form holds them (every field a string, empty when not given). */
export interface AddressDraft {
  firstName: string;
  lastName: string;
  phone: string;
  addressLine: string;
  addressLine2: string;
  city: string;
  subdivision: string;
  postalCode: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressDraft = {
  firstName: '',
  lastName: '',
  phone: '',
  addressLine: '',
  addressLine2: '',
  city: '',
  subdivision: '',
  postalCode: '',
  country: '',
};

export function draftOf(contact: Contact, address: Address): AddressDraft {
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    phone: contact.phone ?? '',
    addressLine: address.addressLine ?? '',
    addressLine2: address.addressLine2 ?? '',
    city: address.city ?? '',
    subdivision: address.subdivision ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  };
}

const given = (value: string) => (value.trim() ? value.trim() : undefined);

/** The wire's `{contactDetails, address}` of a draft (empty fields left out). */
export function wireOf(d: AddressDraft) {
  return {
    contactDetails: {
      firstName: given(d.firstName),
      lastName: given(d.lastName),
      phone: given(d.phone),
    },
    address: {
      addressLine: given(d.addressLine),
      addressLine2: given(d.addressLine2),
      city: given(d.city),
      subdivision: given(d.subdivision.toUpperCase()),
      postalCode: given(d.postalCode),
      country: given(d.country),
    },
  };
}

/**
 * The fields of an address with its contact. `errors` holds the server's violations by field (`address.city`,
 * `contactDetails.firstName`), each shown beside its field.
 */
export function AddressFields({
  value,
  onChange,
  errors,
}: {
  value: AddressDraft;
  onChange: (patch: Partial<AddressDraft>) => void;
  errors: Record<string, string>;
}) {
  const field = (key: keyof AddressDraft) => ({
    value: value[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }),
  });
  return (
    <div className="stack">
      <div className="form-row">
        <TextField
          label="First name"
          autoComplete="off"
          {...field('firstName')}
          error={errors['contactDetails.firstName']}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          {...field('lastName')}
          error={errors['contactDetails.lastName']}
        />
      </div>
      <TextField label="Street address" {...field('addressLine')} error={errors['address.addressLine']} />
      <TextField
        label="Apartment, suite (optional)"
        {...field('addressLine2')}
        error={errors['address.addressLine2']}
      />
      <div className="form-row">
        <TextField label="City" {...field('city')} error={errors['address.city']} />
        <TextField label="Postal code" {...field('postalCode')} error={errors['address.postalCode']} />
      </div>
      <div className="form-row">
        <TextField
          label="State or region (optional)"
          hint="Its code, e.g. NY"
          {...field('subdivision')}
          error={errors['address.subdivision']}
        />
        <SelectField
          label="Country"
          options={[{ value: '', label: 'Choose a country' }, ...countryOptions()]}
          {...field('country')}
          error={errors['address.country']}
        />
      </div>
      <TextField label="Phone (optional)" type="tel" {...field('phone')} error={errors['contactDetails.phone']} />
    </div>
  );
}

import { SelectField, TextField } from '../../../components/field';
import type { AddressForm } from '../lib/address';
import { countryOptions } from '../lib/countries';

/** Street, city, region, postal code and country, each with the server's refusal beside it. */
export function AddressFields({
  value,
  onChange,
  errors,
}: {
  value: AddressForm;
  onChange: (next: AddressForm) => void;
  /** Refusals by address part (`city`, `subdivision`…). */
  errors: Record<string, string | undefined>;
}) {
  const set = (patch: Partial<AddressForm>) => onChange({ ...value, ...patch });
  return (
    <div className="address-grid">
      <div className="address-grid__wide">
        <TextField
          label="Street address"
          value={value.addressLine}
          onChange={(e) => set({ addressLine: e.target.value })}
          error={errors['addressLine']}
          autoComplete="off"
        />
      </div>
      <div className="address-grid__wide">
        <TextField
          label="Apartment, suite, floor (optional)"
          value={value.addressLine2}
          onChange={(e) => set({ addressLine2: e.target.value })}
          error={errors['addressLine2']}
          autoComplete="off"
        />
      </div>
      <TextField
        label="City"
        value={value.city}
        onChange={(e) => set({ city: e.target.value })}
        error={errors['city']}
      />
      <TextField
        label="State or region (optional)"
        value={value.subdivision}
        onChange={(e) => set({ subdivision: e.target.value })}
        error={errors['subdivision']}
        hint="A code such as CA or NY"
      />
      <TextField
        label="Postal code"
        value={value.postalCode}
        onChange={(e) => set({ postalCode: e.target.value })}
        error={errors['postalCode']}
      />
      <SelectField
        label="Country"
        value={value.country}
        onChange={(e) => set({ country: e.target.value })}
        options={countryOptions()}
        error={errors['country']}
      />
    </div>
  );
}

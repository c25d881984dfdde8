import type { CatalogVersion } from '@merx/contract';
import type { BusinessAddress } from '@merx/sdk';
import { useState } from 'react';
import { SelectField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, FormError, Loading } from '../../components/states';
import { countryOptions } from '../../lib/countries';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { uploadLogo } from './api/logo';
import { type StorePatch, storeSettingsQuery, useStoreSettings, useUpdateStoreSettings } from './api/store-settings';
import { CatalogVersionCard } from './components/catalog-version-card';
import { LogoField } from './components/logo-field';
import { currencyName, localeOptions, localeSample } from './locales';
import './settings.css';

interface Form {
  name: string;
  locale: string;
  logoUrl: string | null;
  email: string;
  phone: string;
  address: AddressForm;
  catalogVersion: CatalogVersion;
}

/** The business address as the form holds it: every field a string, empty when not given. */
interface AddressForm {
  addressLine: string;
  addressLine2: string;
  city: string;
  subdivision: string;
  postalCode: string;
  country: string;
}

const NO_ADDRESS: AddressForm = {
  addressLine: '',
  addressLine2: '',
  city: '',
  subdivision: '',
  postalCode: '',
  country: '',
};

function addressFormOf(a: BusinessAddress | undefined): AddressForm {
  return a
    ? {
        addressLine: a.addressLine,
        addressLine2: a.addressLine2 ?? '',
        city: a.city,
        subdivision: a.subdivision ?? '',
        postalCode: a.postalCode ?? '',
        country: a.country,
      }
    : NO_ADDRESS;
}

/** The address to save: `null` when every field is empty (no address), else the fields given. */
function addressOf(f: AddressForm): BusinessAddress | null {
  const t = (v: string) => v.trim();
  if (Object.values(f).every((v) => !t(v))) return null;
  return {
    addressLine: t(f.addressLine),
    ...(t(f.addressLine2) ? { addressLine2: t(f.addressLine2) } : {}),
    city: t(f.city),
    ...(t(f.subdivision) ? { subdivision: t(f.subdivision).toUpperCase() } : {}),
    ...(t(f.postalCode) ? { postalCode: t(f.postalCode) } : {}),
    country: f.country,
  };
}

/** Settings → Store details: the name, the currency (fixed), the locale, the contact and address, the logo. */
export function Component() {
  const can = useCan();
  const settings = useStoreSettings();
  const save = useUpdateStoreSettings();
  const store = settings.data;
  const saved: Form | undefined = store
    ? {
        name: store.name,
        locale: store.locale,
        logoUrl: store.logoUrl ?? null,
        email: store.email ?? '',
        phone: store.phone ?? '',
        address: addressFormOf(store.address),
        catalogVersion: store.catalogVersion ?? 'V1_CATALOG',
      }
    : undefined;
  const form = useDraft(saved);
  const [nameMissing, setNameMissing] = useState(false);
  const editable = can('settings:write');
  const errors = fieldErrorsOf(save.error, 'store.');
  const crumbs = [{ label: 'Settings', to: '/settings' }];

  if (settings.isPending)
    return (
      <Page title="Store details" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (!store || !form.value)
    return (
      <Page title="Store details" crumbs={crumbs}>
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </Page>
    );
  const value = form.value;
  const setAddress = (change: Partial<AddressForm>) => form.set({ address: { ...value.address, ...change } });

  const onSave = () => {
    if (!value.name.trim()) {
      setNameMissing(true);
      return;
    }
    const patch: StorePatch = {};
    if (value.name !== store.name) patch.name = value.name.trim();
    if (value.locale !== store.locale) patch.locale = value.locale;
    if (value.logoUrl !== (store.logoUrl ?? null)) patch.logoUrl = value.logoUrl;
    if (value.email !== (store.email ?? '')) patch.email = value.email.trim() || null;
    if (value.phone !== (store.phone ?? '')) patch.phone = value.phone.trim() || null;
    const address = addressOf(value.address);
    if (JSON.stringify(address) !== JSON.stringify(store.address ?? null)) patch.address = address;
    if (value.catalogVersion !== (store.catalogVersion ?? 'V1_CATALOG')) patch.catalogVersion = value.catalogVersion;
    save.mutate(patch, {
      onSuccess: () => {
        form.discard();
        toast('Store details saved');
      },
    });
  };

  return (
    <Page title="Store details" crumbs={crumbs} subtitle="How your store presents itself to shoppers and in mail.">
      <div className="settings-form">
        <Card title="Store" id="store">
          <div className="stack">
            <TextField
              label="Store name"
              value={value.name}
              maxLength={100}
              required
              disabled={!editable}
              onChange={(e) => {
                setNameMissing(false);
                form.set({ name: e.target.value });
              }}
              error={nameMissing ? 'Enter the store’s name.' : errors.name}
              hint="Shown in the shop, on the sign-in page, in mail and at the top of this back office."
            />
            <TextField
              label="Currency"
              value={`${currencyName(store.currency)} (${store.currency})`}
              readOnly
              hint={`Set when the store was created and fixed since: every price, order and refund is kept in ${store.currency} to the smallest coin, so changing the currency would change what each of them means.`}
            />
            <SelectField
              label="Locale"
              value={value.locale}
              options={localeOptions(value.locale)}
              disabled={!editable}
              onChange={(e) => form.set({ locale: e.target.value })}
              error={errors.locale}
              hint={`${localeSample(value.locale, store.currency)} The shop and mail use it; this back office after a reload.`}
            />
          </div>
        </Card>
        <Card title="Contact and address" id="contact">
          <div className="stack">
            <p className="muted">Printed on packing slips, so that buyers and carriers know who sent the parcel.</p>
            <div className="form-row">
              <TextField
                label="Business email"
                type="email"
                autoComplete="email"
                value={value.email}
                maxLength={254}
                disabled={!editable}
                onChange={(e) => form.set({ email: e.target.value })}
                error={errors.email}
              />
              <TextField
                label="Phone"
                type="tel"
                autoComplete="tel"
                value={value.phone}
                maxLength={30}
                disabled={!editable}
                onChange={(e) => form.set({ phone: e.target.value })}
                error={errors.phone}
              />
            </div>
            <TextField
              label="Street address"
              autoComplete="address-line1"
              value={value.address.addressLine}
              maxLength={200}
              disabled={!editable}
              onChange={(e) => setAddress({ addressLine: e.target.value })}
              error={errors['address.addressLine']}
            />
            <TextField
              label="Apartment, suite, floor (optional)"
              autoComplete="address-line2"
              value={value.address.addressLine2}
              maxLength={200}
              disabled={!editable}
              onChange={(e) => setAddress({ addressLine2: e.target.value })}
              error={errors['address.addressLine2']}
            />
            <div className="form-row">
              <TextField
                label="City"
                autoComplete="address-level2"
                value={value.address.city}
                maxLength={100}
                disabled={!editable}
                onChange={(e) => setAddress({ city: e.target.value })}
                error={errors['address.city']}
              />
              <TextField
                label="Postal code"
                autoComplete="postal-code"
                value={value.address.postalCode}
                maxLength={20}
                disabled={!editable}
                onChange={(e) => setAddress({ postalCode: e.target.value })}
                error={errors['address.postalCode']}
              />
              <TextField
                label="State or region code (optional)"
                value={value.address.subdivision}
                maxLength={6}
                placeholder="US-NY"
                disabled={!editable}
                onChange={(e) => setAddress({ subdivision: e.target.value })}
                error={errors['address.subdivision']}
                hint="The ISO code, such as US-NY or CA-ON."
              />
              <SelectField
                label="Country"
                autoComplete="country"
                value={value.address.country}
                options={[{ value: '', label: 'Choose a country' }, ...countryOptions()]}
                disabled={!editable}
                onChange={(e) => setAddress({ country: e.target.value })}
                error={errors['address.country']}
              />
            </div>
          </div>
        </Card>
        <Card title="Logo" id="logo">
          <LogoField
            value={value.logoUrl}
            disabled={!editable}
            upload={can('catalog:write') ? uploadLogo : undefined}
            onChange={(logoUrl) => form.set({ logoUrl })}
            error={errors.logoUrl}
          />
        </Card>
        <CatalogVersionCard
          value={value.catalogVersion}
          disabled={!editable}
          error={errors.catalogVersion}
          onChange={(catalogVersion) => form.set({ catalogVersion })}
        />
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “settings:write” permission.</p>
        )}
        <FormError error={Object.keys(errors).length ? undefined : save.error} />
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={save.isPending}
        onSave={onSave}
        onDiscard={() => {
          save.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Starts loading the store settings while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(storeSettingsQuery());
}

import type { Identity } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { Empty, ErrorState, Loading } from '../../../components/states';
import { countries } from '../../../lib/countries';
import { messageOf } from '../../../lib/errors';
import { memberQuery, useUpdateProfile } from '../api/account';

type Address = { addressLine?: string; city?: string; postalCode?: string; country?: string; subdivision?: string };
type Entry = { address: Address; tag?: 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING' };

const lineOf = (a: Address) =>
  [a.addressLine, a.city, a.subdivision, a.postalCode, a.country].filter(Boolean).join(', ');

function AddressBook({ member }: { member: Identity }) {
  const update = useUpdateProfile();
  const [adding, setAdding] = useState(false);
  const entries = ((member.identityProfile as { addresses?: Entry[] }).addresses ?? []).map((e) => ({
    address: e.address,
    ...(e.tag ? { tag: e.tag } : {}),
  }));
  const save = (next: Entry[], done?: () => void) =>
    update.mutate({ addresses: next }, { ...(done ? { onSuccess: done } : {}) });
  const onAdd = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const get = (k: string) => String(d.get(k) ?? '').trim();
    const address: Address = {
      addressLine: get('addressLine'),
      city: get('city'),
      postalCode: get('postalCode'),
      country: get('country'),
      ...(get('subdivision') ? { subdivision: get('subdivision').toUpperCase() } : {}),
    };
    save([...entries, { address, tag: 'SHIPPING' }], () => setAdding(false));
  };
  return (
    <>
      {entries.length === 0 ? (
        <Empty title="No saved addresses">
          <p>Save an address to find it here next time.</p>
        </Empty>
      ) : (
        <ul className="address-list">
          {entries.map((entry, i) => (
            <li key={JSON.stringify(entry.address)}>
              <span>{lineOf(entry.address)}</span>
              <button
                type="button"
                className="link-button"
                disabled={update.isPending}
                onClick={() => save(entries.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> {lineOf(entry.address)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {update.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </p>
      ) : null}
      {adding ? (
        <form onSubmit={onAdd} className="narrow-form">
          <Field label="Street address" name="addressLine" required autoComplete="address-line1" />
          <Field label="City" name="city" required autoComplete="address-level2" />
          <Field label="State or region (optional)" name="subdivision" autoComplete="address-level1" />
          <Field label="Postal code" name="postalCode" required autoComplete="postal-code" />
          <div className="field">
            <label htmlFor="addr-country">Country</label>
            <select id="addr-country" name="country" defaultValue="US" autoComplete="country">
              {countries().map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <p className="actions">
            <button type="submit" className="button button--primary" disabled={update.isPending}>
              Save address
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </p>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add an address
        </button>
      )}
    </>
  );
}

/** The member's saved addresses: add and remove. */
export function AddressesPage() {
  usePageTitle('Addresses');
  const { data, error, isPending, refetch } = useQuery(memberQuery());
  return (
    <>
      <h1>Addresses</h1>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : (
        <AddressBook member={data} />
      )}
    </>
  );
}

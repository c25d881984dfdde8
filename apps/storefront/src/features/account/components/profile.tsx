import type { Identity } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { usePageTitle } from '../../../components/page-title';
import { ErrorState, Loading } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { memberQuery, useUpdateProfile } from '../api/account';

type Phone = { phone?: string };
type Profile = { firstName?: string; lastName?: string; phonesV2?: Phone[] };

function ProfileForm({ member }: { member: Identity }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const p = member.identityProfile as Profile;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const phone = String(data.get('phone') ?? '').trim();
    setSaved(false);
    update.mutate(
      {
        firstName: String(data.get('firstName') ?? '').trim() || null,
        lastName: String(data.get('lastName') ?? '').trim() || null,
        phonesV2: phone ? [{ phone }] : [],
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="narrow-form">
      <p>
        Email: <strong>{member.email.address}</strong> {member.email.isVerified ? '(verified)' : '(not verified)'}
      </p>
      <Field label="First name" name="firstName" defaultValue={p.firstName ?? ''} autoComplete="given-name" />
      <Field label="Last name" name="lastName" defaultValue={p.lastName ?? ''} autoComplete="family-name" />
      <Field label="Phone" name="phone" type="tel" defaultValue={p.phonesV2?.[0]?.phone ?? ''} autoComplete="tel" />
      {update.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </p>
      ) : null}
      {saved ? (
        <p className="notice" role="status">
          Your profile is saved.
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        Save profile
      </button>
    </form>
  );
}

/** The member's name and phone. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { data, error, isPending, refetch } = useQuery(memberQuery());
  return (
    <>
      <h1>Profile</h1>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : (
        <ProfileForm member={data} />
      )}
    </>
  );
}

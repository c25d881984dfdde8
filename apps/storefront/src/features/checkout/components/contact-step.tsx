import type { Checkout } from '@merx/contract';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { Loading } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { useSignedInMember } from '../../../lib/member';
import { useUpdateCheckout } from '../api/checkout';

/** Step 1: the email the order confirmation goes to (a signed-in member's own to start with). */
export function ContactStep({ checkout, onDone }: { checkout: Checkout; onDone: () => void }) {
  const { member, isPending } = useSignedInMember();
  if (isPending) return <Loading label="Loading your details…" />;
  return <ContactForm checkout={checkout} onDone={onDone} memberEmail={member?.email.address} />;
}

function ContactForm({
  checkout,
  onDone,
  memberEmail,
}: {
  checkout: Checkout;
  onDone: () => void;
  memberEmail?: string | undefined;
}) {
  const update = useUpdateCheckout(checkout.id);
  const [error, setError] = useState<string>();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setError('Enter an email address such as you@example.com');
      return;
    }
    setError(undefined);
    update.mutate({ buyerInfo: { email } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={checkout.buyerInfo.email || memberEmail || ''}
        error={error}
        hint="Your receipt and order updates go here."
        required
      />
      {update.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        Continue to delivery
      </button>
    </form>
  );
}

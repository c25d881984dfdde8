import { type FormEvent, useState } from 'react';

/**
 * "Notify me when back in stock" for a sold-out variant. The store's back-in-stock API has not landed yet, so the
 * form says so instead of pretending to subscribe; it is here so that the page only needs the call when it does.
 */
export function BackInStock({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
  };
  if (!open)
    return (
      <button type="button" className="button button--ghost button--wide" onClick={() => setOpen(true)}>
        Notify me when back in stock
      </button>
    );
  return (
    <form className="back-in-stock" onSubmit={onSubmit}>
      <label htmlFor="bis-email">Email me when {productName} is back</label>
      <div className="inline-form__row">
        <input id="bis-email" type="email" required autoComplete="email" />
        <button type="submit" className="button">
          Notify me
        </button>
      </div>
      {sent ? (
        <p className="notice" role="status">
          Back-in-stock alerts are not switched on in this store yet. Please check again soon.
        </p>
      ) : null}
    </form>
  );
}

import { useId, useState } from 'react';

/**
 * "Notify me when back in stock" for a sold-out variant. The store has no back-in-stock API yet (the spec's
 * back-in-stock notification requests come with a later issue), so the panel says so honestly instead of taking an
 * email address it could not use. It is a plain button, never a form: it sits inside the product's add-to-cart
 * form, and a nested form would submit (and reload) that one.
 */
export function BackInStock({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="back-in-stock">
      <button
        type="button"
        className="button button--ghost button--wide"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Notify me when back in stock
      </button>
      <div id={panelId} hidden={!open} className="back-in-stock__panel">
        <p className="notice" role="status">
          Back-in-stock alerts are coming soon to this store. {productName} is sold out in this choice for now; please
          check again later or pick another option.
        </p>
      </div>
    </div>
  );
}

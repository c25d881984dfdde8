import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * An order action's form in a modal `<dialog>` (opened with showModal: focus moves inside and stays there, Escape
 * or Cancel closes it, and focus goes back to the button that opened it). Enter submits the form.
 */
export function ActionDialog({
  title,
  description,
  children,
  submitLabel,
  dismissLabel = 'Cancel',
  busy,
  tone = 'default',
  wide,
  submitDisabled,
  onSubmit,
  onClose,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  submitLabel: string;
  /** The button that closes without doing anything (default "Cancel"). */
  dismissLabel?: string;
  busy?: boolean;
  tone?: 'default' | 'danger';
  wide?: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      before?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog order-dialog${wide ? ' order-dialog--wide' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description ? (
          <p id={`${id}-description`} className="muted order-dialog__description">
            {description}
          </p>
        ) : null}
        {children}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            {dismissLabel}
          </button>
          <button
            type="submit"
            className={`button${tone === 'danger' ? ' button--danger' : ''}`}
            disabled={busy || submitDisabled}
            aria-busy={busy}
          >
            {busy ? 'Working…' : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A small modal form: a `<dialog>` opened with showModal (the focus stays inside, Escape cancels, the focus goes back
 * to where it was when it closes, or where `returnFocus` puts it). `onSubmit` runs on the form's submit; the dialog
 * closes when the page stops showing it. `error` is said above the buttons, as an alert.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  returnFocus,
}: {
  title: string;
  children: ReactNode;
  submitLabel: string;
  busy?: boolean;
  error?: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  returnFocus?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const refocus = useRef(returnFocus);
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (refocus.current) refocus.current();
      else if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

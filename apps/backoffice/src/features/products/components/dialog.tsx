import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal form (a `<dialog>` opened with showModal: focus stays inside, Escape closes, focus goes back to where it
 * was). `onSubmit` runs on the form's submit; the dialog closes when `onClose` is called.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  busy,
  tone = 'default',
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  submitLabel: string;
  busy?: boolean;
  tone?: 'default' | 'danger';
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
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button${tone === 'danger' ? ' button--danger' : ''}`}
            disabled={busy}
            aria-busy={busy}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

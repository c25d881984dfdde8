import { useEffect, useRef } from 'react';
import { useConfirmRequest } from '../lib/confirm';
import { dismissToast, useToasts } from '../lib/toasts';

/** The confirmation dialog (a modal `<dialog>`: focus kept inside, Escape cancels, focus returns after). */
export function ConfirmHost() {
  const request = useConfirmRequest();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (request && !d.open) d.showModal();
    if (!request && d.open) d.close();
  }, [request]);
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(e) => {
        e.preventDefault();
        request?.resolve(false);
      }}
    >
      {request ? (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            request.resolve(true);
          }}
        >
          <h2 id="confirm-title">{request.title}</h2>
          <p id="confirm-message">{request.message}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => request.resolve(false)}>
              Cancel
            </button>
            <button type="submit" className={`button${request.tone === 'danger' ? ' button--danger' : ''}`}>
              {request.confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}

/** The toasts: polite for news, assertive for errors; each can be closed. */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__list">
        {toasts
          .filter((t) => t.tone !== 'error')
          .map((t) => (
            <div key={t.id} className={`toast toast--${t.tone}`}>
              <span>{t.message}</span>
              <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
                ×
              </button>
            </div>
          ))}
      </div>
      <div role="alert" className="toasts__list">
        {toasts
          .filter((t) => t.tone === 'error')
          .map((t) => (
            <div key={t.id} className="toast toast--error">
              <span>{t.message}</span>
              <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
                ×
              </button>
            </div>
          ))}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { messageOf } from '../lib/errors';

/** A placeholder while something loads, announced politely to screen readers. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Nothing to show yet, with what to do first. */
export function Empty({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
      {action}
    </div>
  );
}

/** A failed load, with its reason and a retry. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <h2>This could not be loaded</h2>
      <p>{messageOf(error)}</p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A message beside a form: what went wrong with the whole of it (field errors sit beside their fields). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="form-error" role="alert">
      {messageOf(error)}
    </div>
  );
}

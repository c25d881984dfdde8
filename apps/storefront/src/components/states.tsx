import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/** Grey boxes in the shape of a product grid, while its products load. */
export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="card card--skeleton">
          <div className="card__media" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}

/** Nothing to show, with a way on. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** A failed load, with its reason and a retry. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <h2>Something went wrong</h2>
      <p>{messageOf(error)}</p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : (
        <Link to="/">Back to the shop</Link>
      )}
    </div>
  );
}

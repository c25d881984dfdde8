import type { RichContent } from '@merx/contract';
import { lazy, type ReactNode, Suspense, useId } from 'react';

/** The editor and its library load on their own, after the page: the page shows at once. */
const RichContentEditor = lazy(() => import('./rich-content-editor').then((m) => ({ default: m.RichContentEditor })));

/** A labelled rich-text field writing the node model (info sections, descriptions), with its hint or error under it. */
export function RichContentField({
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
}: {
  label: string;
  value: RichContent;
  onChange: (doc: RichContent) => void;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <Suspense fallback={<div className="rce rce--loading">Loading the editor…</div>}>
        <RichContentEditor
          value={value}
          onChange={onChange}
          labelledBy={`${id}-label`}
          describedBy={describedBy}
          invalid={Boolean(error)}
          disabled={disabled ?? false}
        />
      </Suspense>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

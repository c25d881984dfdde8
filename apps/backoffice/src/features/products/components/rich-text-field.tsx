import { lazy, type ReactNode, Suspense, useId } from 'react';

/** The editor and its library load on their own, after the page: the page shows at once. */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** A labelled rich-text field (description, info sections), with its hint or error under it. */
export function RichTextField({
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  images,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  images?: ReadonlyArray<{ url: string; name: string }>;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <Suspense fallback={<div className="rte rte--loading">Loading the editor…</div>}>
        <RichTextEditor
          value={value}
          onChange={onChange}
          labelledBy={`${id}-label`}
          describedBy={describedBy}
          invalid={Boolean(error)}
          disabled={disabled ?? false}
          images={images ?? []}
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

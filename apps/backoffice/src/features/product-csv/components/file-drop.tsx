import { type DragEvent, useId, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { IMPORT_LIMITS } from '../api/imports';
import { formatBytes } from '../file-size';

/** Why a chosen file cannot be sent at all (the server checks everything else), or undefined when it can. */
export function fileProblem(file: File): string | undefined {
  const name = file.name.toLowerCase();
  const text = /\.(csv|txt)$/.test(name) || file.type === 'text/csv' || file.type === 'text/plain';
  if (!text)
    return `“${file.name}” is not a CSV file. In your spreadsheet, save or export the sheet as “CSV UTF-8”, then choose that file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > IMPORT_LIMITS.maxBytes)
    return `“${file.name}” is ${formatBytes(file.size)}; a file can be at most ${formatBytes(IMPORT_LIMITS.maxBytes)}. Split it in two and import each part.`;
  return undefined;
}

/**
 * Where the merchant drops or picks the CSV file: the chosen file's name and size, or why it cannot be imported.
 * The drop area is for the mouse; its button is the keyboard's (and screen readers') way.
 */
export function FileDrop({
  file,
  problem,
  disabled,
  onChoose,
}: {
  file: File | undefined;
  problem: string | undefined;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hint = useId();
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; the button inside is the keyboard way
    <div
      className={`csv-drop${over ? ' csv-drop--over' : ''}${problem ? ' csv-drop--invalid' : ''}`}
      onDragOver={(e) => {
        if (!disabled && [...e.dataTransfer.types].includes('Files')) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {file ? (
        <p className="csv-drop__file">
          <strong>{file.name}</strong> <span className="muted">{formatBytes(file.size)}</span>
        </p>
      ) : (
        <p>Drop a CSV file here, or</p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        aria-describedby={hint}
        onClick={() => input.current?.click()}
      >
        {file ? 'Choose another file' : 'Choose a CSV file'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="CSV file to import"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onChoose(chosen);
          e.target.value = '';
        }}
      />
      <p id={hint} className="csv-drop__hint">
        Shopify's product CSV layout, UTF-8, up to {formatBytes(IMPORT_LIMITS.maxBytes)} and{' '}
        {formatNumber(IMPORT_LIMITS.maxRows)} rows.
      </p>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

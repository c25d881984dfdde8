import { useId, useRef, useState } from 'react';
import { messageOf } from '../../../lib/errors';

/** The largest file the media library takes (it refuses larger ones too). */
const MAX_BYTES = 20 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * The store's logo: a preview, an upload (a button, or a file dropped on the preview) with its progress, and
 * removal. The uploaded file's address becomes the form's value; saving the page makes it the logo.
 */
export function LogoField({
  value,
  onChange,
  upload,
  disabled,
  error,
}: {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** Absent when the staff member may not upload images (that needs `catalog:write`). */
  upload: ((file: File, onProgress: (fraction: number) => void) => Promise<string>) | undefined;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [over, setOver] = useState(false);
  const shown = problem ?? error;

  async function take(file: File | undefined) {
    if (!file || !upload) return;
    setProblem(undefined);
    if (file.size > MAX_BYTES) {
      setProblem(`${file.name} is larger than 20 MB. Choose a smaller image.`);
      return;
    }
    setProgress(0);
    try {
      onChange(await upload(file, setProgress));
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="logo-field">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut for the mouse; the upload button does the same from the keyboard */}
      <div
        className={`logo-field__preview${over ? ' logo-field__preview--over' : ''}`}
        onDragOver={(e) => {
          if (disabled || !upload) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled && upload) void take(e.dataTransfer.files[0]);
        }}
      >
        {value ? <img src={value} alt="The store’s logo" /> : <span className="muted">No logo</span>}
      </div>
      <div className="logo-field__actions">
        {upload ? (
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Logo image file"
            disabled={disabled || progress !== undefined}
            onChange={(e) => void take(e.target.files?.[0])}
          />
        ) : null}
        {upload ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled || progress !== undefined}
            aria-describedby={`${id}-hint`}
            onClick={() => input.current?.click()}
          >
            {value ? 'Replace logo' : 'Upload logo'}
          </button>
        ) : null}
        {value ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled || progress !== undefined}
            onClick={() => {
              setProblem(undefined);
              onChange(null);
            }}
          >
            Remove logo
          </button>
        ) : null}
        {progress !== undefined ? (
          <label className="logo-field__progress">
            <span>Uploading…</span>
            <progress max={1} value={progress} />
          </label>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {upload
          ? 'PNG, JPEG, WebP, GIF or AVIF up to 20 MB; you can also drop the file on the preview. A square image works best: it shows in the top bar, on the sign-in page and in mail.'
          : 'Uploading an image also needs the “catalog:write” permission.'}
      </p>
      {shown ? (
        <p className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

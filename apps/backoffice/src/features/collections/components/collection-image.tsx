import { useRef, useState } from 'react';
import { TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { messageOf } from '../../../lib/errors';
import { uploadCollectionImage } from '../api/image';

/** The collection's image: uploaded, or given by its address; shown, and removable. Saved with the collection. */
export function CollectionImage({
  url,
  readOnly,
  error,
  onChange,
}: {
  url: string;
  readOnly: boolean;
  error?: string | undefined;
  onChange: (url: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    setProgress(0);
    try {
      onChange(await uploadCollectionImage(file, setProgress));
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <Card title="Image" id="collection-image">
      <div className="stack">
        <div className="collection-image">{url ? <img src={url} alt="" /> : <p className="muted">No image.</p>}</div>
        {readOnly ? null : (
          <>
            <div className="image-actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => input.current?.click()}
                disabled={progress !== undefined}
              >
                Upload an image
              </button>
              {url ? (
                <button type="button" className="button button--secondary button--small" onClick={() => onChange('')}>
                  Remove image
                </button>
              ) : null}
              <input
                ref={input}
                type="file"
                hidden
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                aria-label="Image to upload"
                onChange={(e) => {
                  void upload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </div>
            {progress !== undefined ? <progress max={1} value={progress} aria-label="Uploading the image" /> : null}
            {problem ? (
              <p className="field__error" role="alert">
                {problem}
              </p>
            ) : null}
            <TextField
              label="Or the image’s address"
              type="url"
              value={url}
              placeholder="https://"
              error={error}
              onChange={(e) => onChange(e.target.value.trim())}
            />
          </>
        )}
      </div>
    </Card>
  );
}

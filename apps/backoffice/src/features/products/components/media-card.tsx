import { type DragEvent, useRef, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/page';
import { messageOf } from '../../../lib/errors';
import { MAX_IMAGE_BYTES, uploadImage } from '../api/media';
import { LIMITS, type MediaDraft, newKey } from '../hooks/product-form';
import type { CardProps } from './card-props';

interface Upload {
  key: string;
  name: string;
  /** 0 to 1. */
  progress: number;
  error?: string;
}

/** Uploads at once; the others wait their turn. */
const PARALLEL = 3;

function move<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  if (item !== undefined) list.splice(to, 0, item);
}

/** Uploads files, a few at a time, each with its own progress; finished ones join the product's media. */
function useUploads(onDone: (media: MediaDraft) => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const start = (files: File[]) => {
    const queue: Array<{ key: string; file: File }> = [];
    const added: Upload[] = [];
    for (const file of files) {
      const key = newKey('upload');
      if (!file.type.startsWith('image/')) {
        added.push({
          key,
          name: file.name,
          progress: 0,
          error: 'Not an image: choose a JPEG, PNG, WebP, GIF or AVIF file.',
        });
      } else if (file.size > MAX_IMAGE_BYTES) {
        added.push({ key, name: file.name, progress: 0, error: 'Larger than 20 MB: make it smaller first.' });
      } else {
        added.push({ key, name: file.name, progress: 0 });
        queue.push({ key, file });
      }
    }
    setUploads((list) => [...list, ...added]);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { key, file } = next;
        try {
          const image = await uploadImage(file, (progress) => patch(key, { progress }));
          setUploads((list) => list.filter((u) => u.key !== key));
          onDone({ key, libraryId: image.id, url: image.url, name: image.name || file.name });
        } catch (error) {
          patch(key, { error: messageOf(error) });
        }
      }
    };
    for (let i = 0; i < Math.min(PARALLEL, queue.length); i++) void worker();
  };
  const dismiss = (key: string) => setUploads((list) => list.filter((u) => u.key !== key));
  return { uploads, start, dismiss };
}

/**
 * The product's images: dropped or chosen (several at once, each with a progress bar), put in order by dragging or
 * with the arrow buttons, the first one the main image, removed one by one. Saved with the product.
 */
export function MediaCard({ form, edit, readOnly }: CardProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [dragging, setDragging] = useState<number>();
  const [target, setTarget] = useState<number>();
  const { uploads, start, dismiss } = useUploads((m) => edit((f) => void f.media.push(m)));
  const room = LIMITS.media - form.media.length;

  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    start([...files].slice(0, Math.max(0, room)));
  };
  const onDropFiles = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length > 0) take(e.dataTransfer.files);
  };
  const reorder = (from: number, to: number) => edit((f) => move(f.media, from, to));
  const focusItem = (key: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-media-key="${key}"] button`)?.focus());

  return (
    <Card title="Media" id="media">
      {readOnly ? null : (
        // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; the button inside is the keyboard way
        <div
          className={`dropzone${over ? ' dropzone--over' : ''}`}
          onDragOver={(e) => {
            if ([...e.dataTransfer.types].includes('Files')) {
              e.preventDefault();
              setOver(true);
            }
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDropFiles}
        >
          <p>Drop images here, several at once, or</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => input.current?.click()}
            disabled={room <= 0}
          >
            Choose images
          </button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            hidden
            aria-label="Images to upload"
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
          <p className="small" style={{ marginTop: 8 }}>
            JPEG, PNG, WebP, GIF or AVIF, up to 20 MB each. The first image is the main one.
          </p>
        </div>
      )}
      {uploads.length > 0 ? (
        <ul className="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key}>
              <span>{u.name}</span>
              {u.error ? (
                <button type="button" className="button button--link" onClick={() => dismiss(u.key)}>
                  Dismiss<span className="visually-hidden"> {u.name}</span>
                </button>
              ) : (
                <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`}>
                  {Math.round(u.progress * 100)} %
                </progress>
              )}
              <span className="muted">{u.error ? '' : `${Math.round(u.progress * 100)} %`}</span>
              {u.error ? (
                <p className="field__error" role="alert">
                  {u.name}: {u.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {form.media.length === 0 ? (
        <p className="muted">No images yet.</p>
      ) : (
        <ul className="media-grid" aria-label="Images, the first is the main one">
          {form.media.map((m, i) => (
            <li
              key={m.key}
              data-media-key={m.key}
              className={`${dragging === i ? 'dragging' : ''}${target === i && dragging !== i ? ' drop-target' : ''}`}
              draggable={!readOnly}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragEnd={() => {
                setDragging(undefined);
                setTarget(undefined);
              }}
              onDragOver={(e) => {
                if (dragging === undefined) return;
                e.preventDefault();
                setTarget(i);
              }}
              onDrop={(e) => {
                if (dragging === undefined) return;
                e.preventDefault();
                e.stopPropagation();
                reorder(dragging, i);
                setDragging(undefined);
                setTarget(undefined);
              }}
            >
              <img src={m.url} alt={m.name && m.name !== 'Image' ? m.name : ''} />
              <div className="media-grid__label">
                <span>Image {i + 1}</span>
                {i === 0 ? <Badge tone="info">Main</Badge> : null}
                {m.id ? null : <Badge tone="warning">Not saved</Badge>}
              </div>
              {readOnly ? null : (
                <div className="row-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move image ${i + 1} earlier`}
                    disabled={i === 0}
                    onClick={() => {
                      reorder(i, i - 1);
                      focusItem(m.key);
                    }}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move image ${i + 1} later`}
                    disabled={i === form.media.length - 1}
                    onClick={() => {
                      reorder(i, i + 1);
                      focusItem(m.key);
                    }}
                  >
                    →
                  </button>
                  {i > 0 ? (
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => {
                        reorder(i, 0);
                        focusItem(m.key);
                      }}
                    >
                      Main<span className="visually-hidden"> image: make image {i + 1} the main one</span>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove image ${i + 1}`}
                    onClick={() =>
                      edit((f) => {
                        f.media.splice(i, 1);
                        for (const o of f.options)
                          for (const c of o.choices) c.mediaKeys = c.mediaKeys.filter((k) => k !== m.key);
                      })
                    }
                  >
                    ×
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

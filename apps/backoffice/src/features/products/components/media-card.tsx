import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/page';
import { messageOf } from '../../../lib/errors';
import { fileProblem, IMAGE_TYPES, type ToUpload, uploadMedia, VIDEO_TYPES } from '../api/media';
import { LIMITS, type MediaDraft, newKey } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { VideoWithPosterDialog } from './video-poster-dialog';
import './media-card.css';

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
  const start = (files: Array<File | ToUpload>) => {
    const queue: Array<{ key: string } & ToUpload> = [];
    const added: Upload[] = [];
    for (const item of files) {
      const { file, poster } = item instanceof File ? { file: item, poster: undefined } : item;
      const key = newKey('upload');
      const problem = fileProblem(file);
      if (problem) {
        added.push({ key, name: file.name, progress: 0, error: problem });
      } else {
        added.push({ key, name: file.name, progress: 0 });
        queue.push({ key, file, poster });
      }
    }
    setUploads((list) => [...list, ...added]);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { key, file, poster } = next;
        try {
          const { id, url, name, video } = await uploadMedia(file, (progress) => patch(key, { progress }), poster);
          setUploads((list) => list.filter((u) => u.key !== key));
          onDone({ key, libraryId: id, url, name: name || file.name, ...(video ? { video } : {}) });
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

/** What a person calls the item: "Image 2", "Video 3". */
const nounOf = (m: MediaDraft) => (m.video ? 'video' : 'image');

/**
 * A video in the grid: its poster (or, without one, its own first frame) with a play button; played in place, with
 * the browser's controls, once asked to.
 */
function VideoTile({
  media,
  playing,
  onPlay,
}: {
  media: MediaDraft & { video: NonNullable<MediaDraft['video']> };
  playing: boolean;
  onPlay: () => void;
}) {
  const label = `Video: ${media.name}`;
  const poster = media.video.poster && media.url ? media.url : undefined;
  const player = useRef<HTMLVideoElement>(null);
  // The play button is gone once pressed: the player takes the focus, so the keyboard stays on the video.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  if (playing)
    return (
      // Muted to start (the browser lets a muted video start on its own); its controls turn the sound on.
      <video
        ref={player}
        className="media-video__player"
        src={media.video.url}
        poster={poster}
        controls
        autoPlay
        muted
        preload="metadata"
        aria-label={label}
      />
    );
  return (
    <div className="media-video">
      {poster ? (
        <img src={poster} alt={label} />
      ) : (
        // The first frame stands for the poster; the button below names it.
        <video src={media.video.url} preload="metadata" muted aria-label={label} tabIndex={-1} />
      )}
      <button type="button" className="media-video__play" onClick={onPlay}>
        <span aria-hidden="true">▶</span>
        <span className="visually-hidden">Play {label}</span>
      </button>
    </div>
  );
}

/**
 * The product's images and videos: dropped or chosen (several at once, each with a progress bar), put in order by
 * dragging or with the arrow buttons, the first one the main one, removed one by one. Saved with the product.
 */
export function MediaCard({ form, edit, readOnly }: CardProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [dragging, setDragging] = useState<number>();
  const [target, setTarget] = useState<number>();
  const [playing, setPlaying] = useState<string>();
  const [videoDialog, setVideoDialog] = useState(false);
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
          <p>Drop images or videos here, several at once, or</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => input.current?.click()}
            disabled={room <= 0}
          >
            Choose files
          </button>{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setVideoDialog(true)}
            disabled={room <= 0}
          >
            Add a video with a poster
          </button>
          <input
            ref={input}
            type="file"
            accept={[...IMAGE_TYPES, ...VIDEO_TYPES, '.mp4', '.mov', '.webm'].join(',')}
            multiple
            hidden
            aria-label="Images or videos to upload"
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
          <p className="small" style={{ marginTop: 8 }}>
            JPEG, PNG, WebP, GIF or AVIF images and MP4, MOV or WebM videos, up to 20 MB each. The first one is the main
            one. A video chosen here has no poster: the shop shows the product's first image in its place. Use “Add a
            video with a poster” to give it one.
          </p>
        </div>
      )}
      {videoDialog ? (
        <VideoWithPosterDialog
          onClose={() => setVideoDialog(false)}
          onPick={(pick) => {
            setVideoDialog(false);
            start([pick]);
          }}
        />
      ) : null}
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
        <p className="muted">No images or videos yet.</p>
      ) : (
        <ul className="media-grid" aria-label="Images and videos, the first is the main one">
          {form.media.map((m, i) => {
            const noun = nounOf(m);
            const video = m.video;
            return (
              <li
                key={m.key}
                data-media-key={m.key}
                className={`${dragging === i ? 'dragging' : ''}${target === i && dragging !== i ? ' drop-target' : ''}`}
                draggable={!readOnly && playing !== m.key}
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
                {video ? (
                  <VideoTile media={{ ...m, video }} playing={playing === m.key} onPlay={() => setPlaying(m.key)} />
                ) : (
                  <img src={m.url} alt={m.name && m.name !== 'Image' ? m.name : ''} />
                )}
                <div className="media-grid__label">
                  <span>
                    {video ? 'Video' : 'Image'} {i + 1}
                  </span>
                  {video ? <Badge tone="neutral">Video</Badge> : null}
                  {i === 0 ? <Badge tone="info">Main</Badge> : null}
                  {m.id ? null : <Badge tone="warning">Not saved</Badge>}
                </div>
                {readOnly ? null : (
                  <div className="row-actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move ${noun} ${i + 1} earlier`}
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
                      aria-label={`Move ${noun} ${i + 1} later`}
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
                        Main
                        <span className="visually-hidden">
                          {' '}
                          {noun}: make {noun} {i + 1} the main one
                        </span>
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${noun} ${i + 1}`}
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
            );
          })}
        </ul>
      )}
    </Card>
  );
}

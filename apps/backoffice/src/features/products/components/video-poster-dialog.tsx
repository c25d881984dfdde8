import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { fileProblem, IMAGE_TYPES, kindOf, type ToUpload, VIDEO_TYPES } from '../api/media';

/**
 * A video and its poster image (the still shown before it plays and in the shop's lists), chosen in a dialog: the
 * poster's picker appears once a video is chosen. Both go in one upload (decision 0031).
 */
export function VideoWithPosterDialog({ onPick, onClose }: { onPick: (pick: ToUpload) => void; onClose: () => void }) {
  const id = useId();
  const [video, setVideo] = useState<File>();
  const [poster, setPoster] = useState<File>();
  const [errors, setErrors] = useState<{ video?: string | undefined; poster?: string | undefined }>({});
  const submit = () => {
    const videoError = !video
      ? 'Choose a video'
      : kindOf(video) !== 'video'
        ? 'Not a video: choose an MP4, MOV or WebM file'
        : fileProblem(video);
    const posterError =
      poster &&
      (kindOf(poster) !== 'image' ? 'Not an image: choose a JPEG, PNG, WebP, GIF or AVIF file' : fileProblem(poster));
    setErrors({ video: videoError, poster: posterError });
    if (video && !videoError && !posterError) onPick({ file: video, poster });
  };
  const described = (name: 'video' | 'poster') => (errors[name] ? `${id}-${name}-error` : `${id}-${name}-hint`);
  return (
    <FormDialog title="Add a video" submitLabel="Upload video" onSubmit={submit} onClose={onClose}>
      <div className={`field${errors.video ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-video`}>Video</label>
        <input
          id={`${id}-video`}
          type="file"
          accept={[...VIDEO_TYPES, '.mp4', '.mov', '.webm'].join(',')}
          aria-invalid={errors.video ? true : undefined}
          aria-describedby={described('video')}
          onChange={(e) => {
            setVideo(e.target.files?.[0]);
            setErrors((x) => ({ ...x, video: undefined }));
          }}
        />
        {errors.video ? (
          <p id={`${id}-video-error`} className="field__error">
            {errors.video}
          </p>
        ) : (
          <p id={`${id}-video-hint`} className="field__hint">
            MP4, MOV or WebM, up to 20 MB.
          </p>
        )}
      </div>
      {video ? (
        <div className={`field${errors.poster ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-poster`}>Poster image (optional)</label>
          <input
            id={`${id}-poster`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-invalid={errors.poster ? true : undefined}
            aria-describedby={described('poster')}
            onChange={(e) => {
              setPoster(e.target.files?.[0]);
              setErrors((x) => ({ ...x, poster: undefined }));
            }}
          />
          {errors.poster ? (
            <p id={`${id}-poster-error`} className="field__error">
              {errors.poster}
            </p>
          ) : (
            <p id={`${id}-poster-hint`} className="field__hint">
              The picture shown before the video plays and in the shop’s lists. Without one, the shop shows the
              product’s first image in its place.
            </p>
          )}
        </div>
      ) : null}
    </FormDialog>
  );
}

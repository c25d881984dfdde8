import { useState } from 'react';

export interface GalleryItem {
  id: string;
  /** The picture: an image, or a video's poster (else the product's first image standing in); `''` for none. */
  url: string;
  title?: string | undefined;
  /** A video's file (decision 0031): played in the gallery, its picture as the poster. */
  video?: { url: string } | undefined;
}

/** The main image or video and the thumbnails; `focusId` (a chosen colour's image) takes over when it changes. */
export function Gallery({ items, name, focusId }: { items: GalleryItem[]; name: string; focusId?: string }) {
  const [picked, setPicked] = useState<{ id: string; for: string | undefined } | undefined>();
  // A new choice's image wins over an earlier thumbnail click.
  const currentId = picked && picked.for === focusId ? picked.id : (focusId ?? items[0]?.id);
  const current = items.find((i) => i.id === currentId) ?? items[0];
  if (!current) return <div className="gallery__main gallery__main--empty" />;
  const videos = items.filter((i) => i.video).length;
  return (
    <div className="gallery">
      <div className="gallery__main">
        {current.video ? (
          // Muted to start, as shops' product clips are; the controls turn the sound on. A new key for each video,
          // so switching between two loads the other file.
          <video
            key={current.id}
            src={current.video.url}
            poster={current.url || undefined}
            controls
            playsInline
            muted
            preload="metadata"
            width={800}
            height={800}
            aria-label={`Video: ${current.title || name}`}
          />
        ) : (
          <img src={current.url} alt={name} width={800} height={800} fetchPriority="high" decoding="async" />
        )}
      </div>
      {items.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={videos > 0 ? 'Product images and videos' : 'Product images'}>
          {items.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.video ? 'gallery__thumb--video' : undefined}
                aria-label={`Show ${item.video ? 'video' : 'image'} ${i + 1} of ${items.length}`}
                aria-pressed={item.id === current.id}
                onClick={() => setPicked({ id: item.id, for: focusId })}
              >
                {item.url ? (
                  <img src={item.url} alt="" width={72} height={72} loading="lazy" />
                ) : (
                  <span className="gallery__thumb-blank" />
                )}
                {item.video ? (
                  <span className="gallery__play" aria-hidden="true">
                    ▶
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useState } from 'react';

export interface GalleryImage {
  id: string;
  url: string;
  title?: string | undefined;
}

/** The main image and its thumbnails; `focusId` (a chosen colour's image) takes over when it changes. */
export function Gallery({ images, name, focusId }: { images: GalleryImage[]; name: string; focusId?: string }) {
  const [picked, setPicked] = useState<{ id: string; for: string | undefined } | undefined>();
  // A new choice's image wins over an earlier thumbnail click.
  const currentId = picked && picked.for === focusId ? picked.id : (focusId ?? images[0]?.id);
  const current = images.find((i) => i.id === currentId) ?? images[0];
  if (!current) return <div className="gallery__main gallery__main--empty" />;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <img src={current.url} alt={name} width={800} height={800} fetchPriority="high" decoding="async" />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={image.id === current.id}
                onClick={() => setPicked({ id: image.id, for: focusId })}
              >
                <img src={image.url} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { exportCatalog } from '../api/export';

/** A finished export: the file, kept as an object URL for its download link. */
export interface ExportFile {
  name: string;
  url: string;
  bytes: number;
}

/** `products-2025-03-14.csv`: the day in the name, so that exports of different days do not overwrite each other. */
const fileNameOf = (day: Date) => `products-${day.toISOString().slice(0, 10)}.csv`;

/** Hands `file` to the browser as a download, as a click on its link would. */
function download(file: ExportFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Reads the catalog as CSV page by page (counting the products read), then downloads it. It can be cancelled (and
 * is, when the page is left); the finished file stays available to download again until then.
 */
export function useExport() {
  const [read, setRead] = useState<number>();
  const [file, setFile] = useState<ExportFile>();
  const [error, setError] = useState<unknown>();
  const controller = useRef<AbortController>(undefined);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => (file ? () => URL.revokeObjectURL(file.url) : undefined), [file]);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setError(undefined);
    setFile(undefined);
    setRead(0);
    try {
      const text = await exportCatalog(setRead, abort.signal);
      const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
      const done = { name: fileNameOf(new Date()), url: URL.createObjectURL(blob), bytes: blob.size };
      setFile(done);
      download(done);
    } catch (e) {
      if (!abort.signal.aborted) setError(e);
    } finally {
      setRead(undefined);
    }
  };

  return {
    start: () => void start(),
    cancel: () => controller.current?.abort(),
    running: read !== undefined,
    read,
    file,
    error,
  };
}

import type { UploadProgress } from '@merx/sdk';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartImport } from '../api/imports';

/** What the import page shows of the last attempt that did not lead to a job: its file and why. */
export interface Refused {
  fileName: string;
  error: unknown;
  cancelled: boolean;
}

/**
 * Sends a chosen file and starts its import, following the upload's progress; on success the page of the new job
 * opens. The upload can be cancelled (and is, when the page is left), which leaves the store as it was.
 */
export function useFileUpload() {
  const navigate = useNavigate();
  const start = useStartImport();
  const [progress, setProgress] = useState<UploadProgress>();
  const [refused, setRefused] = useState<Refused>();
  const controller = useRef<AbortController>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const send = (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    setRefused(undefined);
    setProgress({ loaded: 0, total: file.size });
    start.mutate(
      { file, onProgress: setProgress, signal: abort.signal },
      {
        onSuccess: (job) => void navigate(`/products/import/${job.id}`),
        onError: (error) => setRefused({ fileName: file.name, error, cancelled: abort.signal.aborted }),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  return {
    send,
    cancel: () => controller.current?.abort(),
    sending: start.isPending,
    progress,
    refused,
    clearRefusal: () => setRefused(undefined),
  };
}

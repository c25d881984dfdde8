/** How much of a request body has gone out: `total` is 0 when the runtime cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export type UploadProgressListener = (progress: UploadProgress) => void;

/** The part of fetch the transport uses. */
type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A fetch over XMLHttpRequest: browsers report upload progress there only (fetch has no upload events). */
function xhrFetch(onProgress: UploadProgressListener): Fetch {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason);
      xhr.open(init.method ?? 'GET', url);
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.responseType = 'text';
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
      xhr.onload = () =>
        resolve(
          new Response(xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError(`Network request to ${url} failed`));
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/** Bytes handed to the runtime at a time when streaming a form: progress moves in steps of this. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Elsewhere (Node, workers): the form is encoded once (its size is then known) and streamed to `send` in 64 KiB
 * chunks, each counted when the runtime pulls it to write it out.
 */
function streamedFetch(send: Fetch, onProgress: UploadProgressListener): Fetch {
  return async (url, init) => {
    if (!(init.body instanceof FormData)) return send(url, init);
    const encoded = new Response(init.body);
    const type = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const blob = await encoded.blob();
    const total = blob.size;
    let loaded = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (loaded >= total) {
          controller.close();
          return;
        }
        const chunk = new Uint8Array(await blob.slice(loaded, loaded + CHUNK_BYTES).arrayBuffer());
        loaded += chunk.byteLength;
        controller.enqueue(chunk);
        onProgress({ loaded, total });
      },
    });
    const headers = { ...(init.headers as Record<string, string>), 'Content-Type': type };
    // `duplex: 'half'` is how fetch takes a streamed request body (not yet in the DOM typings).
    return send(url, { ...init, headers, body, duplex: 'half' } as RequestInit);
  };
}

/** `send`, reporting the upload's progress to `onProgress`: by XMLHttpRequest where there is one (browsers). */
export function withUploadProgress(send: Fetch, onProgress: UploadProgressListener): Fetch {
  return typeof XMLHttpRequest === 'function' ? xhrFetch(onProgress) : streamedFetch(send, onProgress);
}

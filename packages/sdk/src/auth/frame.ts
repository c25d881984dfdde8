import { MerxClientError } from '../errors.js';

/** The silent direct-login flow gives up after two minutes (spec section 9). */
export const DIRECT_LOGIN_TIMEOUT_MS = 120_000;

/** What the hosted page posts back for `response_mode=web_message`. */
export interface WebMessageResult {
  code?: string;
  state: string;
  error?: string;
  error_description?: string;
}

/** A hidden frame on `src`, appended to the body. */
export function loadHiddenFrame(doc: Document, src: string): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = src;
  return doc.body.appendChild(frame);
}

/**
 * Waits for the message carrying `state` from `origin` (others are not for us), or fails with
 * "OAuth flow timed out" after `timeoutMs`.
 */
export function waitForWebMessage(
  win: Window,
  expected: { state: string; origin: string },
  timeoutMs = DIRECT_LOGIN_TIMEOUT_MS,
): Promise<WebMessageResult> {
  let onMessage: (event: MessageEvent) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const result = new Promise<WebMessageResult>((resolve, reject) => {
    onMessage = (event) => {
      const data: unknown = event.data;
      if (event.origin !== expected.origin || typeof data !== 'object' || data === null) return;
      if ((data as { state?: unknown }).state !== expected.state) return;
      resolve(data as WebMessageResult);
    };
    win.addEventListener('message', onMessage);
    timer = setTimeout(() => reject(new MerxClientError('OAUTH_TIMEOUT', 'OAuth flow timed out')), timeoutMs);
  });
  return result.finally(() => {
    clearTimeout(timer);
    win.removeEventListener('message', onMessage);
  });
}

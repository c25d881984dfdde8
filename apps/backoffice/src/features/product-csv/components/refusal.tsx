import { MerxValidationError } from '@merx/sdk';
import { useEffect, useRef } from 'react';
import { messageOf } from '../../../lib/errors';
import { IMPORT_LIMITS } from '../api/imports';
import { formatBytes } from '../file-size';

/** A reason from the server about the whole file (`file`, or `body`/`text` for its size), as a sentence. */
function sentenceOf(field: string, description: string): string {
  const text = description.trim().replace(/\.$/, '');
  if (/^line \d+:/.test(text)) return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  if (field === 'file' && /^(is|has|holds|must)\b/.test(text)) return `The file ${text}.`;
  // Sizes come on the request (`body`) or on the part that went past the limit (`text`).
  if (field === 'body' || field === 'text')
    return `The file is larger than the ${formatBytes(IMPORT_LIMITS.maxBytes)} an import takes.`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The reasons an upload was refused, one sentence each. */
export function reasonsOf(error: unknown): string[] {
  if (error instanceof MerxValidationError && error.violations.length > 0)
    return error.violations.map((v) => sentenceOf(v.field, v.description));
  return [messageOf(error)];
}

/**
 * The file was refused whole (not a CSV, missing or unknown columns, too many rows, too large): shown at the top of
 * the page with every reason the server gave, and the reassurance that nothing changed. It takes the focus, so that
 * a keyboard or screen-reader user lands on it.
 */
export function Refusal({ fileName, error, cancelled }: { fileName: string; error: unknown; cancelled: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const reasons = cancelled ? [] : reasonsOf(error);
  return (
    <div ref={box} className="csv-refusal" role="alert" tabIndex={-1}>
      <h2>{cancelled ? `The upload of “${fileName}” was cancelled` : `“${fileName}” was not imported`}</h2>
      {reasons.length === 1 ? <p>{reasons[0]}</p> : null}
      {reasons.length > 1 ? (
        <ul>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <p>Nothing in the store was changed. {cancelled ? '' : 'Correct the file, then choose it again.'}</p>
    </div>
  );
}

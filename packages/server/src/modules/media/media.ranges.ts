/*
 * HTTP range requests on the media folder's files (RFC 9110 section 14): browsers ask for ranges to start playing a
 * video before it has all arrived and to seek in it. One range per request; a header of several ranges, of another
 * unit or with If-Range naming another version is answered with the whole file, as the RFC lets a server do.
 */

/** What to answer a request for a file of `size` bytes. */
export type RangeAnswer =
  | { kind: 'whole' }
  /** 206: the bytes `start` to `end`, both included. */
  | { kind: 'part'; start: number; end: number }
  /** 416: no byte of the file is in the range asked for (or the range is malformed). */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d{0,15})-(\d{0,15})$/;

/**
 * Reads a `Range` header for a file of `size` bytes. `fresh` is false when an `If-Range` names another version of
 * the file: the whole file is then sent, as it is now.
 */
export function rangeOf(header: string | undefined, size: number, fresh = true): RangeAnswer {
  if (header === undefined || !fresh) return { kind: 'whole' };
  const text = header.trim();
  const eq = text.indexOf('=');
  // Only bytes are ranged here; another unit is ignored (RFC 9110 14.2).
  if (eq < 0 || text.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = text.slice(eq + 1).split(',');
  if (specs.length > 1) return { kind: 'whole' };
  const match = SPEC.exec((specs[0] ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'unsatisfiable' };
  const first = match[1] ?? '';
  const last = match[2] ?? '';
  if (first === '') {
    // A suffix: the last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'unsatisfiable' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

import { invalid } from '@merx/domain';
import sjson from 'secure-json-parse';

/**
 * How deep objects and arrays may nest in a request (a body or a `.r` envelope). The deepest real input, a
 * rich-text description or a filter of nested `$and`/`$or`, stays far below; anything deeper is refused before it
 * is parsed, so that no walk over input (validation, the NUL guard, the query compiler) can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 128;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in JSON text, scanning no further than `limit + 1`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Parses JSON input of a request: too deep, malformed, or carrying `__proto__`/`constructor` keys is a validation
 * error on `field`.
 */
export function parseJsonInput(text: string, field: string, malformed = 'must be well-formed JSON'): unknown {
  // Only text with more brackets than the limit can nest deeper than it; short bodies skip the scan.
  if (text.length > MAX_JSON_DEPTH && jsonDepth(text) > MAX_JSON_DEPTH) {
    throw invalid(field, `must not nest objects or arrays more than ${MAX_JSON_DEPTH} deep`, 'MAX', {
      maxDepth: MAX_JSON_DEPTH,
    });
  }
  try {
    return sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw invalid(field, malformed, 'FORMAT');
  }
}

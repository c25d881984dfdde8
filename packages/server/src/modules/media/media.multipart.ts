import type { Multipart } from '@fastify/multipart';
import { mediaLimits } from '@merx/contract';
import type { FieldViolation } from '@merx/domain';
import type { FastifyRequest } from 'fastify';

/** The form field that carries the files, repeated once per file. */
export const FILE_FIELD = 'file';
/** The form field of a video's poster image: it follows the video's own `file` part (decision 0031). */
export const POSTER_FIELD = 'poster';

/** What busboy may read of one upload request before it gives up (files are counted and sized here too). */
export const multipartLimits = {
  fileSize: mediaLimits.maxFileBytes,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 200,
  // Each file may be a video followed by its poster.
  files: mediaLimits.maxFiles * 2,
  parts: mediaLimits.maxFiles * 2 + 10,
  headerPairs: 50,
};

/** One part of an upload request: a file's bytes, or why the request cannot be taken as it is. */
export type UploadPart =
  | { kind: 'file'; index: number; fileName: string; bytes: Buffer }
  /** A poster image for the file of index `fileIndex` (the one sent just before it; -1 when none was). */
  | { kind: 'poster'; fileIndex: number; fileName: string; bytes: Buffer }
  | { kind: 'refused'; violation: FieldViolation };

const NOT_A_FORM = `must be multipart/form-data with one or more files in the field "${FILE_FIELD}"`;

/** The name a file was sent with, fit to show: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'image';
}

/** Why the multipart parser stopped, as a violation (its limits, or a body that is not a well-formed form). */
function parserRefusal(error: unknown): FieldViolation {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return {
      field: FILE_FIELD,
      description: `must hold at most ${mediaLimits.maxFiles} files in one request`,
      violatedRule: 'MAX_SIZE',
    };
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return { field: 'body', description: `has too many parts: ${NOT_A_FORM}`, violatedRule: 'MAX_SIZE' };
  }
  return { field: 'body', description: `is not a well-formed form: ${NOT_A_FORM}`, violatedRule: 'FORMAT' };
}

/**
 * The parts of an upload request, in the order sent: each file of the field `file` with its bytes, and a refusal
 * for everything else (a file over the size limit, a text field, files in another field, a malformed body, more
 * files than the limit). Reads the whole body, one file in memory at a time.
 */
export async function* readUploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) {
    yield { kind: 'refused', violation: { field: 'body', description: NOT_A_FORM, violatedRule: 'FORMAT' } };
    return;
  }
  const parts = request.parts();
  let index = 0;
  while (true) {
    let part: Multipart;
    try {
      const next = await parts.next();
      if (next.done) return;
      part = next.value;
    } catch (error) {
      yield { kind: 'refused', violation: parserRefusal(error) };
      return;
    }
    if (part.type === 'field') {
      const description = `is not taken: send files in the field "${FILE_FIELD}"`;
      yield { kind: 'refused', violation: { field: part.fieldname, description, violatedRule: 'FIELD_NOT_ALLOWED' } };
      continue;
    }
    // Read to its end whatever it is: the parser moves on to the next part only then.
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      yield { kind: 'refused', violation: parserRefusal(error) };
      return;
    }
    if (part.fieldname !== FILE_FIELD && part.fieldname !== POSTER_FIELD) {
      const description = `is not taken: files go in the field "${FILE_FIELD}" (a video's poster in "${POSTER_FIELD}")`;
      yield { kind: 'refused', violation: { field: part.fieldname, description, violatedRule: 'FIELD_NOT_ALLOWED' } };
      continue;
    }
    const fileName = cleanFileName(part.filename);
    if (part.fieldname === POSTER_FIELD) {
      if (part.file.truncated) {
        const most = `${mediaLimits.maxFileBytes / (1024 * 1024)} MB`;
        const field = `${FILE_FIELD}[${index - 1}].${POSTER_FIELD}`;
        yield {
          kind: 'refused',
          violation: { field, description: `is larger than ${most}`, violatedRule: 'MAX_SIZE' },
        };
      } else yield { kind: 'poster', fileIndex: index - 1, fileName, bytes };
      continue;
    }
    const at = index++;
    if (at >= mediaLimits.maxFiles) {
      yield { kind: 'refused', violation: parserRefusal({ code: 'FST_FILES_LIMIT' }) };
      return;
    }
    if (part.file.truncated) {
      const most = `${mediaLimits.maxFileBytes / (1024 * 1024)} MB`;
      yield {
        kind: 'refused',
        violation: {
          field: `${FILE_FIELD}[${at}]`,
          description: `is larger than ${most}`,
          violatedRule: 'MAX_SIZE',
          data: { fileName, index: at, maxBytes: mediaLimits.maxFileBytes },
        },
      };
      continue;
    }
    yield { kind: 'file', index: at, fileName, bytes };
  }
}

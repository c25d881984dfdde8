import {
  listMediaRequest,
  listMediaResponse,
  mediaFileResponse,
  mediaLimits,
  mediaMimeTypes,
  uploadMediaResponse,
} from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { FILE_FIELD, readUploadParts } from './media.multipart.js';
import type { MediaLibrary } from './media.service.js';

const tag = 'Media';
export const MEDIA_PATH = '/_api/merx/v1/media';
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The upload: `multipart/form-data`, so it is registered in a scope of its own that parses that (media.plugin.ts). */
export function uploadRoute(library: MediaLibrary): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: MEDIA_PATH,
    summary: `Upload images to the media library (multipart/form-data, field "${FILE_FIELD}"; all or none)`,
    tag,
    // Uploading is part of editing the catalog; the logo is then set through the store settings (settings:write).
    access: elevated('catalog:write'),
    response: uploadMediaResponse,
    handler: async ({ request }) => ({ media: await library.upload(readUploadParts(request)) }),
  });
}

/** The JSON routes of the library: the picker's listing, one file, and deletion. */
export function mediaRoutes(library: MediaLibrary): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: MEDIA_PATH,
      summary: 'List the media library, newest first',
      tag,
      access: elevated('catalog:read'),
      input: listMediaRequest,
      response: listMediaResponse,
      handler: async ({ input }) => {
        const { media, total } = await library.list(input);
        return { media, metadata: { count: media.length, offset: input.offset, total } };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${MEDIA_PATH}/:id`,
      summary: 'Get one file of the media library',
      tag,
      access: elevated('catalog:read'),
      params: idParams,
      response: mediaFileResponse,
      handler: async ({ params }) => ({ media: await library.get(params.id) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${MEDIA_PATH}/:id`,
      summary: 'Delete a file of the media library that nothing uses any more (MEDIA_IN_USE otherwise)',
      tag,
      access: elevated('catalog:write'),
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await library.remove(params.id);
        return {};
      },
    }),
  ];
}

/** The upload's request body in the OpenAPI document (the document's builder knows JSON bodies only). */
export const uploadRequestBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: [FILE_FIELD],
        properties: {
          [FILE_FIELD]: {
            type: 'array',
            minItems: 1,
            maxItems: mediaLimits.maxFiles,
            items: { type: 'string', format: 'binary', maxLength: mediaLimits.maxFileBytes },
          },
        },
      },
      encoding: { [FILE_FIELD]: { contentType: mediaMimeTypes.join(', ') } },
    },
  },
};

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { CallerResolver } from '../../http/auth.js';
import { type AnyRoute, registerRoutes } from '../../http/route.js';
import type { MediaStorage } from '../../lib/storage.js';
import type { Module, ModuleDeps } from '../module.js';
import { registerMediaFiles } from './media.files.js';
import { multipartLimits } from './media.multipart.js';
import { MEDIA_PATH, mediaRoutes, uploadRequestBody, uploadRoute } from './media.routes.js';
import { createMediaLibrary, type MediaLibrary } from './media.service.js';

/** A year: the library's file names are never reused, so a cached copy never goes stale. */
const IMMUTABLE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface MediaModule extends Module<{ library: MediaLibrary }> {
  /** The upload route: registered by `register`, in its own scope; listed here for the OpenAPI document. */
  upload: AnyRoute;
  /**
   * Registers the upload in a scope that parses `multipart/form-data` (the rest of the API stays JSON-only) and,
   * when the storage is a local folder, serves the library's files at `/media/library/` for good caching and the
   * folder's images by image id at `/media/<id>` and `/media/<id>/v1/…` (media.files.ts).
   */
  register(app: FastifyInstance, callers: CallerResolver): Promise<void>;
  /** Puts the upload's multipart body into the OpenAPI `document` (built from JSON schemas only). */
  describe(document: Record<string, unknown>): void;
}

/** The media library: uploads for the back office, its listing and deletion. */
export function createMediaModule(deps: ModuleDeps, opts: { storage: MediaStorage }): MediaModule {
  const library = createMediaLibrary({ db: deps.db, dialect: deps.dialect, clock: deps.clock, storage: opts.storage });
  const upload = uploadRoute(library);
  return {
    services: { library },
    routes: mediaRoutes(library),
    upload,
    async register(app, callers) {
      await app.register(async (scope) => {
        await scope.register(fastifyMultipart, { throwFileSizeLimit: false, limits: multipartLimits });
        // Bodies of any other type reach the handler unread; it refuses them with a violation on `body`.
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
        registerRoutes(scope, [upload], callers);
      });
      const root = opts.storage.localRoot;
      if (!root) return;
      // The images by the ids the @wix/sdk media helpers read (`/media/<id>`, `/media/<id>/v1/fill/…`).
      registerMediaFiles(app, { root, sizesOf: library.sizesOf });
      const folder = join(root, 'library');
      mkdirSync(folder, { recursive: true });
      await app.register(fastifyStatic, {
        root: folder,
        prefix: '/media/library/',
        decorateReply: false,
        immutable: true,
        maxAge: IMMUTABLE_MAX_AGE_MS,
        index: false,
        list: false,
        setHeaders: (res) => {
          res.header('Content-Security-Policy', "default-src 'none'");
          res.header('X-Content-Type-Options', 'nosniff');
        },
      });
    },
    describe(document) {
      const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
      const post = paths[MEDIA_PATH]?.post;
      if (post) post.requestBody = uploadRequestBody;
    },
  };
}

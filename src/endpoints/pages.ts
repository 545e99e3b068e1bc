import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { PROJECT_ROOT } from '../config.js';

/** The type-ahead page, the API docs page and their scripts and styles: plain files, no build step. */
export const PUBLIC_DIR = join(PROJECT_ROOT, 'public');
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * GET / (the type-ahead page) and GET /docs (the OpenAPI description rendered by Swagger UI)
 * with what they load from `assets/`. Pages refer to everything by relative URLs, so they
 * work under any BASE_PATH; the other spellings of their paths (`/vocab` for `/vocab/`,
 * `/docs/` for `/docs`) are redirected for that reason.
 */
export function pageHandler(canonicalPath: string, file: string): RequestHandler {
  return (req, res) => {
    const queryStart = req.originalUrl.indexOf('?');
    const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
    if (path !== canonicalPath) {
      res.redirect(301, canonicalPath + (queryStart === -1 ? '' : req.originalUrl.slice(queryStart)));
      return;
    }
    res.set('Cache-Control', 'no-cache');
    res.sendFile(join(PUBLIC_DIR, file));
  };
}

/** Static files under `assets/`: revalidated with their ETag (they change with each release). */
export function assetRoutes(router: Router): void {
  router.use('/assets', (_req, res, next) => {
    res.locals.endpoint = '/assets';
    next();
  });
  router.use('/assets/swagger-ui', express.static(SWAGGER_UI_DIR, { index: false, maxAge: 0 }));
  router.use('/assets', express.static(join(PUBLIC_DIR, 'assets'), { index: false, maxAge: 0 }));
}

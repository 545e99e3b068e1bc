import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { renderedText, type RenderedBody } from '../http/ResponseCache.js';
import { route } from '../http/route.js';
import { sendBody } from '../http/sendRendered.js';
import { fileURLToPath } from 'node:url';

/** The type-ahead page, the API docs page and their scripts and styles: plain files, no build step. */
export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url)); // from src/endpoints/ or dist/endpoints/
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

/** The concept field's script, its content-addressed name, and its documentation page with that name in it. */
function conceptField(): { script: RenderedBody; versioned: string; page: RenderedBody } {
  const text = readFileSync(join(PUBLIC_DIR, 'concept-field.js'), 'utf8');
  const versioned = `concept-field-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`;
  const page = readFileSync(join(PUBLIC_DIR, 'concept-field.html'), 'utf8').replaceAll('{{script}}', versioned);
  return { script: renderedText(text), versioned, page: renderedText(page) };
}

/**
 * The concept field (`<concept-field>`, public/concept-field.js) for forms on any origin:
 * `GET /concept-field.js` is always the current one (revalidated with its ETag), and
 * `GET /concept-field-<hash>.js` the same bytes under a name that changes with them, cached
 * for a year; `GET /concept-field` documents it, with a live example. Read once at start.
 */
export function conceptFieldRoutes(router: Router, canonicalPath: string): void {
  const { script, versioned, page } = conceptField();
  const tree = renderedText(readFileSync(join(PUBLIC_DIR, 'concept-tree.js'), 'utf8'));
  const JS = 'text/javascript; charset=utf-8';
  route(router, '/concept-field.js', (req, res) => sendBody(req, res, script, JS, 'no-cache'));
  // the tree of <concept-field browse>, which the field imports from beside itself when first opened
  route(router, '/concept-tree.js', (req, res) => sendBody(req, res, tree, JS, 'no-cache'));
  route(router, `/${versioned}`, (req, res) => sendBody(req, res, script, JS, 'public, max-age=31536000, immutable'));
  route(router, '/concept-field', (req, res) => {
    if (req.originalUrl.split('?')[0] !== canonicalPath) {
      res.redirect(301, canonicalPath);
      return;
    }
    sendBody(req, res, page, 'text/html; charset=utf-8', 'no-cache');
  });
}

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import compression from 'compression';
import express, { type Request, type Response, type Router } from 'express';
import { renderedText, type RenderedBody } from '../http/ResponseCache.js';
import { declare, type Route } from '../http/Route.js';
import { sendBody } from '../http/sendRendered.js';
import { fileURLToPath } from 'node:url';
import { PAGES } from './tags.js';

/** The type-ahead page, the API docs page and their scripts and styles: plain files, no build step. */
export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url)); // from src/endpoints/ or dist/endpoints/
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Files sent as they are read (the pages, their assets, Swagger UI's bundle) compressed on
 * the way out where the client accepts it (brotli at quality 4, else gzip; not under 1 kB), on
 * libuv's threads. A request for a range gets the bytes as they are: a range of a compressed
 * stream is no range of the file.
 */
const compressedFiles = compression({ filter: (req, res) => req.headers.range === undefined && compression.filter(req, res) });

/**
 * GET / (the type-ahead page) and GET /docs (the OpenAPI description rendered by Swagger UI)
 * with what they load from `assets/`. Pages refer to everything by relative URLs, so they
 * work under any BASE_PATH; the other spellings of their paths (`/vocab` for `/vocab/`,
 * `/docs/` for `/docs`) are redirected for that reason.
 */
function sendPage(canonicalPath: string, file: string): (req: Request, res: Response) => void {
  return (req, res) => {
    const queryStart = req.originalUrl.indexOf('?');
    const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
    if (path !== canonicalPath) {
      res.redirect(301, canonicalPath + (queryStart === -1 ? '' : req.originalUrl.slice(queryStart)));
      return;
    }
    res.set('Cache-Control', 'no-cache');
    void compressedFiles(req, res, () => res.sendFile(join(PUBLIC_DIR, file)));
  };
}

/** Static files under `assets/`: revalidated with their ETag (they change with each release). */
export function assetRoutes(router: Router): void {
  router.use(
    '/assets',
    (_req, res, next) => {
      res.locals.endpoint = '/assets';
      next();
    },
    compressedFiles,
  );
  router.use('/assets/swagger-ui', express.static(SWAGGER_UI_DIR, { index: false, maxAge: 0 }));
  router.use('/assets', express.static(join(PUBLIC_DIR, 'assets'), { index: false, maxAge: 0 }));
}

/** The page scripts as `npm run build` minifies them, each with its source map (scripts/build-public.mjs). */
const BUILT_DIR = fileURLToPath(new URL('../../dist/public/', import.meta.url)); // from src/endpoints/ or dist/endpoints/

/** A page script as served: minified with its source map where built, else as written. */
interface Script {
  text: RenderedBody;
  map: RenderedBody | undefined;
}

function script(name: string): Script {
  const built = join(BUILT_DIR, name);
  if (!existsSync(built) || !existsSync(`${built}.map`))
    return { text: renderedText(readFileSync(join(PUBLIC_DIR, name), 'utf8')), map: undefined };
  return { text: renderedText(readFileSync(built, 'utf8')), map: renderedText(readFileSync(`${built}.map`, 'utf8')) };
}

/** The concept field's script, its content-addressed name, and its documentation page with that name in it. */
function conceptField(): { field: Script; versioned: string; page: RenderedBody } {
  const field = script('concept-field.js');
  const versioned = `concept-field-${createHash('sha256').update(field.text.body).digest('hex').slice(0, 12)}.js`;
  const page = readFileSync(join(PUBLIC_DIR, 'concept-field.html'), 'utf8').replaceAll('{{script}}', versioned);
  return { field, versioned, page: renderedText(page) };
}

/**
 * The concept field (`<concept-field>`, public/concept-field.js) for forms on any origin:
 * `GET /concept-field.js` is always the current one (revalidated with its ETag), and
 * `GET /concept-field-<hash>.js` the same bytes under a name that changes with them, cached
 * for a year; `GET /concept-field` documents it, with a live example. Read once at start;
 * served minified with source maps (`/concept-field.js.map`, `/concept-tree.js.map`) once
 * `npm run build` has made them.
 */
export function pageRoutes(basePath: string): Route[] {
  const { field, versioned, page } = conceptField();
  const tree = script('concept-tree.js');
  const JS = 'text/javascript; charset=utf-8';
  const file = (path: string, summary: string, send: (req: Request, res: Response) => Promise<void> | void): Route =>
    declare({ path, tag: PAGES, summary, undescribed: true, answers: {}, cache: 'shared', send: (_input, req, res) => send(req, res) });
  return [
    file('/', 'The type-ahead page', sendPage(`${basePath}/`, 'index.html')),
    file('/docs', 'The API description, rendered', sendPage(`${basePath}/docs`, 'docs.html')),
    file('/concept-field.js', 'The concept field, always the current one', (req, res) => sendBody(req, res, field.text, JS, 'no-cache')),
    // the tree of <concept-field browse>, which the field imports from beside itself when first opened
    file('/concept-tree.js', "The concept field's tree", (req, res) => sendBody(req, res, tree.text, JS, 'no-cache')),
    file(`/${versioned}`, 'The concept field, by a name that changes with it', (req, res) =>
      sendBody(req, res, field.text, JS, 'public, max-age=31536000, immutable'),
    ),
    // the source maps, which hold the files as written, for a browser's developer tools
    ...(
      [
        ['concept-field.js', field],
        ['concept-tree.js', tree],
      ] as const
    ).flatMap(([name, { map }]) =>
      map === undefined
        ? []
        : [
            file(`/${name}.map`, `The source map of ${name}`, (req, res) =>
              sendBody(req, res, map, 'application/json; charset=utf-8', 'no-cache'),
            ),
          ],
    ),
    file('/concept-field', "The concept field's documentation", (req, res) => {
      if (req.originalUrl.split('?')[0] !== `${basePath}/concept-field`) {
        res.redirect(301, `${basePath}/concept-field`);
        return;
      }
      return sendBody(req, res, page, 'text/html; charset=utf-8', 'no-cache');
    }),
  ];
}

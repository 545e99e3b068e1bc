import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Config } from '../config.js';
import type { ConceptService } from '../concepts/ConceptService.js';
import { FIELDS } from '../concepts/Concept.js';
import { BadRequestError } from '../errors.js';
import { route } from '../http/route.js';
import { rendered } from '../http/ResponseCache.js';
import { sendRendered } from '../http/sendRendered.js';
import { QueryParameters, checkedText, queryParameters } from '../endpoints/parameters.js';
import { isRdfIri } from '../sparql/iri.js';
import { extend } from './extend.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewHtml, previewMissingHtml } from './preview.js';
import { PREVIEW_FRAGMENT_SCRIPT_HASH, substitutedIds } from './substitutedId.js';
import { ALL_PROPERTIES, EXTEND_PROPERTIES, propertyMatches } from './properties.js';
import { MAX_BATCH, readBatch } from './ReconcileBatch.js';
import { Reconciler } from './Reconciler.js';

/** Suggestions per suggest request. */
const SUGGEST_COUNT = 10;
/** The page size of the /suggest calls behind entity suggest (its most). */
const SUGGEST_PAGE = 100;
/** How far a suggest `cursor` may reach (as /suggest's depth). */
const MAX_CURSOR = 10_000 - SUGGEST_PAGE;
const SKOS = 'http://www.w3.org/2004/02/skos/core#';

/**
 * The W3C reconciliation API, version 0.2 (README, "Reconciliation"), under `/reconcile`:
 * the manifest and query batches (GET and form POST), data extension with its property
 * proposals, the preview card, and suggest services for entities, types and properties.
 * Every answer is JSON (the preview HTML) with CORS, as the rest of the service.
 */
export function reconcileRoutes(router: Router, config: Config, concepts: ConceptService): void {
  const reconciler = new Reconciler(concepts, config);
  const conceptType = config.conceptTypes.length === 1 ? { id: config.conceptTypes[0] as string, name: reconciler.conceptTypeName(config.conceptTypes[0] as string) } : undefined;
  const json = (req: Request, res: Response, body: unknown): void => sendRendered(req, res, rendered(body), config.httpMaxAge);

  const service: RequestHandler = async (req, res) => {
    // a POST's form body, else the URL's query
    const params = req.method === 'POST' ? new QueryParameters(typeof req.body === 'string' ? req.body : '') : queryParameters(req.url);
    const queries = one(params, 'queries');
    const extension = one(params, 'extend');
    if (queries !== undefined) {
      const batch = readBatch(queries);
      const ignored = [...batch.values()].flatMap((request) => request.ignored);
      if (ignored.length > 0) res.locals.ignored = [...new Set(ignored)].slice(0, 20); // for the request log
      json(req, res, await reconciler.answer(batch));
    }
    else if (extension !== undefined) {
      const { answer, ignored } = await extend(extension, concepts, config.defaultLang, conceptType);
      if (ignored.length > 0) res.locals.ignored = ignored.slice(0, 20); // for the request log
      json(req, res, answer);
    }
    else json(req, res, manifest(config, baseUrl(config, req), config.conceptTypes.map((id) => ({ id, name: reconciler.conceptTypeName(id) }))));
  };
  route(router, '/reconcile', service, [express.text({ type: 'application/x-www-form-urlencoded', limit: '2mb' }), service]);

  route(router, '/reconcile/preview', async (req, res) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const ids = substitutedIds(query, 'id');
    if (ids.length === 0) required(queryParameters(req.url), 'id');
    const iris = ids.filter(isRdfIri);
    const found = iris.length === 0 ? [] : await concepts.get(iris, undefined, new Set(FIELDS));
    const concept = found.find((c) => c.uri === iris[0]) ?? found[0];
    const page = `${baseUrl(config, req)}/?uri=`;
    res.set('Content-Type', 'text/html; charset=utf-8');
    res.set('Cache-Control', `public, max-age=${config.httpMaxAge}`);
    // shown in an iframe of the client's page (OpenRefine's), on any origin: no X-Frame-Options
    // and no frame-ancestors (`*` would still refuse a parent of another scheme); one script,
    // which asks again where an id's `#` was cut off (substitutedId.ts), and no other
    res.removeHeader('X-Frame-Options');
    res.set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; script-src ${PREVIEW_FRAGMENT_SCRIPT_HASH}; base-uri 'none'; form-action 'none'`);
    // no concept: a page that says so (a 404), where the script may still find the whole id
    if (concept === undefined) res.status(404).send(previewMissingHtml(ids[0] as string));
    else res.status(200).send(previewHtml(concept, (uri) => page + encodeURIComponent(uri)));
  });

  route(router, '/reconcile/suggest/entity', async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = checkedText(required(params, 'prefix').trim(), "'prefix' parameter");
    const cursor = cursorParameter(params);
    // /suggest's pages of 100 that hold suggestions cursor .. cursor + 9
    const first = Math.floor(cursor / SUGGEST_PAGE);
    const pages = (cursor % SUGGEST_PAGE) + SUGGEST_COUNT > SUGGEST_PAGE ? [first + 1, first + 2] : [first + 1];
    const found = prefix === '' ? [] : (await Promise.all(pages.map((page) => concepts.suggest({ q: prefix, count: SUGGEST_PAGE, page })))).flat();
    let list = found.slice(cursor % SUGGEST_PAGE, (cursor % SUGGEST_PAGE) + SUGGEST_COUNT).map((c) => ({ uri: c.uri, prefLabel: c.prefLabel }));
    // an IRI given as the prefix: that concept first
    const [own] = cursor === 0 && isRdfIri(prefix) && !/\s/.test(prefix) ? await concepts.get([prefix], undefined) : [];
    if (own !== undefined) list = [own, ...list.filter((c) => c.uri !== own.uri)].slice(0, SUGGEST_COUNT);
    const fields = await concepts.fieldsOf(list.map((c) => c.uri), config.defaultLang, new Set(['broader', 'scheme']));
    json(req, res, {
      result: list.map((c) => {
        const { broader = [], scheme = [] } = fields.get(c.uri) ?? {};
        return {
          id: c.uri,
          name: c.prefLabel || c.uri,
          ...(broader.length > 0 ? { description: broader.map((b) => b.label || b.uri).join(' · ') } : {}),
          notable: [...(conceptType === undefined ? [] : [conceptType]), ...scheme.map((s) => ({ id: s.uri, name: s.label || s.uri }))],
        };
      }),
    });
  });

  route(router, '/reconcile/suggest/type', async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = required(params, 'prefix');
    const cursor = cursorParameter(params);
    const types = await allTypes(concepts, config, reconciler);
    json(req, res, { result: types.filter((type) => nameMatches(type, prefix)).slice(cursor, cursor + SUGGEST_COUNT) });
  });

  route(router, '/reconcile/suggest/property', (req, res) => {
    const params = queryParameters(req.url);
    const prefix = required(params, 'prefix');
    const cursor = cursorParameter(params);
    json(req, res, { result: ALL_PROPERTIES.filter((p) => propertyMatches(p, prefix)).slice(cursor, cursor + SUGGEST_COUNT) });
  });

  route(router, '/reconcile/properties', (req, res) => {
    const params = queryParameters(req.url);
    const type = required(params, 'type');
    const limitText = one(params, 'limit');
    const limit = limitText === undefined ? EXTEND_PROPERTIES.length : /^\d{1,4}$/.test(limitText) && Number(limitText) >= 1 ? Number(limitText) : badParameter('limit', 'must be a positive integer');
    json(req, res, { type, ...(limitText === undefined ? {} : { limit }), properties: EXTEND_PROPERTIES.slice(0, limit) });
  });
}

/** The manifest (the API's "service manifest"): what the service offers, with absolute links. */
function manifest(config: Config, base: string, conceptTypes: Array<{ id: string; name: string }>): object {
  const service = `${base}/reconcile`;
  return {
    versions: ['0.2'],
    name: config.reconcileName,
    identifierSpace: `${base}/get?uri=`,
    schemaSpace: SKOS,
    documentation: `${base}/docs`,
    view: { url: `${base}/?uri={{id}}` },
    defaultTypes: conceptTypes,
    batchSize: MAX_BATCH,
    preview: { url: `${service}/preview?id={{id}}`, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT },
    suggest: {
      entity: { service_url: service, service_path: '/suggest/entity' },
      type: { service_url: service, service_path: '/suggest/type' },
      property: { service_url: service, service_path: '/suggest/property' },
    },
    extend: {
      propose_properties: { service_url: service, service_path: '/properties' },
      property_settings: [{ name: 'lang', label: 'Language', type: 'text', default: config.defaultLang, help_text: 'The language of labels and scope notes (a tag such as en or fr).' }],
    },
  };
}

/** The concept types and the concept schemes, with their names (schemes: their labels in the default language). */
async function allTypes(concepts: ConceptService, config: Config, reconciler: Reconciler): Promise<Array<{ id: string; name: string }>> {
  const schemes = await concepts.schemes();
  const labels = await concepts.labelsOf(schemes, config.defaultLang);
  return [...config.conceptTypes.map((id) => ({ id, name: reconciler.conceptTypeName(id) })), ...schemes.map((id) => ({ id, name: labels.get(id) || id }))];
}

/** Whether a type's id starts with `prefix`, or a word of its name does (case-insensitive); "" matches all. */
function nameMatches(type: { id: string; name: string }, prefix: string): boolean {
  const wanted = prefix.trim().toLowerCase();
  return wanted === '' || type.id.toLowerCase().startsWith(wanted) || type.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(wanted));
}

/** The service's public URL: PUBLIC_URL, else the request's scheme and Host with the base path. */
function baseUrl(config: Config, req: Request): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}${config.basePath}`;
}

function one(params: QueryParameters, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) badParameter(name, 'must be given only once');
  return values[0];
}

function required(params: QueryParameters, name: string): string {
  return one(params, name) ?? badParameter(name, 'is mandatory');
}

function cursorParameter(params: QueryParameters): number {
  const text = one(params, 'cursor');
  if (text === undefined || text === '') return 0;
  return /^\d{1,5}$/.test(text) && Number(text) <= MAX_CURSOR ? Number(text) : badParameter('cursor', `must be an integer from 0 to ${MAX_CURSOR}`);
}

function badParameter(name: string, rule: string): never {
  throw new BadRequestError(`'${name}' parameter ${rule}`);
}

import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Config } from '../Config.js';
import { SKOS } from '../domain/namespaces.js';
import { BadRequestError } from '../errors.js';
import { route } from '../http/route.js';
import { QueryParameters, queryParameters } from '../endpoints/parameters.js';
import { DRAFT_PATH } from './draftRoutes.js';
import { extend, extendText } from './extend.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview.js';
import { MAX_BATCH } from './ReconcileBatch.js';
import { readQueryBatch } from './readQueryBatch.js';
import type { ReconcileType } from './Reconciler.js';
import { SUGGEST_COUNT, type ReconcileServices } from './ReconcileServices.js';
import { readParameter } from '../endpoints/QueryParameter.js';
import { CURSOR, ENTITY_PREFIX, EXTEND, PREFIX, PROPOSAL_LIMIT, PROPOSAL_TYPE, QUERIES } from './reconcileParameters.js';

/**
 * The W3C reconciliation API, version 0.2 (docs/openrefine.md, "Reconciliation"), under `/reconcile`:
 * the manifest and query batches (GET and form POST), data extension with its property
 * proposals, the preview card, and suggest services for entities, types and properties.
 * Every answer is JSON (the preview HTML) with CORS, as the rest of the service.
 */
export function reconcileRoutes(router: Router, services: ReconcileServices): void {
  const { config, reconciler, concepts } = services;
  const json = (req: Request, res: Response, body: unknown): Promise<void> => services.json(req, res, body);

  const service: RequestHandler = async (req, res) => {
    // a POST's form body, else the URL's query
    const params = req.method === 'POST' ? new QueryParameters(typeof req.body === 'string' ? req.body : '') : queryParameters(req.url);
    const queries = readParameter(QUERIES, params) as string | undefined;
    const extension = readParameter(EXTEND, params) as string | undefined;
    // a POST holds a batch or an extension as a form; one whose body is something else (a JSON
    // body, as the 1.0 draft's endpoints take) is refused, not answered with the manifest (the
    // manifest answers GET, and a form POST without fields, as it always has)
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (req.method === 'POST' && hasBody && !req.is('application/x-www-form-urlencoded'))
      throw new BadRequestError(
        `'queries' parameter is mandatory in a POST: a form field (application/x-www-form-urlencoded) holding the batch as JSON${
          req.is('application/json') ? `, not a JSON body (the 1.0 draft takes that, at ${config.basePath}${DRAFT_PATH}/match)` : ''
        }`,
      );
    if (queries !== undefined) {
      const batch = readQueryBatch(queries);
      const ignored = [...batch.values()].flatMap((request) => request.ignored);
      if (ignored.length > 0) res.locals.ignored = [...new Set(ignored)].slice(0, 20); // for the request log
      const answers = await reconciler.answer(batch);
      // 0.2's candidates: what its clients know (1.0's features stay out)
      return json(
        req,
        res,
        Object.fromEntries(
          Object.entries(answers).map(([key, candidates]) => [
            key,
            { result: candidates.map(({ id, name, score, match, type }) => ({ id, name, score, match, type })) },
          ]),
        ),
      );
    } else if (extension !== undefined) {
      const { meta, rows, ignored } = await extend(extendText(extension), concepts, config.defaultLang, services.conceptType);
      if (ignored.length > 0) res.locals.ignored = ignored.slice(0, 20); // for the request log
      return json(req, res, { meta, rows: Object.fromEntries(rows.map(({ id, values }) => [id, values])) });
    } else return json(req, res, manifest(config, services.baseUrl(req, res), await services.manifestTypes()));
  };
  route(router, '/reconcile', service, [express.text({ type: 'application/x-www-form-urlencoded', limit: '2mb' }), service]);

  route(router, '/reconcile/preview', services.preview);

  route(router, '/reconcile/suggest/entity', async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(ENTITY_PREFIX, params) as string;
    return json(req, res, { result: await services.suggestEntities(prefix, readParameter(CURSOR, params) as number, SUGGEST_COUNT) });
  });

  route(router, '/reconcile/suggest/type', async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(PREFIX, params) as string;
    return json(req, res, { result: await services.suggestTypes(prefix, readParameter(CURSOR, params) as number, SUGGEST_COUNT) });
  });

  route(router, '/reconcile/suggest/property', (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(PREFIX, params) as string;
    return json(req, res, { result: services.suggestProperties(prefix, readParameter(CURSOR, params) as number, SUGGEST_COUNT) });
  });

  route(router, '/reconcile/properties', (req, res) => {
    const params = queryParameters(req.url);
    const type = readParameter(PROPOSAL_TYPE, params) as string;
    const limit = readParameter(PROPOSAL_LIMIT, params) as number | undefined;
    return json(req, res, { type, ...(limit === undefined ? {} : { limit }), properties: services.proposals(limit) });
  });
}

/** The manifest (the API's "service manifest"): what the service offers, with absolute links. */
function manifest(config: Config, base: string, conceptTypes: ReconcileType[]): object {
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
      property_settings: [
        {
          name: 'lang',
          label: 'Language',
          type: 'text',
          default: config.defaultLang,
          help_text: 'The language of labels and scope notes (a tag such as en or fr).',
        },
      ],
    },
  };
}

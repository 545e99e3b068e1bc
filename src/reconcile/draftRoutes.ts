import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { BadRequestError, MethodNotAllowedError } from '../errors.js';
import { route } from '../http/route.js';
import { extend } from './extend.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview.js';
import { MAX_BATCH } from './ReconcileBatch.js';
import type { ReconcileResult, ReconcileType } from './Reconciler.js';
import type { ReconcileServices } from './ReconcileServices.js';
import { readParameter } from '../endpoints/QueryParameter.js';
import { queryParameters, type QueryParameters } from '../endpoints/parameters.js';
import { DRAFT_LIMIT, DRAFT_OFFSET, ENTITY_PREFIX, PREFIX, PROPOSAL_LIMIT, PROPOSAL_TYPE } from './reconcileParameters.js';
import { readMatchBatch } from './readMatchBatch.js';

/** Where the 1.0 draft is served, below the base path: its routes are fixed relative to it. */
export const DRAFT_PATH = '/reconcile/1.0-draft';

/**
 * The reconciliation API's 1.0 draft (docs/openrefine.md, "Reconciliation, 1.0 draft") beside 0.2: its
 * own endpoint, because the two manifests cannot be one document (0.2's `suggest` and
 * `extend` hold service URLs where the draft's hold booleans, and the draft has no
 * `identifierSpace`). The manifest at the endpoint, `POST /match` and `POST /extend` with
 * JSON bodies, `/suggest/entity|type|property` with `offset` and `limit`, `/preview?id=`,
 * `/extend/propose`. The candidates, suggestions and values are 0.2's, in the draft's form;
 * candidates carry their matching features.
 */
export function draftRoutes(router: Router, services: ReconcileServices, version: string): void {
  const { config, reconciler, concepts } = services;
  const json = (req: Request, res: Response, body: unknown): Promise<void> => services.json(req, res, body);
  const body = express.text({ type: () => true, limit: '2mb' });
  const parsed = (req: Request): unknown => {
    const text = typeof req.body === 'string' ? req.body : '';
    try {
      return JSON.parse(text);
    } catch {
      throw new BadRequestError('request body: is not JSON');
    }
  };
  const postOnly: RequestHandler = (req) => {
    throw new MethodNotAllowedError(req.method, 'POST, OPTIONS');
  };

  route(router, DRAFT_PATH, async (req, res) =>
    json(req, res, manifest(services, services.baseUrl(req, res), version, await services.manifestTypes())),
  );

  const match: RequestHandler = async (req, res) => {
    const requests = readMatchBatch(parsed(req));
    const ignored = requests.flatMap((request) => request.ignored);
    if (ignored.length > 0) res.locals.ignored = [...new Set(ignored)].slice(0, 20); // for the request log
    const answers = await reconciler.answer(new Map(requests.map((request, i) => [String(i), request])));
    return json(req, res, {
      results: requests.map((request, i) => ({
        candidates: (answers[String(i)] ?? []).map((candidate) =>
          draftCandidate(
            candidate,
            request.evidence.map(({ pid }) => pid),
          ),
        ),
      })),
    });
  };
  route(router, `${DRAFT_PATH}/match`, postOnly, [body, match]);

  const extension: RequestHandler = async (req, res) => {
    const { meta, rows, ignored } = await extend(parsed(req), concepts, config.defaultLang, services.conceptType, 'request body');
    if (ignored.length > 0) res.locals.ignored = ignored.slice(0, 20);
    return json(req, res, {
      meta,
      rows: rows.map(({ id, values }) => ({
        id,
        properties: Object.entries(values).map(([property, list]) => ({ id: property, values: list })),
      })),
    });
  };
  route(router, `${DRAFT_PATH}/extend`, postOnly, [body, extension]);

  route(router, `${DRAFT_PATH}/extend/propose`, (req, res) => {
    const params = queryParameters(req.url);
    const type = readParameter(PROPOSAL_TYPE, params) as string;
    const limit = readParameter(PROPOSAL_LIMIT, params) as number | undefined;
    return json(req, res, {
      type,
      ...(limit === undefined ? {} : { limit }),
      properties: services.proposals(limit).map(({ id, name, description }) => ({ id, name, description })),
    });
  });

  route(router, `${DRAFT_PATH}/preview`, services.preview);

  const paging = (params: QueryParameters): [number, number] => [
    readParameter(DRAFT_OFFSET, params) as number,
    readParameter(DRAFT_LIMIT, params) as number,
  ];
  route(router, `${DRAFT_PATH}/suggest/entity`, async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(ENTITY_PREFIX, params) as string;
    return json(req, res, { result: await services.suggestEntities(prefix, ...paging(params)) });
  });
  route(router, `${DRAFT_PATH}/suggest/type`, async (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(PREFIX, params) as string;
    return json(req, res, { result: await services.suggestTypes(prefix, ...paging(params)) });
  });
  route(router, `${DRAFT_PATH}/suggest/property`, (req, res) => {
    const params = queryParameters(req.url);
    const prefix = readParameter(PREFIX, params) as string;
    return json(req, res, {
      result: services.suggestProperties(prefix, ...paging(params)).map(({ id, name, description }) => ({ id, name, description })),
    });
  });
}

/** A candidate in the draft's form: its matching features are the name's score and, per property given, whether it agrees. */
function draftCandidate({ id, name, score, match, type, nameScore, agreements }: ReconcileResult, properties: readonly string[]): object {
  const features = [
    ...(nameScore === undefined ? [] : [{ id: 'name', name: 'Name score (0 to 100)', value: nameScore }]),
    ...agreements.map((agrees, i) => ({ id: `property:${properties[i]}`, name: `Agrees with ${properties[i]}`, value: agrees })),
  ];
  return { id, name, score, match, type, features };
}

/** The draft's manifest: the routes are fixed relative to the endpoint, so it says what is offered, not where. */
function manifest(services: ReconcileServices, base: string, version: string, defaultTypes: ReconcileType[]): object {
  const { config } = services;
  return {
    versions: ['1.0-draft'],
    name: config.reconcileName,
    serviceVersion: version,
    documentation: `${base}/docs`,
    lang: config.defaultLang,
    // RFC 6570's simple expansion percent-encodes the IRI, so the page gets it whole
    view: { url: `${base}/?uri={id}` },
    defaultTypes,
    batchSize: MAX_BATCH,
    standardizedScore: true,
    preview: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT },
    suggest: { entity: true, type: true, property: true },
    extend: {
      proposeProperties: true,
      propertySettings: [
        {
          id: 'lang',
          name: 'Language',
          type: 'text',
          default: config.defaultLang,
          helpText: 'The language of labels and scope notes (a tag such as en or fr).',
        },
      ],
    },
  };
}

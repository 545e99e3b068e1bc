import type { Config } from '../Config.js';
import { SKOS } from '../domain/namespaces.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { declare, type Route } from '../http/Route.js';
import { DRAFT_PATH } from './draftRoutes.js';
import { extend, extendText } from './extend.js';
import { MATCH_FEATURES, featuresOf } from './matchFeatures.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview.js';
import { MAX_BATCH } from './ReconcileBatch.js';
import { readQueryBatch } from './readQueryBatch.js';
import type { ReconcileResult, ReconcileType } from './Reconciler.js';
import type { ReconcileRequest } from './ReconcileBatch.js';
import { SUGGEST_COUNT, type ReconcileServices } from './ReconcileServices.js';
import { CURSOR, ENTITY_PREFIX, EXTEND, FEATURE_ID, PREFIX, PROPOSAL_LIMIT, PROPOSAL_TYPE, QUERIES } from './reconcileParameters.js';
import { previewRoute } from './previewRoute.js';
import { RECONCILE_LIMITS, RECONCILIATION, reconcileAnswers } from './reconcileTags.js';

/**
 * The W3C reconciliation API, version 0.2 (docs/openrefine.md, "Reconciliation"), under `/reconcile`:
 * the manifest and query batches (GET and form POST), data extension with its property
 * proposals, the preview card, and suggest services for entities, types and properties.
 * Every answer is JSON (the preview HTML) with CORS, as the rest of the service.
 */
export function reconcileRoutes(services: ReconcileServices): Route[] {
  const { config, reconciler, concepts } = services;
  const suggest = (path: string, what: string, prefix: typeof PREFIX, find: (prefix: string, cursor: number) => unknown): Route =>
    declare({
      path: `/reconcile/suggest/${path}`,
      tag: RECONCILIATION,
      summary: `Reconciliation: suggest ${what}`,
      parameters: { prefix, cursor: CURSOR },
      answers: reconcileAnswers(`A suggest response for ${what} (reconciliation API 0.2).`),
      cache: 'by-address',
      answer: async ({ prefix: typed, cursor }) => ({ result: await find(typed, cursor) }),
    });
  return [
    declare({
      method: 'GET, POST',
      path: '/reconcile',
      tag: RECONCILIATION,
      summary: 'Reconciliation (W3C reconciliation API 0.2, for OpenRefine)',
      description: `Without parameters: the service manifest. With \`queries\`: a reconciliation query batch, answered by a result batch. With \`extend\`: a data extension query, answered by a data extension response. ${RECONCILE_LIMITS}`,
      parameters: { queries: QUERIES, extension: EXTEND },
      body: { as: 'form' },
      answers: reconcileAnswers('The manifest, a result batch or a data extension response.'),
      cache: 'by-address',
      answer: async ({ queries, extension }, request) => {
        // a POST holds a batch or an extension as a form; one whose body is something else (a JSON
        // body, as the 1.0 draft's endpoints take) is refused, not answered with the manifest (the
        // manifest answers GET, and a form POST without fields, as it always has)
        if (request.method === 'POST' && request.hasBody && !request.is('application/x-www-form-urlencoded'))
          throw new BadRequestError(
            `'queries' parameter is mandatory in a POST: a form field (application/x-www-form-urlencoded) holding the batch as JSON${
              request.is('application/json') ? `, not a JSON body (the 1.0 draft takes that, at ${config.basePath}${DRAFT_PATH}/match)` : ''
            }`,
          );
        if (queries !== undefined) {
          const batch = readQueryBatch(queries);
          request.ignored([...batch.values()].flatMap((one) => one.ignored));
          const answers = await reconciler.answer(batch);
          return resultBatch(answers, batch, config.defaultLang);
        }
        if (extension !== undefined) {
          const { meta, rows, ignored } = await extend(extendText(extension), concepts, config.defaultLang, services.conceptType);
          request.ignored(ignored);
          return { meta, rows: Object.fromEntries(rows.map(({ id, values }) => [id, values])) };
        }
        return manifest(config, request.publicUrl(), await services.manifestTypes());
      },
    }),
    previewRoute('/reconcile/preview', RECONCILIATION, 'Reconciliation: the preview card of a concept', services),
    suggest('entity', 'concepts', ENTITY_PREFIX, (prefix, cursor) => services.suggestEntities(prefix, cursor, SUGGEST_COUNT)),
    suggest('type', 'types (the concept types and schemes)', PREFIX, (prefix, cursor) =>
      services.suggestTypes(prefix, cursor, SUGGEST_COUNT),
    ),
    suggest('property', 'properties', PREFIX, (prefix, cursor) => services.suggestProperties(prefix, cursor, SUGGEST_COUNT)),
    featuresRoute(),
    declare({
      path: '/reconcile/properties',
      tag: RECONCILIATION,
      summary: 'Reconciliation: the properties data extension offers',
      parameters: { type: PROPOSAL_TYPE, limit: PROPOSAL_LIMIT },
      answers: reconcileAnswers('A property proposal response.'),
      cache: 'by-address',
      answer: ({ type, limit }) => ({ type, ...(limit === undefined ? {} : { limit }), properties: services.proposals(limit) }),
    }),
  ];
}

/** 0.2's result batch: per query, its candidates with their features as ids and values (1.0 names them too). */
function resultBatch(
  answers: Record<string, ReconcileResult[]>,
  batch: ReadonlyMap<string, ReconcileRequest>,
  defaultLang: string,
): object {
  return Object.fromEntries(
    Object.entries(answers).map(([key, candidates]) => {
      const one = batch.get(key);
      const pids = (one?.evidence ?? []).map(({ pid }) => pid);
      const lang = one?.lang ?? defaultLang;
      return [
        key,
        {
          result: candidates.map((candidate) => ({
            id: candidate.id,
            name: candidate.name,
            score: candidate.score,
            match: candidate.match,
            type: candidate.type,
            features: featuresOf(candidate, pids, lang),
          })),
        },
      ];
    }),
  );
}

/** `/reconcile/features`: what each matching feature means, the manifests' feature view (matchFeatures.ts declares them). */
function featuresRoute(): Route {
  return declare({
    path: '/reconcile/features',
    tag: RECONCILIATION,
    summary: "Reconciliation: what each of a candidate's matching features means (the manifests' feature view)",
    parameters: { id: FEATURE_ID },
    answers: reconcileAnswers('The features, or the one named by `id`: {id, name, about}.', {
      '404': { $ref: '#/components/responses/NotFound' },
    }),
    cache: 'by-address',
    answer: ({ id }) => {
      if (id === undefined) return { features: MATCH_FEATURES };
      // a property's feature is named with its property: `property:broader`
      const feature = MATCH_FEATURES.find((each) => each.id === id || (each.id === 'property:{pid}' && id.startsWith('property:')));
      if (feature === undefined) throw new NotFoundError(`no feature ${JSON.stringify(id)}: ${MATCH_FEATURES.map((f) => f.id).join(', ')}`);
      return feature;
    },
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
    feature_view: { url: `${service}/features?id={{id}}` },
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

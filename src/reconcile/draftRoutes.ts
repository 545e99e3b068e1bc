import { declare, type Route } from '../http/Route.js';
import { MATCH_BATCH_SCHEMA } from './matchBatchSchema.js';
import { extend } from './extend.js';
import { featuresOf, namedFeature } from './matchFeatures.js';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './preview.js';
import { MAX_BATCH } from './ReconcileBatch.js';
import type { ReconcileResult, ReconcileType } from './Reconciler.js';
import type { ReconcileServices } from './ReconcileServices.js';
import { DRAFT_LIMIT, DRAFT_OFFSET, ENTITY_PREFIX, PREFIX, PROPOSAL_LIMIT, PROPOSAL_TYPE } from './reconcileParameters.js';
import { readMatchBatch } from './readMatchBatch.js';
import { previewRoute } from './previewRoute.js';
import { RECONCILE_LIMITS, RECONCILIATION_DRAFT, reconcileAnswers } from './reconcileTags.js';

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
export function draftRoutes(services: ReconcileServices, version: string): Route[] {
  const { config, reconciler, concepts } = services;
  const suggest = (
    path: string,
    what: string,
    prefix: typeof PREFIX,
    find: (prefix: string, offset: number, limit: number) => unknown,
  ): Route =>
    declare({
      path: `${DRAFT_PATH}/suggest/${path}`,
      tag: RECONCILIATION_DRAFT,
      summary: `Reconciliation 1.0 draft: suggest ${what}`,
      parameters: { prefix, offset: DRAFT_OFFSET, limit: DRAFT_LIMIT },
      answers: reconcileAnswers(`A suggest response for ${what} (1.0 draft).`),
      cache: 'by-address',
      answer: async ({ prefix: typed, offset, limit }) => ({ result: await find(typed, offset, limit) }),
    });
  const described = ({ id, name, description }: { id: string; name: string; description?: string }): object => ({ id, name, description });
  return [
    declare({
      path: DRAFT_PATH,
      tag: RECONCILIATION_DRAFT,
      summary: 'Reconciliation 1.0 draft: the service manifest',
      answers: reconcileAnswers('The manifest (1.0 draft).'),
      cache: 'by-address',
      answer: async (_input, request) => manifest(services, request.publicUrl(), version, await services.manifestTypes()),
    }),
    ...batchRoutes(services),
    declare({
      path: `${DRAFT_PATH}/extend/propose`,
      tag: RECONCILIATION_DRAFT,
      summary: 'Reconciliation 1.0 draft: the properties data extension offers',
      parameters: { type: PROPOSAL_TYPE, limit: PROPOSAL_LIMIT },
      answers: reconcileAnswers('A property proposal response.'),
      cache: 'by-address',
      answer: ({ type, limit }) => ({
        type,
        ...(limit === undefined ? {} : { limit }),
        properties: services.proposals(limit).map(described),
      }),
    }),
    previewRoute(`${DRAFT_PATH}/preview`, RECONCILIATION_DRAFT, 'Reconciliation 1.0 draft: the preview card of a concept', services),
    suggest('entity', 'concepts', ENTITY_PREFIX, (prefix, offset, limit) => services.suggestEntities(prefix, offset, limit)),
    suggest('type', 'types (the concept types and schemes)', PREFIX, (prefix, offset, limit) =>
      services.suggestTypes(prefix, offset, limit),
    ),
    suggest('property', 'properties', PREFIX, (prefix, offset, limit) => services.suggestProperties(prefix, offset, limit).map(described)),
  ];
}

/** `POST /match` and `POST /extend`: a query batch and a data extension query, as JSON bodies. */
function batchRoutes(services: ReconcileServices): Route[] {
  const { config, reconciler, concepts } = services;
  return [
    declare({
      method: 'POST',
      path: `${DRAFT_PATH}/match`,
      tag: RECONCILIATION_DRAFT,
      summary: `Reconciliation 1.0 draft: a query batch {"queries": [...]}. ${RECONCILE_LIMITS}`,
      body: { as: 'json', schema: MATCH_BATCH_SCHEMA },
      answers: reconcileAnswers('A result batch {"results": [...]}, candidates with features and match.', {
        '413': { description: "More queries than the manifest's batchSize." },
      }),
      cache: 'by-address',
      answer: async (_input, request) => {
        const requests = readMatchBatch(request.body);
        request.ignored(requests.flatMap((one) => one.ignored));
        const answers = await reconciler.answer(new Map(requests.map((one, i) => [String(i), one])));
        return {
          results: requests.map((one, i) => ({
            candidates: (answers[String(i)] ?? []).map((candidate) =>
              draftCandidate(
                candidate,
                one.evidence.map(({ pid }) => pid),
                one.lang ?? services.config.defaultLang,
              ),
            ),
          })),
        };
      },
    }),
    declare({
      method: 'POST',
      path: `${DRAFT_PATH}/extend`,
      tag: RECONCILIATION_DRAFT,
      summary: `Reconciliation 1.0 draft: a data extension query {"ids", "properties"}. ${RECONCILE_LIMITS}`,
      body: { as: 'json', schema: { type: 'object' } },
      answers: reconcileAnswers('A data extension response {"meta", "rows"}.'),
      cache: 'by-address',
      answer: async (_input, request) => {
        const { meta, rows, ignored } = await extend(request.body, concepts, config.defaultLang, services.conceptType, 'request body');
        request.ignored(ignored);
        return {
          meta,
          rows: rows.map(({ id, values }) => ({
            id,
            properties: Object.entries(values).map(([property, list]) => ({ id: property, values: list })),
          })),
        };
      },
    }),
  ];
}

/** A candidate in the draft's form, with its matching features (matchFeatures.ts). */
function draftCandidate(candidate: ReconcileResult, properties: readonly string[], lang: string): object {
  const { id, name, score, match, type } = candidate;
  return { id, name, score, match, type, features: featuresOf(candidate, properties, lang).map(namedFeature) };
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
    featureView: { url: `${base}/reconcile/features?id={id}` },
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

import type { Config } from '../Config.js';
import { FIELDS_PARAMETER, LANG, MAX_COUNT, MAX_NAME_LENGTH, PAGE, Q, SCHEME, URIS, countDeclaration } from '../endpoints/parameters.js';
import { openApiParameter, type QueryParameter } from '../endpoints/QueryParameter.js';
import {
  CURSOR,
  DRAFT_LIMIT,
  DRAFT_OFFSET,
  ENTITY_PREFIX,
  EXTEND,
  PREFIX,
  PREVIEW_ID,
  PROPOSAL_LIMIT,
  PROPOSAL_TYPE,
  QUERIES,
} from '../reconcile/reconcileParameters.js';
import { MATCH_BATCH_SCHEMA } from '../reconcile/matchBatchSchema.js';
import { MAX_EXTEND_IDS, MAX_EXTEND_PROPERTIES, MAX_EXTEND_READS } from '../reconcile/extend.js';
import { MAX_BATCH, MAX_NOTATIONS, MAX_PROPERTIES, MAX_TEXT, MAX_VALUES } from '../reconcile/ReconcileBatch.js';
import { SKOS_SUGGESTER_DEFAULT_COUNT } from '../endpoints/find.js';
import { SEARCH_DEFAULT_COUNT } from '../endpoints/search.js';
import { SUGGEST_DEFAULT_COUNT } from '../endpoints/suggest.js';
import { browsePaths, browseSchemas } from './browseDescription.js';
import { jskosPaths, skosmosPaths } from './protocolPaths.js';

/**
 * The reconciliation API's paths (docs/openrefine.md, "Reconciliation: OpenRefine" and "Reconciliation,
 * 1.0 draft"): their bodies are the W3C reconciliation API's documents (0.2, and the 1.0
 * draft under /reconcile/1.0-draft), whose JSON Schemas are those specifications' (test:reconcile
 * checks the answers against them), so they are only named here.
 */
function reconcilePaths(): object {
  const body = (what: string): object => ({
    '200': { description: what, content: { 'application/json': { schema: { type: 'object' } } } },
    '400': { $ref: '#/components/responses/BadRequest' },
    '413': { $ref: '#/components/responses/PayloadTooLarge' },
    '415': { $ref: '#/components/responses/UnsupportedMediaType' },
  });
  const preflight = { summary: 'CORS preflight', responses: { '204': { description: 'Allowed from any origin.' } } };
  const previewResponses = {
    '200': {
      description:
        "A small HTML card, every text escaped, whose one script asks again where an id's fragment was cut off; any page may frame it.",
      content: { 'text/html': { schema: { type: 'string' } } },
    },
    '400': { $ref: '#/components/responses/BadRequest' },
    '404': { description: 'No such concept: a page that says so.', content: { 'text/html': { schema: { type: 'string' } } } },
  };
  const draft = '/reconcile/1.0-draft';
  const jsonPost = (summary: string, what: string, extra: object = {}, schema: object = { type: 'object' }): object => ({
    post: {
      summary,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: { ...body(what), ...extra },
    },
    options: preflight,
  });
  const described = (...declared: QueryParameter[]): object[] => declared.map(openApiParameter);
  const draftSuggest = (what: string, prefix: QueryParameter): object => ({
    get: {
      summary: `Reconciliation 1.0 draft: suggest ${what}`,
      parameters: described(prefix, DRAFT_OFFSET, DRAFT_LIMIT),
      responses: body(`A suggest response for ${what} (1.0 draft).`),
    },
    options: preflight,
  });
  const suggest = (what: string, prefix: QueryParameter): object => ({
    get: {
      summary: `Reconciliation: suggest ${what}`,
      parameters: described(prefix, CURSOR),
      responses: body(`A suggest response for ${what} (reconciliation API 0.2).`),
    },
    options: preflight,
  });
  const proposals = {
    get: {
      summary: 'Reconciliation: the properties data extension offers',
      parameters: described(PROPOSAL_TYPE, PROPOSAL_LIMIT),
      responses: body('A property proposal response.'),
    },
    options: preflight,
  };
  return {
    '/reconcile': {
      get: {
        summary: 'Reconciliation (W3C reconciliation API 0.2, for OpenRefine)',
        description:
          'Without parameters: the service manifest. With `queries`: a reconciliation query batch, answered by a result batch. With `extend`: a data extension query, answered by a data extension response. ' +
          RECONCILE_LIMITS,
        parameters: described(QUERIES, EXTEND),
        responses: body('The manifest, a result batch or a data extension response.'),
      },
      post: {
        summary: 'Reconciliation, by a form POST (as OpenRefine sends)',
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { queries: QUERIES.schema, extend: EXTEND.schema } },
            },
          },
        },
        responses: body('As for GET.'),
      },
      options: preflight,
    },
    '/reconcile/preview': {
      get: {
        summary: 'Reconciliation: the preview card of a concept',
        parameters: described(PREVIEW_ID),
        responses: previewResponses,
      },
      options: preflight,
    },
    '/reconcile/suggest/entity': suggest('concepts', ENTITY_PREFIX),
    '/reconcile/suggest/type': suggest('types (the concept types and schemes)', PREFIX),
    '/reconcile/suggest/property': suggest('properties', PREFIX),
    '/reconcile/properties': proposals,
    // the 1.0 draft (docs/openrefine.md, "Reconciliation, 1.0 draft"): its documents are the draft's, checked by test:reconcile
    [draft]: {
      get: { summary: 'Reconciliation 1.0 draft: the service manifest', responses: body('The manifest (1.0 draft).') },
      options: preflight,
    },
    [`${draft}/match`]: jsonPost(
      `Reconciliation 1.0 draft: a query batch {"queries": [...]}. ${RECONCILE_LIMITS}`,
      'A result batch {"results": [...]}, candidates with features and match.',
      { '413': { description: "More queries than the manifest's batchSize." } },
      MATCH_BATCH_SCHEMA,
    ),
    [`${draft}/extend`]: jsonPost(
      `Reconciliation 1.0 draft: a data extension query {"ids", "properties"}. ${RECONCILE_LIMITS}`,
      'A data extension response {"meta", "rows"}.',
    ),
    [`${draft}/extend/propose`]: proposals,
    [`${draft}/preview`]: {
      get: {
        summary: 'Reconciliation 1.0 draft: the preview card of a concept',
        parameters: described(PREVIEW_ID),
        responses: previewResponses,
      },
      options: preflight,
    },
    [`${draft}/suggest/entity`]: draftSuggest('concepts', ENTITY_PREFIX),
    [`${draft}/suggest/type`]: draftSuggest('types (the concept types and schemes)', PREFIX),
    [`${draft}/suggest/property`]: draftSuggest('properties', PREFIX),
  };
}

/** What one reconciliation request may ask (reconcile/ReconcileBatch.ts, extend.ts): past a limit, a 400 or 413 naming it. */
const RECONCILE_LIMITS =
  `Limits: at most ${MAX_BATCH} queries a batch (413 above), ${MAX_PROPERTIES} properties or conditions a query, ${MAX_VALUES} values a property, ` +
  `${MAX_NOTATIONS} notations a query (400 above); a value longer than ${MAX_TEXT} characters is left out, and a name longer than ${MAX_NAME_LENGTH} (${MAX_TEXT} without the label index) gets no candidates. ` +
  `Data extension: at most ${MAX_EXTEND_IDS} ids and ${MAX_EXTEND_PROPERTIES} properties, and ids times the properties' distinct lang settings at most ${MAX_EXTEND_READS} (400 above).`;

/**
 * The OpenAPI 3.1 description of the HTTP contract, served at GET /openapi.json and rendered
 * at GET /docs. Its limits come from the code that enforces them (endpoints/parameters.ts),
 * and test/http/openApi.test.ts checks real answers of every endpoint against it.
 */
/** /ready's account of the label index (IndexReport). */
const LABEL_INDEX_REPORT = {
  type: 'object',
  description: 'What the label index holds, and what its build cost.',
  required: [
    'concepts',
    'labels',
    'labelsByLanguage',
    'schemes',
    'deprecated',
    'refused',
    'entailed',
    'wouldEntail',
    'labelled',
    'buildSeconds',
    'peakRssMb',
    'built',
  ],
  properties: {
    concepts: { type: 'integer', minimum: 0 },
    labels: { type: 'integer', minimum: 0, description: 'Matchable labels (prefLabel, altLabel, hiddenLabel) of the concepts.' },
    labelsByLanguage: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'The ten largest languages ("" for untagged) and their labels.',
    },
    schemes: { type: 'integer', minimum: 0 },
    deprecated: { type: 'integer', minimum: 0 },
    refused: {
      type: 'object',
      required: ['count', 'first'],
      properties: { count: { type: 'integer' }, first: { type: 'array', items: { type: 'string' } } },
      description: 'Concepts no query can name (blank nodes, IRIs that IRI validation refuses): left out.',
    },
    unreadLines: {
      type: 'object',
      required: ['count', 'first'],
      properties: { count: { type: 'integer' }, first: { type: 'array', items: { type: 'string' } } },
      description:
        "Lines of the store's answers that are no triple, skipped: an IRI with a `>`, space, quote or line break that a lenient parser kept and the store writes as it is. The resources they name are left out, as refused IRIs are.",
    },
    entailed: { type: 'integer', minimum: 0, description: 'Concepts only by SKOS_ENTAILMENT.' },
    wouldEntail: {
      type: 'integer',
      minimum: 0,
      description: 'Without SKOS_ENTAILMENT: labelled resources linked by SKOS relations but typed no concept.',
    },
    labelled: { type: 'integer', minimum: 0, description: 'Resources with a label, concepts or not.' },
    buildSeconds: { type: 'number' },
    peakRssMb: { type: 'integer', description: 'The most resident memory the process held during the build.' },
    built: { type: 'string', description: 'When, as an ISO 8601 date and time.' },
  },
  additionalProperties: false,
};

export function openApiDocument(config: Config, version: string): object {
  return grouped(describedPaths(config, version) as { paths: Record<string, Record<string, unknown>> });
}

/** The groups /docs lists the paths in, by the start of their path, in this order. */
const TAGS: readonly { name: string; description: string; holds: (path: string) => boolean }[] = [
  {
    name: 'Lookup',
    description: 'Concepts by URI, by their labels, and as type-ahead suggestions.',
    holds: (path) => /^\/(get|search|suggest|languages)$/.test(path),
  },
  {
    name: 'Browsing',
    description: 'The concept schemes, their top concepts, and the concepts one level down.',
    holds: (path) => /^\/(schemes|top|narrower)$/.test(path),
  },
  {
    name: 'Reconciliation 0.2',
    description: "The W3C reconciliation API 0.2, as OpenRefine's client speaks it.",
    holds: (path) => path.startsWith('/reconcile') && !path.startsWith('/reconcile/1.0-draft'),
  },
  {
    name: 'Reconciliation 1.0 draft',
    description: 'The W3C reconciliation API, the 1.0 draft.',
    holds: (path) => path.startsWith('/reconcile/1.0-draft'),
  },
  {
    name: 'Skosmos REST API',
    description: "The read part of Skosmos' REST API, for Skosmos' clients (docs/skosmos.md).",
    holds: (path) => path.startsWith('/rest/v1/'),
  },
  {
    name: 'JSKOS API',
    description: "The read part of jskos-server's API, for cocoda-sdk (docs/jskos.md).",
    holds: (path) => path.startsWith('/jskos/'),
  },
  { name: 'Operations', description: 'Liveness, readiness, metrics and this description.', holds: () => true },
];

/**
 * The description as /docs shows it: each operation in one of TAGS, and no CORS preflight
 * operations (every path answers OPTIONS alike: the description's text says so once), which
 * listed a row for every path.
 */
function grouped(document: { paths: Record<string, Record<string, unknown>> }): object {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => {
      const tag = (TAGS.find((candidate) => candidate.holds(path)) as (typeof TAGS)[number]).name;
      return [
        path,
        Object.fromEntries(
          Object.entries(operations)
            .filter(([method]) => method !== 'options')
            .map(([method, operation]) => [method, { tags: [tag], ...(operation as object) }]),
        ),
      ];
    }),
  );
  return { ...document, tags: TAGS.map(({ name, description }) => ({ name, description })), paths };
}

function describedPaths(config: Config, version: string): object {
  const hal = config.apiCompat === 'skos-suggester';
  const ref = (kind: string, name: string): { $ref: string } => ({ $ref: `#/components/${kind}/${name}` });
  const json = (schema: object): object => ({ 'application/json': { schema } });
  const errors = [
    'BadRequest',
    'RequestTimeout',
    'UriTooLong',
    'HeadersTooLarge',
    'BadGateway',
    'ServiceUnavailable',
    'GatewayTimeout',
    'InternalServerError',
  ];
  const errorStatus: Record<string, string> = {
    BadRequest: '400',
    RequestTimeout: '408',
    UriTooLong: '414',
    HeadersTooLarge: '431',
    BadGateway: '502',
    ServiceUnavailable: '503',
    GatewayTimeout: '504',
    InternalServerError: '500',
  };
  const preflight = {
    summary: 'CORS preflight',
    responses: { '204': { description: 'Allowed: GET, HEAD, OPTIONS, from any origin.' } },
  };
  const lookup = (summary: string, description: string, parameters: object[], body: string, withErrors = errors): object => ({
    get: {
      summary,
      description,
      parameters,
      responses: {
        '200': {
          description: 'Done, also when nothing matched.',
          headers: { 'Cache-Control': ref('headers', 'CacheControl'), ETag: ref('headers', 'ETag') },
          content: json(ref('schemas', body)),
        },
        '304': ref('responses', 'NotModified'),
        ...Object.fromEntries(withErrors.map((name) => [errorStatus[name], ref('responses', name)])),
      },
    },
    options: preflight,
  });
  const status = (
    summary: string,
    description: string,
    value: string,
    withErrors: string[],
    more: Record<string, object> = {},
  ): object => ({
    get: {
      summary,
      description,
      responses: {
        '200': {
          description: 'Yes.',
          content: json({
            type: 'object',
            required: ['status'],
            properties: { status: { const: value }, ...more },
            additionalProperties: false,
          }),
        },
        ...Object.fromEntries(withErrors.map((name) => [errorStatus[name], ref('responses', name)])),
      },
    },
    options: preflight,
  });
  const findParameters = (defaultCount: number): object[] => [
    ref('parameters', 'q'),
    openApiParameter(countDeclaration(defaultCount)),
    ref('parameters', 'page'),
    ref('parameters', 'lang'),
    ref('parameters', 'scheme'),
    ref('parameters', 'fields'),
  ];
  /** The HAL envelope of /get (and of /search and /suggest for skos-suggester's clients). */
  const halConcepts = (description: string, href: string, maxItems?: number): object => ({
    type: 'object',
    description,
    required: ['_links', '_embedded'],
    additionalProperties: false,
    properties: {
      _links: {
        type: 'object',
        required: ['self'],
        additionalProperties: false,
        properties: {
          self: {
            type: 'object',
            required: ['href'],
            additionalProperties: false,
            properties: { href: { type: 'string', description: href } },
          },
        },
      },
      _embedded: {
        type: 'object',
        required: ['concepts'],
        additionalProperties: false,
        properties: { concepts: { type: 'array', ...(maxItems === undefined ? {} : { maxItems }), items: ref('schemas', 'Concept') } },
      },
    },
  });
  const browse = browseSchemas(ref);
  const errorResponse = (description: string, example: string, retryAfter = false): object => ({
    description,
    headers: { 'Cache-Control': { schema: { const: 'no-store' } }, ...(retryAfter ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}) },
    content: { 'application/json': { schema: ref('schemas', 'Error'), example: JSON.parse(example) } },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'SKOS concept lookup',
      version,
      description: [
        'Look up the concepts of a SKOS vocabulary kept in a SPARQL store: by URI (`/get`), by their labels (`/search`), and as type-ahead suggestions from the first keystroke (`/suggest`); browse it by scheme (`/schemes`, `/top`, `/narrower`).',
        '',
        'Every path answers `GET` and `HEAD`; `OPTIONS` answers a CORS preflight with 204; any other method gets a 405 with `Allow: GET, HEAD, OPTIONS` and the error body. An unknown path is a 404 with the error body. Bodies are JSON (`application/json; charset=utf-8`) whatever the `Accept` header, with `Access-Control-Allow-Origin: *`. Unknown query parameters are ignored; a parameter that must be single but is given twice is a 400.',
        '',
        `Labels are in the request's \`lang\`, else in the service's default language (here \`${config.defaultLang}\`).`,
      ].join('\n'),
      license: { name: 'This description: CC0-1.0', identifier: 'CC0-1.0' },
    },
    servers: [{ url: config.basePath === '' ? '/' : config.basePath }],
    paths: {
      '/get': lookup(
        'Concepts by URI',
        `The concepts among the given URIs, in the order given, each once. A URI that is not a concept in the store is left out. Deprecated concepts are returned.`,
        [openApiParameter(URIS), { ...ref('parameters', 'lang') }, ref('parameters', 'fields')],
        'GetResponse',
      ),
      '/search': lookup(
        'Concepts found by their labels, best first',
        "Every query word must equal a word of a label (prefLabel, altLabel or hiddenLabel), or share its Snowball stem in the label's language (`exoplanet` finds \"Exoplanets\"); a word ending in `*` matches as a prefix; case- and diacritics-insensitive, and `oe`, `ue`, `ae`, `aa` also find `ö`, `ü`, `ä`, `å`. A notation equal to `q` also matches. Rank tiers: a notation equals `q`, or a label equals the query word by word; a label starts with the query's words; every query word equals a word of the label; the rest (`*` prefixes). A label's filing form, without one leading article of its language (`The Sun` files as `sun`), counts as the label. Within a tier: labels that speak the display language (`lang`, else the default language) first; whole words before stems; prefLabel before alt and hidden labels; the concept's standing (concepts linked to it as narrower or related, README); the shorter label; the prefLabel; the URI. Deprecated concepts (owl:deprecated, dcterms:isReplacedBy) are never found.",
        findParameters(SEARCH_DEFAULT_COUNT),
        'FindResponse',
      ),
      '/suggest': lookup(
        'Type-ahead suggestions, from the first keystroke',
        'Every query word must be the start of a word of a label (`comp sec` finds "Computer security"), case- and diacritics-insensitive, `oe`, `ue`, `ae`, `aa` also finding `ö`, `ü`, `ä`, `å`. Rank tiers: a label equals the query; a label starts with the query (`sun` finds "Sunspots" here; "The Sun", filed as `sun`, is in the first tier); the rest. Within a tier, as for /search (without stems). Suggested concepts carry `uri` and `prefLabel`; their `altLabels` and `related` are empty.',
        findParameters(hal ? SKOS_SUGGESTER_DEFAULT_COUNT : SUGGEST_DEFAULT_COUNT),
        'FindResponse',
      ),
      ...browsePaths(lookup, ref),
      ...reconcilePaths(),
      ...skosmosPaths(),
      ...jskosPaths(),
      '/languages': lookup(
        'The languages of the labels',
        "The languages the concepts' preferred labels are in (lower case, sorted), and the default language: for a language selector.",
        [],
        'LanguagesResponse',
        ['BadGateway', 'ServiceUnavailable', 'GatewayTimeout', 'InternalServerError'],
      ),
      '/health': status('Liveness', 'The process is up and answering. Never asks the store.', 'ok', []),
      '/ready': status(
        'Readiness',
        'The store answered a cheap query within the last 5 s, and the label index is in (with what it holds, when it was built from the store). 503 while not, saying what is loading and how far it got, or what to change when the store holds labelled resources but no concept.',
        'ready',
        ['ServiceUnavailable'],
        {
          labelIndex: LABEL_INDEX_REPORT,
          degraded: {
            type: 'string',
            description:
              "Present when the service answers, but not at full speed: the label index could not be built (why, and what to do); /search and /suggest answer from the store's queries until a build succeeds.",
          },
        },
      ),
      ...(config.metrics
        ? {
            '/metrics': {
              get: {
                summary: 'Prometheus metrics',
                description:
                  "Requests by endpoint and status, cache hits and misses, store query durations by query name, store errors by kind, the store query queue, the event loop's delay, the worker pool's load, and the process.",
                responses: {
                  '200': {
                    description: 'The Prometheus text exposition format.',
                    content: { 'text/plain': { schema: { type: 'string' } } },
                  },
                },
              },
              options: preflight,
            },
          }
        : {}),
      '/openapi.json': {
        get: { summary: 'This description', responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } } },
        options: preflight,
      },
    },
    components: {
      schemas: {
        Concept: {
          type: 'object',
          description:
            'All four fields are always present; arrays are empty where there is nothing. The opt-in fields follow when `fields` names them (and only then).',
          required: ['uri', 'prefLabel', 'altLabels', 'related'],
          additionalProperties: false,
          properties: {
            uri: { type: 'string' },
            prefLabel: {
              type: 'string',
              description:
                'In the chosen language; else untagged; else the smallest language tag; else rdfs:label by the same rule; else "".',
            },
            altLabels: {
              type: 'array',
              items: { type: 'string' },
              description: 'In the chosen language and untagged, distinct, sorted. Empty in /suggest answers.',
            },
            related: {
              type: 'array',
              items: ref('schemas', 'Related'),
              description: 'skos:related in either direction, distinct by URI, sorted by label then URI. Empty in /suggest answers.',
            },
            ancestors: browse.conceptProperties.ancestors,
            broader: {
              type: 'array',
              items: ref('schemas', 'Related'),
              description: 'Opt-in: skos:broader, or skos:narrower pointing at the concept; sorted as related.',
            },
            narrower: browse.conceptProperties.narrower,
            narrowerCount: browse.conceptProperties.narrowerCount,
            notation: { type: 'array', items: { type: 'string' }, description: 'Opt-in: skos:notation values, sorted.' },
            scheme: {
              type: 'array',
              items: ref('schemas', 'Related'),
              description: 'Opt-in: the skos:inScheme and skos:topConceptOf schemes; sorted as related.',
            },
            scopeNote: { type: 'string', description: 'Opt-in: skos:scopeNote chosen like prefLabel; "" when none.' },
          },
        },
        Related: {
          type: 'object',
          required: ['label', 'uri'],
          additionalProperties: false,
          properties: { label: { type: 'string', description: '"" when the store has no label for it.' }, uri: { type: 'string' } },
        },
        GetResponse: halConcepts(
          'The body of /get.',
          'This request: the base path, /get?uri=A&uri=B for the URIs as given, then &lang=X and &fields=F when given.',
        ),
        FindResponse: hal ? ref('schemas', 'SkosSuggesterFindResponse') : ref('schemas', 'ConceptList'),
        ConceptList: {
          type: 'object',
          description: 'The body of /search and /suggest, unless the service runs with API_COMPAT=skos-suggester.',
          required: ['concepts'],
          additionalProperties: false,
          properties: { concepts: { type: 'array', maxItems: MAX_COUNT, items: ref('schemas', 'Concept') } },
        },
        SkosSuggesterFindResponse: halConcepts(
          "The body of /search and /suggest when the service runs with API_COMPAT=skos-suggester: the old skos-suggester service's HAL envelope, for clients that read `_embedded.concepts`.",
          'This request: the base path, then /search?q=Q&page=P&count=C or /suggest?q=Q, then &lang=X, &scheme=S and &fields=F when given.',
          MAX_COUNT,
        ),
        ...browse.schemas,
        LanguagesResponse: {
          type: 'object',
          required: ['default', 'languages'],
          additionalProperties: false,
          properties: { default: { type: 'string' }, languages: { type: 'array', items: { type: 'string' } } },
        },
        Error: {
          type: 'object',
          required: ['status', 'error', 'message'],
          additionalProperties: false,
          properties: {
            status: { type: 'integer', minimum: 400, maximum: 599 },
            error: { type: 'string', description: 'The reason phrase of the status.' },
            message: {
              type: 'string',
              description: 'Which parameter or value is wrong and why. Never a stack trace, SPARQL text or the store address.',
            },
          },
        },
      },
      parameters: Object.fromEntries(
        [Q, PAGE, LANG, SCHEME, FIELDS_PARAMETER].map((declared) => [declared.name, openApiParameter(declared)]),
      ),
      headers: {
        CacheControl: { description: `\`public, max-age=${config.httpMaxAge}\` (HTTP_MAX_AGE).`, schema: { type: 'string' } },
        ETag: { description: 'Send it back as If-None-Match to get a 304 while the answer is the same.', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before asking again.', schema: { type: 'string', pattern: '^[0-9]+$' } },
      },
      responses: {
        NotModified: { description: 'If-None-Match matched the ETag of the answer; no body.' },
        BadRequest: errorResponse(
          'A parameter is missing, empty, malformed or out of range; the message names it.',
          `{"status":400,"error":"Bad Request","message":"'q' parameter is mandatory"}`,
        ),
        NotFound: errorResponse('No such path.', '{"status":404,"error":"Not Found","message":"no such path"}'),
        MethodNotAllowed: errorResponse(
          'A method other than GET, HEAD and OPTIONS; with an Allow header.',
          '{"status":405,"error":"Method Not Allowed","message":"method POST is not allowed; use GET, HEAD or OPTIONS"}',
        ),
        RequestTimeout: errorResponse(
          "The request's headers did not come within 10 s, or the whole request within 60 s; the connection is closed.",
          '{"status":408,"error":"Request Timeout","message":"the request did not come whole within 10 s (its headers) or 60 s (all of it)"}',
        ),
        PayloadTooLarge: errorResponse(
          'A request body over 2 MB (or, on the 1.0 draft, more queries than batchSize).',
          '{"status":413,"error":"Payload Too Large","message":"payload too large: request entity too large"}',
        ),
        UriTooLong: errorResponse(
          'A request line over 16 kB.',
          '{"status":414,"error":"URI Too Long","message":"malformed HTTP request: ..."}',
        ),
        UnsupportedMediaType: errorResponse(
          'A request body in a Content-Encoding the service cannot decode (it takes gzip, deflate and br).',
          '{"status":415,"error":"Unsupported Media Type","message":"unsupported media type: unsupported content encoding \\"zzz\\""}',
        ),
        HeadersTooLarge: errorResponse(
          'Request headers over 16 kB in all.',
          '{"status":431,"error":"Request Header Fields Too Large","message":"malformed HTTP request: ..."}',
        ),
        InternalServerError: errorResponse(
          'A bug in this service.',
          '{"status":500,"error":"Internal Server Error","message":"internal error"}',
        ),
        BadGateway: errorResponse(
          'The SPARQL store answered with an error or with something that is not SPARQL results.',
          '{"status":502,"error":"Bad Gateway","message":"the SPARQL store answered with HTTP 500"}',
        ),
        ServiceUnavailable: errorResponse(
          'The SPARQL store cannot be reached, or the service is shedding load.',
          '{"status":503,"error":"Service Unavailable","message":"the SPARQL store cannot be reached"}',
          true,
        ),
        GatewayTimeout: errorResponse(
          'The SPARQL store did not answer within SPARQL_TIMEOUT_MS.',
          '{"status":504,"error":"Gateway Timeout","message":"the SPARQL store did not answer within 10000 ms"}',
        ),
      },
    },
  };
}

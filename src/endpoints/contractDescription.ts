import type { Config } from '../Config.js';
import { errorResponses, ref } from './answers.js';
import { browseSchemas } from './browseSchemas.js';
import { MAX_COUNT } from './parameters.js';

/**
 * The contract's part of the API description that no one route holds: its introduction, and
 * the components every protocol's routes refer to (the concept, the error body, the errors,
 * the caching headers). The routes themselves are described by their declarations
 * (http/describeRoutes.ts).
 */

/** The introduction of the description. */
export function contractInfo(config: Config, version: string): object {
  return {
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
  };
}

/** /ready's account of the label index (IndexReport). */
export const LABEL_INDEX_REPORT = {
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

/** The HAL envelope of /get (and of /search and /suggest for skos-suggester's clients). */
function halConcepts(description: string, href: string, maxItems?: number): object {
  return {
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
  };
}

/** The concept and what it names, as every answer that lists concepts shows them. */
function conceptSchemas(): Record<string, object> {
  const browse = browseSchemas(ref);
  return {
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
          description: 'In the chosen language; else untagged; else the smallest language tag; else rdfs:label by the same rule; else "".',
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
  };
}

/** The bodies of the lookups and browsing, and the error body; /search's and /suggest's in the skos-suggester envelope where `hal`. */
function findSchemas(hal: boolean): Record<string, object> {
  const browse = browseSchemas(ref);
  return {
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
  };
}

/** The components the routes refer to. */
export function contractComponents(config: Config): object {
  const hal = config.apiCompat === 'skos-suggester';
  return {
    schemas: { ...conceptSchemas(), ...findSchemas(hal) },
    headers: {
      CacheControl: { description: `\`public, max-age=${config.httpMaxAge}\` (HTTP_MAX_AGE).`, schema: { type: 'string' } },
      ETag: { description: 'Send it back as If-None-Match to get a 304 while the answer is the same.', schema: { type: 'string' } },
      RetryAfter: { description: 'Seconds to wait before asking again.', schema: { type: 'string', pattern: '^[0-9]+$' } },
    },
    responses: errorResponses(),
  };
}

import { LANG, MAX_BROWSE_COUNT, MAX_COUNT, ONE_URI, SCHEME } from '../endpoints/parameters.js';
import { openApiParameter, type QueryParameter } from '../endpoints/QueryParameter.js';
import {
  CONCEPT_URI,
  CONCEPT_URIS,
  OFFSET,
  PROPERTIES,
  SCHEME_URI,
  SCHEME_URIS,
  SEARCH,
  VOC,
  jskosLimit,
} from '../jskos/jskosParameters.js';
import {
  FIELDS,
  FORMAT,
  GROUP,
  LABEL,
  LABELLANG,
  MAXHITS,
  OFFSET as SKOSMOS_OFFSET,
  PARENT,
  QUERY,
  TITLES_LANG,
  TRANSITIVE_LIMIT,
  TYPE,
  TYPES_LANG,
  UNIQUE,
  VOCAB,
} from '../skosmos/skosmosParameters.js';
import { DATA_FORMATS } from '../skosmos/skosmosData.js';

// The Skosmos REST API (docs/skosmos.md) and the JSKOS API (docs/jskos.md): their answers are
// those protocols' documents (Skosmos' JSON-LD, JSKOS), checked with their own clients by
// test:clients, so they are only named here, with every parameter this service reads.

const vocid = {
  name: 'vocid',
  in: 'path',
  required: true,
  description: 'The vocabulary id, as `vocabularies` lists it.',
  schema: { type: 'string' },
};
const json = (what: string, type: 'object' | 'array', extra: Record<string, object> = {}): object => ({
  '200': { description: what, content: { 'application/json': { schema: { type } } } },
  '400': { $ref: '#/components/responses/BadRequest' },
  ...extra,
});
const notFound = { '404': { $ref: '#/components/responses/NotFound' } };
const get = (summary: string, parameters: object[], responses: object): object => ({ get: { summary, parameters, responses } });

/** /rest/v1: the read part of Skosmos' REST API, its parameters from their declarations (skosmos/skosmosParameters.ts and the native ones). */
export function skosmosPaths(): Record<string, object> {
  const described = (...declared: QueryParameter[]): object[] => declared.map(openApiParameter);
  const searchParameters = described(QUERY, LANG, LABELLANG, TYPE, PARENT, GROUP, MAXHITS, SKOSMOS_OFFSET, FIELDS, UNIQUE);
  const concept = (summary: string, extra: QueryParameter[] = []): object =>
    get(summary, [vocid, ...described(ONE_URI, LANG, ...extra)], json(`${summary} (Skosmos JSON-LD).`, 'object', notFound));
  const data = {
    '200': {
      description: 'The concept and the labels of what it links to.',
      content: Object.fromEntries(DATA_FORMATS.map((format) => [format, { schema: { type: 'string' } }])),
    },
    '400': { $ref: '#/components/responses/BadRequest' },
    ...notFound,
    '406': { description: 'A format this service does not write; the message names those it does.' },
  };
  const dataParameters = described(ONE_URI, FORMAT);
  const lang = described(LANG);
  return {
    '/rest/v1/vocabularies': get(
      'Skosmos: the vocabularies (one per concept scheme)',
      described(TITLES_LANG),
      json('The vocabularies.', 'object'),
    ),
    '/rest/v1/search': get(
      'Skosmos: search every vocabulary',
      [...searchParameters, ...described(VOCAB)],
      json('The results.', 'object', notFound),
    ),
    '/rest/v1/types': get('Skosmos: the concept types', described(TYPES_LANG), json('The types.', 'object')),
    '/rest/v1/label': get(
      "Skosmos: a concept's labels",
      described(ONE_URI, LANG),
      json('The prefLabel and altLabels.', 'object', notFound),
    ),
    '/rest/v1/data': get('Skosmos: a concept as RDF', dataParameters, data),
    '/rest/v1/{vocid}/': get(
      'Skosmos: a vocabulary',
      [vocid, ...lang],
      json('Its id, title, languages and concept scheme.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/types': get("Skosmos: a vocabulary's concept types", [vocid, ...lang], json('The types.', 'object', notFound)),
    '/rest/v1/{vocid}/search': get(
      'Skosmos: search one vocabulary',
      [vocid, ...searchParameters],
      json('The results.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/lookup': get(
      'Skosmos: the concepts a label names',
      [vocid, ...described(LABEL, LANG)],
      json('The concepts.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/topConcepts': get(
      "Skosmos: a vocabulary's top concepts",
      [vocid, ...described(LANG, SCHEME)],
      json('The top concepts.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/groups': get("Skosmos: a vocabulary's groups (none)", [vocid, ...lang], json('No groups.', 'object', notFound)),
    '/rest/v1/{vocid}/label': concept("Skosmos: a concept's labels"),
    '/rest/v1/{vocid}/broader': concept('Skosmos: the broader concepts'),
    '/rest/v1/{vocid}/narrower': concept('Skosmos: the narrower concepts'),
    '/rest/v1/{vocid}/related': concept('Skosmos: the related concepts'),
    '/rest/v1/{vocid}/broaderTransitive': concept('Skosmos: the concept and those above it', [TRANSITIVE_LIMIT]),
    '/rest/v1/{vocid}/narrowerTransitive': concept('Skosmos: the concept and those below it', [TRANSITIVE_LIMIT]),
    '/rest/v1/{vocid}/children': concept('Skosmos: the concepts one level below'),
    '/rest/v1/{vocid}/hierarchy': concept('Skosmos: the concept and those above it, each with its children'),
    '/rest/v1/{vocid}/mappings': concept("Skosmos: the concept's SKOS mappings, as JSKOS"),
    '/rest/v1/{vocid}/groupMembers': get(
      "Skosmos: a group's members (no groups here: always 404)",
      [vocid, ...described(ONE_URI, LANG)],
      json('Never: this service knows no groups.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/new': get(
      'Skosmos: new concepts (no dates are read: empty)',
      [vocid, ...lang],
      json('An empty changeList.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/modified': get(
      'Skosmos: modified concepts (no dates are read: empty)',
      [vocid, ...lang],
      json('An empty changeList.', 'object', notFound),
    ),
    '/rest/v1/{vocid}/data': get('Skosmos: a concept as RDF, in a vocabulary', [vocid, ...dataParameters], data),
  };
}

/** /jskos: the read part of jskos-server's API, its parameters from their declarations (jskos/jskosParameters.ts). */
export function jskosPaths(): Record<string, object> {
  const described = (...declared: QueryParameter[]): object[] => declared.map(openApiParameter);
  const window = (max: number): object[] => described(jskosLimit(max), OFFSET);
  const find = [...described(SEARCH, VOC), ...window(MAX_COUNT)];
  const byUri = described(CONCEPT_URIS, PROPERTIES);
  return {
    '/jskos/status': get('JSKOS: the endpoints of this API', [], {
      '200': {
        description: 'Each endpoint, or null for what is not served.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    }),
    '/jskos/voc': get(
      'JSKOS: the concept schemes',
      [...described(SCHEME_URIS), ...window(MAX_BROWSE_COUNT)],
      json('JSKOS concept schemes.', 'array'),
    ),
    '/jskos/voc/top': get(
      "JSKOS: a scheme's top concepts",
      [...described(SCHEME_URI), ...window(MAX_BROWSE_COUNT)],
      json('JSKOS concepts.', 'array'),
    ),
    '/jskos/data': get('JSKOS: concepts by IRI', byUri, json('JSKOS concepts, in the order asked.', 'array')),
    '/jskos/concepts': get('JSKOS: concepts by IRI', byUri, json('JSKOS concepts, in the order asked.', 'array')),
    '/jskos/concepts/narrower': get(
      'JSKOS: the concepts one level below',
      [...described(CONCEPT_URI), ...window(MAX_BROWSE_COUNT)],
      json('JSKOS concepts.', 'array'),
    ),
    '/jskos/concepts/ancestors': get(
      'JSKOS: the concepts above, from the top down',
      described(CONCEPT_URI),
      json('JSKOS concepts.', 'array'),
    ),
    '/jskos/concepts/search': get('JSKOS: concepts by their labels', find, json('JSKOS concepts, best first.', 'array')),
    '/jskos/concepts/suggest': get(
      'JSKOS: suggestions, as OpenSearch Suggest',
      find,
      json('[query, labels, descriptions, IRIs].', 'array'),
    ),
  };
}

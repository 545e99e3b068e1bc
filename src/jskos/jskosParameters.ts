import { MAX_RESULTS_DEPTH, MAX_URIS, TEXT_SCHEMA, textMessages } from '../endpoints/parameters.js';
import type { QueryParameter } from '../http/QueryParameter.js';

/**
 * The query parameters of the JSKOS API (docs/jskos.md), declared once each as jskos-server's
 * clients send them: empty values count as missing, a list of IRIs is one text separated by
 * `|`, `limit` above its most is lowered to it (clients ask for 10,000 to mean all). The
 * routes read them, `/openapi.json` describes them.
 */

/** `uri`: IRIs separated by `|` (as cocoda-sdk sends several), at most MAX_URIS; `|` alone names none. */
function uris(description: string, required: boolean): QueryParameter<string[]> {
  return {
    name: 'uri',
    ...(required ? { required: true } : {}),
    separator: '|',
    description,
    schema: { type: 'array', maxItems: MAX_URIS, items: { type: 'string', format: 'iri' } },
    messages: {
      required: () => "'uri' parameter is mandatory",
      maxItems: (_, context) => `'uri' parameter may name at most ${MAX_URIS} IRIs, not ${(context.given as string[]).length}`,
      format: () => "'uri' parameter must hold absolute IRIs separated by '|'",
    },
  };
}

export const CONCEPT_URIS = uris(`Concept IRIs, separated by \`|\`, at most ${MAX_URIS}.`, true);
export const SCHEME_URIS = uris('Only these schemes, separated by `|`.', false);
export const SCHEME_URI = uris("The scheme's IRI.", true);
export const CONCEPT_URI = uris("The concept's IRI.", true);

/** `search` (or `query`): the words to find, the rules of `q`. */
export const SEARCH: QueryParameter<string> = {
  name: 'search',
  alias: 'query',
  required: true,
  trim: true,
  emptyIsMissing: true,
  description: 'The words, the last one as a prefix (`query` is read where `search` is not given).',
  schema: { ...TEXT_SCHEMA, minLength: 1 },
  messages: { required: () => "'search' parameter is mandatory: the words to find", ...textMessages(() => "'search' parameter") },
};

/**
 * `search` as sent, its rules aside: read before `voc`, whose rules come before the text's (a
 * request wrong in both is told of `voc`); the route checks it by SEARCH's rules, and echoes it
 * as sent (OpenSearch Suggest).
 */
export const SEARCH_GIVEN: QueryParameter<string> = {
  ...SEARCH,
  trim: false,
  schema: { type: 'string', pattern: '\\S' },
  messages: { ...SEARCH.messages, pattern: SEARCH.messages.required as () => string },
};

/** `voc`: only this concept scheme. */
export const VOC: QueryParameter<string | undefined> = {
  name: 'voc',
  emptyIsMissing: true,
  description: 'Only this concept scheme.',
  schema: { type: 'string', format: 'iri' },
  messages: { format: () => "'voc' parameter must be the IRI of a concept scheme" },
};

/** `properties`: `ancestors` (or `*`, `+ancestors`) adds ancestors; other names change nothing. */
export const PROPERTIES: QueryParameter<string | undefined> = {
  name: 'properties',
  description: '`ancestors` (or `*`) adds ancestors.',
  schema: { type: 'string' },
  messages: {},
};

const WHOLE_NUMBER = { type: 'integer', minimum: 0, maximum: 999_999_999 } as const;
const wholeNumber = (name: string) => () => `'${name}' parameter must be a whole number of 0 or more`;

/** `limit`: how many; 0 is taken as 1, above `max` is lowered to `max` (its default). */
export function limitParameter(max: number): QueryParameter<number> {
  return {
    name: 'limit',
    emptyIsMissing: true,
    description: `How many; above ${max} is lowered to ${max}.`,
    schema: { ...WHOLE_NUMBER, default: max },
    messages: { type: wholeNumber('limit'), minimum: wholeNumber('limit'), maximum: wholeNumber('limit') },
    read: (value: number) => Math.min(Math.max(value, 1), max),
  };
}

/** `offset`: how many to skip, with the limit at most MAX_RESULTS_DEPTH. */
export const OFFSET: QueryParameter<number> = {
  name: 'offset',
  emptyIsMissing: true,
  description: `How many to skip (offset plus limit at most ${MAX_RESULTS_DEPTH}).`,
  schema: { ...WHOLE_NUMBER, default: 0 },
  messages: {
    type: wholeNumber('offset'),
    minimum: wholeNumber('offset'),
    maximum: wholeNumber('offset'),
    depth: () => `'offset' parameter plus the limit must be at most ${MAX_RESULTS_DEPTH}`,
  },
  check: (value, context) => ((value as number) + Number(context.limit) > MAX_RESULTS_DEPTH ? 'depth' : undefined),
};

const limits = new Map<number, QueryParameter<number>>();

/** The `limit` of a list of at most `max`, made once. */
export function jskosLimit(max: number): QueryParameter<number> {
  if (!limits.has(max)) limits.set(max, limitParameter(max));
  return limits.get(max) as QueryParameter<number>;
}

/** `limit` and `offset` of a list of at most `max`, in the order they are read (`offset` is checked with the limit). */
export function window(max: number): { limit: QueryParameter<number>; offset: QueryParameter<number> } {
  return { limit: jskosLimit(max), offset: OFFSET };
}

import { LANG_TAG } from '../domain/langTag.js';
import { LANG, MAX_COUNT, MAX_RESULTS_DEPTH, TEXT_SCHEMA, integerParameter, textMessages } from '../endpoints/parameters.js';
import type { QueryParameter } from '../http/QueryParameter.js';
import { MAX_TRANSITIVE } from './skosmosConcept.js';
import { DATA_FORMATS } from './skosmosData.js';

/**
 * The query parameters of the Skosmos REST API (docs/skosmos.md) that are Skosmos' own,
 * declared once each: the routes read them, `/openapi.json` describes them. `lang`, `uri` and
 * `scheme` are the native endpoints' (endpoints/parameters.ts). `unique`, which Skosmos'
 * clients send and which changes nothing here (results are one per concept), is declared for
 * the description alone: it is never read, so never refused.
 */

/** A text parameter read as given (once), with no rule of its own. */
function text(name: string, description: string): QueryParameter<string | undefined> {
  return { name, description, schema: { type: 'string' }, messages: {} };
}

/**
 * `query` of /search: the words, `*` at a word's end for a prefix; the rules of `q`. Blank (or
 * absent) only beside `parent` or `group`, as Skosmos takes it: then what they hold is listed
 * (the route says "mandatory" otherwise).
 */
export const QUERY: QueryParameter<string | undefined> = {
  name: 'query',
  trim: true,
  emptyIsMissing: true,
  description:
    "The words; `*` at a word's end for a prefix; without `*`, whole labels. Blank only beside `parent` (what is below it) or `group` (none here).",
  schema: { ...TEXT_SCHEMA, minLength: 1 },
  messages: {
    required: () => "'query' parameter is mandatory: the words to find, `*` at a word's end for a prefix",
    ...textMessages(() => "'query' parameter"),
  },
};

/** `label` of /lookup: required, not blank, the rules of `q` on the label as given. */
export const LABEL: QueryParameter<string> = {
  name: 'label',
  required: true,
  description: 'The label.',
  schema: { ...TEXT_SCHEMA, pattern: '\\S' },
  messages: {
    required: () => "'label' parameter is mandatory: the label to look up",
    pattern: () => "'label' parameter is mandatory: the label to look up",
    ...textMessages(() => "'label' parameter"),
  },
};

/** `lang` where a route needs it: the language of the vocabularies' titles. */
export const TITLES_LANG: QueryParameter<string> = {
  ...LANG,
  required: true,
  description: 'The language of the titles.',
  messages: { ...LANG.messages, required: () => "'lang' parameter is mandatory: the language of the vocabularies' titles" },
  read: (value: string) => value.toLowerCase(),
};

/** `lang` of /types without a vocabulary: the language of the types' labels. */
export const TYPES_LANG: QueryParameter<string> = {
  ...LANG,
  required: true,
  description: 'The language of the labels.',
  messages: { ...LANG.messages, required: () => "'lang' parameter is mandatory: the language of the types' labels" },
  read: (value: string) => value.toLowerCase(),
};

/** `labellang`: the language of the results' labels, where it differs from `lang`'s; empty: none. */
export const LABELLANG: QueryParameter<string | undefined> = {
  name: 'labellang',
  emptyIsMissing: true,
  description: "The language of the results' labels.",
  schema: { type: 'string', pattern: LANG_TAG.source },
  messages: { pattern: () => "'labellang' parameter must be a language tag such as en or pt-BR" },
  read: (value: string) => value.toLowerCase(),
};

/** `{vocid}`: the vocabulary, as `vocabularies` lists it (a 404 naming those there are when none is so named). */
export const VOCID: QueryParameter<string> = {
  name: 'vocid',
  in: 'path',
  description: 'The vocabulary id, as `vocabularies` lists it.',
  schema: { type: 'string' },
  messages: {},
};

export const VOCAB = text('vocab', 'Vocabulary ids, separated by spaces.');
export const TYPE = text('type', '`skos:Concept` (another type finds nothing).');
export const GROUP = text('group', 'A group (this service has none: nothing is found).');
export const PARENT = text('parent', 'Only concepts below this one.');
export const FIELDS = text('fields', 'Extra fields, separated by spaces: broader, narrower, notation.');
export const UNIQUE: QueryParameter<string | undefined> = {
  ...text('unique', 'Accepted: results are always one per concept.'),
  describedOnly: true,
};
export const FORMAT = text('format', `One of ${DATA_FORMATS.join(', ')} (else Accept, else JSON-LD).`);

/**
 * `maxhits`: any positive number, as Skosmos takes it; at most MAX_COUNT are answered, and an
 * answer to more says so in its `maxhits` (how many it was lowered to).
 */
export const MAXHITS = integerParameter(
  'maxhits',
  `How many results: any positive number; at most ${MAX_COUNT} are answered (default ${MAX_COUNT}), and an answer to more says so in its \`maxhits\`.`,
  MAX_COUNT,
  1,
  999_999_999,
);

/** `lang` as Skosmos takes it: given empty (\`lang=\`, as clients send it), none. */
export const SKOSMOS_LANG: QueryParameter<string | undefined> = { ...LANG, emptyIsMissing: true };
export const OFFSET = integerParameter(
  'offset',
  `How many results to skip: any number; results past the ${MAX_RESULTS_DEPTH}th (the ${MAX_COUNT * 10}th where they are filtered: a query without \`*\`, several vocabularies, a parent) are not answered.`,
  0,
  0,
  Number.MAX_SAFE_INTEGER,
);
export const TRANSITIVE_LIMIT = integerParameter('limit', `At most this many, 1 to ${MAX_TRANSITIVE}.`, MAX_TRANSITIVE, 1, MAX_TRANSITIVE);

/** `limit` and `offset` of `new` and `modified`: a page of the changes, at most 1,000 (Skosmos' default 200). */
export const CHANGES_LIMIT = integerParameter('limit', 'How many concepts, 1 to 1,000 (default 200).', 200, 1, 1000);
export const CHANGES_OFFSET = integerParameter('offset', `How many to skip, 0 to ${MAX_RESULTS_DEPTH}.`, 0, 0, MAX_RESULTS_DEPTH);

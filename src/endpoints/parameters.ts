import { FIELDS, type Field } from '../domain/Concept.js';
import { LANG_TAG } from '../domain/langTag.js';
import { checkedValue, fieldNames, type Messages, type QueryParameter } from '../http/QueryParameter.js';

/**
 * The contract's query parameters, each declared once (QueryParameter.ts): its schema with its
 * default and limits, what it means and the words of its 400s. The readers below check a
 * request against them; `/openapi.json` describes them from the same declarations. Unknown
 * parameters are never looked at.
 */

/** Quotes a value for a message, shortened so that an error never echoes a whole long input. */
function quote(value: string): string {
  const characters = [...value];
  return JSON.stringify(characters.length > 80 ? `${characters.slice(0, 80).join('')}...` : value);
}

export const MAX_Q_LENGTH = 200;

/** What no text to be found may hold: control characters (tab, line feed and carriage return aside) and the Unicode line separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/** The rules of a text to be found (`q`, and reconciliation's names and prefixes): at most 200 characters, no control characters, well-formed. */
export const TEXT_SCHEMA = {
  type: 'string',
  maxLength: MAX_Q_LENGTH,
  not: { pattern: CONTROL_CHARACTERS.source },
  format: 'well-formed-unicode',
} as const;

/** The 400s of a text to be found, naming it as `what`; at most `longest` characters. */
export const textMessages = (what: (context: Readonly<Record<string, unknown>>) => string, longest = MAX_Q_LENGTH): Messages => ({
  maxLength: (_, context) => `${what(context)} must be at most ${longest} characters long`,
  not: (_, context) => `${what(context)} must not contain control characters`,
  format: (_, context) => `${what(context)} is not well-formed Unicode`,
});

/**
 * `q`: required, trimmed, 1 to 200 characters. Control characters other than tab and line
 * breaks, and U+2028/U+2029, are refused: nobody types them into a search field, and some
 * SPARQL parsers read the latter two as line ends inside a string.
 */
export const Q: QueryParameter<string> = {
  name: 'q',
  required: true,
  trim: true,
  emptyIsMissing: true,
  description: `The text to find: trimmed, then 1 to ${MAX_Q_LENGTH} characters; no control characters.`,
  schema: { ...TEXT_SCHEMA, minLength: 1 },
  messages: { required: () => "'q' parameter is mandatory", ...textMessages(() => "'q' parameter") },
};

const TEXT: QueryParameter = { name: '', description: '', schema: TEXT_SCHEMA, messages: textMessages((context) => String(context.what)) };

/**
 * A name to reconcile may be longer than `q`: a spreadsheet cell holds what a vocabulary's
 * labels hold, and a classification's run longer than 200 characters (1.9% of Iconclass'
 * English prefLabels, up to 453).
 */
export const MAX_NAME_LENGTH = 1000;

const NAME: QueryParameter = {
  name: '',
  description: '',
  schema: { ...TEXT_SCHEMA, maxLength: MAX_NAME_LENGTH },
  messages: textMessages((context) => String(context.what), MAX_NAME_LENGTH),
};

/** A name to reconcile, by `q`'s rules but its length (MAX_NAME_LENGTH); `what` names it in the error. */
export function checkedName(text: string, what: string): string {
  return checkedValue(NAME, text, [text], { what });
}

/** Text to be found (reconciliation's names and prefixes) by `q`'s rules; `what` names it in the 400. */
export function checkedText(text: string, what: string): string {
  return checkedValue(TEXT, text, [text], { what });
}

/** The 400 of an integer parameter out of its range (or no integer): the same whatever rule it breaks. */
function integerMessages(name: string, range: (context: Readonly<Record<string, unknown>>) => string): Messages {
  const say = (value: string, context: Readonly<Record<string, unknown>>): string =>
    `'${name}' parameter must be an integer from ${range(context)}, not ${quote(value)}`;
  return { type: say, minimum: say, maximum: say };
}

/** An integer parameter from `min` to `max`, `fallback` when absent. */
export function integerParameter(name: string, description: string, fallback: number, min: number, max: number): QueryParameter<number> {
  return {
    name,
    description,
    schema: { type: 'integer', minimum: min, maximum: max, default: fallback },
    messages: integerMessages(name, () => `${min} to ${max}`),
  };
}

export const MAX_COUNT = 100;
export const MAX_RESULTS_DEPTH = 10_000;

const counts = new Map<string, QueryParameter<number>>();

/**
 * `count` of a list: concepts per page, from 1 to `max`, `fallback` when absent; one
 * declaration for each pair, which validation and `/openapi.json` share (and ajv compiles once).
 */
export function countDeclaration(fallback: number, max = MAX_COUNT): QueryParameter<number> {
  const key = `${fallback}/${max}`;
  let declared = counts.get(key);
  if (declared === undefined) counts.set(key, (declared = integerParameter('count', `Concepts per page, 1 to ${max}.`, fallback, 1, max)));
  return declared;
}

export const MAX_BROWSE_COUNT = 1000;
export const DEFAULT_BROWSE_COUNT = 100;

/** `count` of /top and /narrower: an integer from 1 to 1000, default 100 (a level of a classification is read whole). */
export const BROWSE_COUNT = countDeclaration(DEFAULT_BROWSE_COUNT, MAX_BROWSE_COUNT);

/** The last page for `count`: `page` times `count` is at most 10,000. */
const lastPage = (context: Readonly<Record<string, unknown>>): number => Math.floor(MAX_RESULTS_DEPTH / Number(context.count ?? 1));

/** `page`: an integer >= 1, default 1, such that `page * count` is at most 10,000: the message gives the last page for this count. */
export const PAGE: QueryParameter<number> = {
  name: 'page',
  description: `The page, from 1; \`page\` times \`count\` at most ${MAX_RESULTS_DEPTH}.`,
  schema: { type: 'integer', minimum: 1, maximum: MAX_RESULTS_DEPTH, default: 1 },
  messages: integerMessages(
    'page',
    (context) => `1 to ${lastPage(context)} ('page' times 'count' at most ${MAX_RESULTS_DEPTH}; 'count' is ${String(context.count ?? 1)})`,
  ),
  check: (value, context) => ((value as number) > lastPage(context) ? 'maximum' : undefined),
};

/** `lang`: optional language tag; read in lower case. */
export const LANG: QueryParameter<string | undefined> = {
  name: 'lang',
  description:
    'A BCP 47 language tag (`en`, `fr`, `pt-BR`): the language of the returned labels; for /search and /suggest also the labels matched (in that language or untagged).',
  schema: { type: 'string', pattern: LANG_TAG.source },
  messages: { pattern: (value) => `'lang' parameter must be a language tag such as en or pt-BR, not ${quote(value)}` },
  read: (value: string) => value.toLowerCase(),
};

/** `scheme`: optional concept scheme IRI. */
export const SCHEME: QueryParameter<string | undefined> = {
  name: 'scheme',
  description: 'A concept scheme IRI: only concepts skos:inScheme (or skos:topConceptOf) it.',
  schema: { type: 'string', format: 'iri' },
  messages: { format: (value) => `'scheme' parameter must be an absolute IRI, not ${quote(value)}` },
};

export const MAX_URIS = 100;

/** The 400s of a `uri`, one of /get's or /narrower's. */
const URI_MESSAGES: Messages = {
  required: () => "'uri' parameter is mandatory",
  minLength: () => "'uri' parameter must not be empty",
  format: (value) => `'uri' parameter ${quote(value)} is not an absolute IRI`,
};
const URI_SCHEMA = { type: 'string', minLength: 1, format: 'iri' } as const;

/** `uri` of /get: repeatable, 1 to 100 absolute IRIs, in the order given. */
export const URIS: QueryParameter<string[]> = {
  name: 'uri',
  required: true,
  repeat: MAX_URIS,
  description: `An absolute IRI (a scheme, \`:\`, then at least one character) without the characters SPARQL forbids in an IRI. Repeat the parameter for several concepts: 1 to ${MAX_URIS} values.`,
  schema: { type: 'array', minItems: 1, maxItems: MAX_URIS, items: URI_SCHEMA },
  messages: {
    maxItems: (_, context) => `'uri' parameter may be given at most ${MAX_URIS} times, not ${(context.given as string[]).length}`,
    ...URI_MESSAGES,
  },
};

/** `uri` of /narrower: required, one absolute IRI (the rules of /get's `uri`). */
export const ONE_URI: QueryParameter<string> = {
  name: 'uri',
  required: true,
  description: `The concept, an absolute IRI, given once (the rules of /get's \`uri\`, which takes up to ${MAX_URIS}).`,
  schema: URI_SCHEMA,
  messages: URI_MESSAGES,
};

/**
 * `fields`: optional, a comma-separated list of opt-in field names (API.md, "Opt-in
 * fields"); spaces around a name and empty items are ignored, so `fields=` asks for none.
 * An unknown name is a 400 naming it and the known ones.
 */
export const FIELDS_PARAMETER: QueryParameter<Set<Field>> = {
  name: 'fields',
  description: `Opt-in fields, comma-separated: ${FIELDS.join(', ')}. Each concept then also carries them (always present). Unknown names are a 400.`,
  schema: { type: 'string', pattern: `^\\s*((${FIELDS.join('|')})?\\s*(,\\s*(${FIELDS.join('|')})?\\s*)*)?$`, default: '' },
  messages: {
    pattern: (value) =>
      `'fields' parameter names no field ${fieldNames(value)
        .filter((name) => !(FIELDS as readonly string[]).includes(name))
        .map(quote)
        .join(', ')}; the fields are ${FIELDS.join(', ')}`,
  },
  read: (value: string) => new Set(fieldNames(value) as Field[]),
};

/** The fields asked for, in the contract's order, as `fields` writes them ("" for none): for cache keys and links. */
export function fieldsValue(fields: ReadonlySet<Field>): string {
  return FIELDS.filter((name) => fields.has(name)).join(',');
}

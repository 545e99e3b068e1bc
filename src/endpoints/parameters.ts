import { FIELDS, type Field } from '../domain/Concept.js';
import { BadRequestError } from '../errors.js';
import { isIri } from '../domain/iri.js';
import { isLangTag } from '../domain/langTag.js';

/**
 * The contract's rules for query parameters, one function per parameter. Each throws a
 * BadRequestError (400) whose message names the parameter and, where it helps, the value.
 * Unknown parameters are never looked at.
 */

/**
 * A request's query parameters, decoded as forms encode them (`+` is a space). A value whose
 * percent-encoding is malformed (`%zz`, or bytes that are not UTF-8 once decoded) is kept
 * as `undefined` and refused only when its parameter is read: unknown parameters are never
 * looked at, malformed or not.
 */
export class QueryParameters {
  private readonly values = new Map<string, Array<string | undefined>>();

  constructor(query: string) {
    for (const pair of query.split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = decoded(equals === -1 ? pair : pair.slice(0, equals));
      if (name === undefined) continue; // a name nobody could have meant
      const list = this.values.get(name) ?? [];
      list.push(decoded(equals === -1 ? '' : pair.slice(equals + 1)));
      this.values.set(name, list);
    }
  }

  /** Every value of `name`, in order; a 400 naming it when one is malformed. */
  getAll(name: string): string[] {
    const values = this.values.get(name) ?? [];
    if (values.some((value) => value === undefined)) {
      throw new BadRequestError(
        `'${name}' parameter is not well percent-encoded UTF-8 (a '%' must be followed by two hexadecimal digits, and the bytes must be UTF-8)`,
      );
    }
    return values as string[];
  }
}

function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return undefined; // URIError: a malformed escape, or bytes that are not UTF-8
  }
}

/** The query parameters of a request URL. */
export function queryParameters(url: string): QueryParameters {
  const start = url.indexOf('?');
  return new QueryParameters(start === -1 ? '' : url.slice(start + 1));
}

/** A parameter that may be given once; `undefined` when absent. */
export function single(params: QueryParameters, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new BadRequestError(`'${name}' parameter must be given only once`);
  return values[0];
}

/** Quotes a value for a message, shortened so that an error never echoes a whole long input. */
function quote(value: string): string {
  const characters = [...value];
  return JSON.stringify(characters.length > 80 ? `${characters.slice(0, 80).join('')}...` : value);
}

export const MAX_Q_LENGTH = 200;

/**
 * `q`: required, trimmed, 1 to 200 characters. Control characters other than tab and line
 * breaks, and U+2028/U+2029, are refused: nobody types them into a search field, and some
 * SPARQL parsers read the latter two as line ends inside a string.
 */
export function qParameter(params: QueryParameters): string {
  const q = single(params, 'q')?.trim();
  if (q === undefined || q === '') throw new BadRequestError("'q' parameter is mandatory");
  return checkedText(q, "'q' parameter");
}

/** What no text to be found may hold: control characters (tab, line feed and carriage return aside) and the Unicode line separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * Text to be found (`q`, and reconciliation's names and prefixes) as `q`'s rule has it: at
 * most 200 characters, no control characters, well-formed. `what` names it in the 400.
 */
export function checkedText(text: string, what: string): string {
  if ([...text].length > MAX_Q_LENGTH) throw new BadRequestError(`${what} must be at most ${MAX_Q_LENGTH} characters long`);
  if (CONTROL_CHARACTERS.test(text)) throw new BadRequestError(`${what} must not contain control characters`);
  if (!text.isWellFormed()) throw new BadRequestError(`${what} is not well-formed Unicode`);
  return text;
}

/** An integer parameter from `min` to `max`, `fallback` when absent; else a 400 naming it. */
export function integer(params: QueryParameters, name: string, fallback: number, min: number, max: number, rule = ''): number {
  const value = single(params, name);
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max))
    throw new BadRequestError(`'${name}' parameter must be an integer from ${min} to ${max}${rule}, not ${quote(value)}`);
  return n;
}

export const MAX_COUNT = 100;
export const MAX_RESULTS_DEPTH = 10_000;

/** `count`: an integer from 1 to 100; `fallback` when absent. */
export function countParameter(params: QueryParameters, fallback: number): number {
  return integer(params, 'count', fallback, 1, MAX_COUNT);
}

export const MAX_BROWSE_COUNT = 1000;
export const DEFAULT_BROWSE_COUNT = 100;

/** `count` of /top and /narrower: an integer from 1 to 1000, default 100 (a level of a classification is read whole). */
export function browseCountParameter(params: QueryParameters): number {
  return integer(params, 'count', DEFAULT_BROWSE_COUNT, 1, MAX_BROWSE_COUNT);
}

/** `page`: an integer >= 1, default 1, such that `page * count` is at most 10,000: the message gives the last page for this count. */
export function pageParameter(params: QueryParameters, count: number): number {
  return integer(
    params,
    'page',
    1,
    1,
    Math.floor(MAX_RESULTS_DEPTH / count),
    ` ('page' times 'count' at most ${MAX_RESULTS_DEPTH}; 'count' is ${count})`,
  );
}

/** `lang`: optional language tag; returned in lower case. */
export function langParameter(params: QueryParameters): string | undefined {
  const lang = single(params, 'lang');
  if (lang === undefined) return undefined;
  if (!isLangTag(lang)) throw new BadRequestError(`'lang' parameter must be a language tag such as en or pt-BR, not ${quote(lang)}`);
  return lang.toLowerCase();
}

/** `scheme`: optional concept scheme IRI. */
export function schemeParameter(params: QueryParameters): string | undefined {
  const scheme = single(params, 'scheme');
  if (scheme === undefined) return undefined;
  if (!isIri(scheme)) throw new BadRequestError(`'scheme' parameter must be an absolute IRI, not ${quote(scheme)}`);
  return scheme;
}

/** `uri` of /narrower: required, one absolute IRI (the rules of /get's `uri`). */
export function oneUriParameter(params: QueryParameters): string {
  if (params.getAll('uri').length > 1) throw new BadRequestError("'uri' parameter must be given only once");
  return uriParameters(params)[0] as string;
}

export const MAX_URIS = 100;

/** `uri`: repeatable, 1 to 100 absolute IRIs, in the order given. */
export function uriParameters(params: QueryParameters): string[] {
  const uris = params.getAll('uri');
  if (uris.length === 0) throw new BadRequestError("'uri' parameter is mandatory");
  if (uris.length > MAX_URIS) throw new BadRequestError(`'uri' parameter may be given at most ${MAX_URIS} times, not ${uris.length}`);
  for (const uri of uris) {
    if (uri === '') throw new BadRequestError("'uri' parameter must not be empty");
    if (!isIri(uri)) throw new BadRequestError(`'uri' parameter ${quote(uri)} is not an absolute IRI`);
  }
  return uris;
}

/**
 * `fields`: optional, a comma-separated list of opt-in field names (API.md, "Opt-in
 * fields"); spaces around a name and empty items are ignored, so `fields=` asks for none.
 * An unknown name is a 400 naming it and the known ones.
 */
export function fieldsParameter(params: QueryParameters): Set<Field> {
  const value = single(params, 'fields');
  const names =
    value === undefined
      ? []
      : value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  const unknown = names.filter((name) => !(FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new BadRequestError(`'fields' parameter names no field ${unknown.map(quote).join(', ')}; the fields are ${FIELDS.join(', ')}`);
  return new Set(names as Field[]);
}

/** The fields asked for, in the contract's order, as `fields` writes them ("" for none): for cache keys and links. */
export function fieldsValue(fields: ReadonlySet<Field>): string {
  return FIELDS.filter((name) => fields.has(name)).join(',');
}

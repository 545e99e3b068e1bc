import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isIri } from '../domain/iri.js';
import { BadRequestError } from '../errors.js';
/** Where a parameter's values are read: a request's query, or its path (`/rest/v1/{vocid}/...`). */
export interface ParameterSource {
  getAll(name: string): string[];
}

/** The JSON Schema of a parameter's value (or values, for a repeated one), as `/openapi.json` shows it. */
export type ValueSchema = Record<string, unknown>;

/**
 * What a 400 says when a value breaks a rule of its schema: by the JSON Schema keyword it
 * breaks (`maximum`, `format`...), or `required` where the parameter is missing. `value` is the
 * value given (for a repeated parameter: the item at fault, or the first for a rule of the
 * list); `context`: what the reader was given beside the declaration, and `given`, every
 * value given.
 */
export type Messages = Readonly<Record<string, (value: string, context: Readonly<Record<string, unknown>>) => string>>;

/**
 * One query parameter, declared once: its name, what it means, its JSON Schema (with its
 * default and limits) and the words of each 400. `readParameter` checks a request against it
 * (ajv, compiled once), and `openApiParameter` describes it in `/openapi.json`.
 *
 * `messages` is in the order the rules are checked: where a value breaks several, the 400
 * names the first (for a repeated parameter: the first item at fault).
 */
export interface QueryParameter<T = unknown> {
  readonly name: string;
  /** Where it is given: the query (unset), or a segment of the path (`:name` in the route's path). */
  readonly in?: 'path';
  readonly description: string;
  readonly schema: ValueSchema;
  readonly required?: boolean;
  /** At most this many values; unset: given once. */
  readonly repeat?: number;
  /** Leading and trailing white space is dropped before the rules apply. */
  readonly trim?: boolean;
  /** A value given empty (after `trim`) counts as missing (`q= `; clients that send `voc=` or `cursor=`). */
  readonly emptyIsMissing?: boolean;
  /** Another name the parameter is read by where it is not given by its own (`query` for JSKOS' `search`). */
  readonly alias?: string;
  /** The value is a list in one text, items separated by this (JSKOS' `|`), empty items dropped: `schema` is the list's. */
  readonly separator?: string;
  readonly messages: Messages;
  /** A rule no schema can say (it depends on another parameter): the keyword whose message applies, where it is broken. */
  readonly check?: (value: unknown, context: Readonly<Record<string, unknown>>) => string | undefined;
  /** The value a handler is given, made from the value checked (`lang` in lower case, `fields` as a set); unset: that value. */
  readonly read?: (value: never) => T;
  /**
   * Declared for the description alone, never read by the routes' reader: a parameter that
   * changes nothing (Skosmos' `unique`), or one its handler must read from the raw query (the
   * preview's `id`, which a `#` may have cut off). Never refused, never in a cache key.
   */
  readonly describedOnly?: true;
}

/** The formats of this service's parameters, checked by the domain's own rules. */
const FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  iri: isIri,
  'well-formed-unicode': (value) => value.isWellFormed(),
};

const ajv = new Ajv({ allErrors: true, strict: true, formats: FORMATS });
const compiled = new WeakMap<QueryParameter<unknown>, ValidateFunction>();

/** The names of a `fields` value: comma-separated, spaces around a name and empty items ignored. */
export function fieldNames(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The value of `declared` in `params`: its default (or undefined) when it is absent and not
 * required; else the value given, a number for an integer, a list for a repeated parameter.
 * @throws BadRequestError naming the parameter: malformed percent-encoding, given twice, missing, or breaking a rule.
 */
export function readParameter<T>(declared: QueryParameter<T>, params: ParameterSource, context: Readonly<Record<string, unknown>> = {}): T {
  const { schema, messages } = declared;
  const name = declared.alias !== undefined && params.getAll(declared.name).length === 0 ? declared.alias : declared.name;
  const given = params.getAll(name).map((value) => (declared.trim === true ? value.trim() : value));
  if (declared.repeat === undefined && given.length > 1) throw new BadRequestError(`'${name}' parameter must be given only once`);
  const texts = given.filter((value) => declared.emptyIsMissing !== true || value !== '');
  // a list in one text: its items (none: as good as missing)
  const present =
    declared.separator === undefined
      ? texts
      : texts.flatMap((text) => text.split(declared.separator as string)).filter((item) => item !== '');
  if (present.length === 0) {
    if (declared.required === true) throw new BadRequestError(message(messages, 'required', '', context));
    return readAs(declared, schema.default);
  }
  const value =
    declared.repeat === undefined && declared.separator === undefined
      ? typed(schema, present[0] as string)
      : present.map((item) => typed(schema.items as ValueSchema, item));
  return readAs(declared, checkedValue(declared, value, present, context));
}

/** `value` as the handler is given it (`read`), an absent value left absent. */
function readAs<T>(declared: QueryParameter<T>, value: unknown): T {
  return (value === undefined || declared.read === undefined ? value : declared.read(value as never)) as T;
}

/**
 * `value` if it keeps every rule of `declared` (its schema, then its `check`); `given`: the
 * texts it was read from, for the message.
 * @throws BadRequestError with the message of the first rule broken.
 */
export function checkedValue<T>(
  declared: QueryParameter<unknown>,
  value: T,
  given: readonly string[],
  context: Readonly<Record<string, unknown>> = {},
): T {
  let validate = compiled.get(declared);
  if (validate === undefined) compiled.set(declared, (validate = ajv.compile(declared.schema)));
  if (!validate(value)) throw new BadRequestError(firstMessage(declared, validate.errors ?? [], given, context));
  const broken = declared.check?.(value, context);
  if (broken !== undefined) throw new BadRequestError(message(declared.messages, broken, given[0] as string, context));
  return value;
}

/** A text as its schema reads it: digits alone are a number where the schema asks for an integer (`1e2`, `+1`, ` 1` stay text, and fail). */
function typed(schema: ValueSchema, text: string): string | number {
  return schema.type === 'integer' && /^\d+$/.test(text) ? Number(text) : text;
}

/** The message of the first rule broken: of the first item at fault, then in `messages`' order. */
function firstMessage(
  declared: QueryParameter<unknown>,
  errors: readonly ErrorObject[],
  given: readonly string[],
  context: Readonly<Record<string, unknown>>,
): string {
  const order = Object.keys(declared.messages);
  const item = (error: ErrorObject): number => (error.instancePath === '' ? -1 : Number(error.instancePath.split('/')[1]));
  const rank = (error: ErrorObject): number => {
    const at = order.indexOf(error.keyword);
    return at === -1 ? order.length : at;
  };
  const first = [...errors].sort((a, b) => item(a) - item(b) || rank(a) - rank(b))[0] as ErrorObject;
  const at = item(first);
  const value = at === -1 ? (given[0] as string) : (given[at] as string);
  return message(declared.messages, first.keyword, value, { ...context, given });
}

function message(messages: Messages, keyword: string, value: string, context: Readonly<Record<string, unknown>>): string {
  const say = messages[keyword];
  if (say === undefined) throw new Error(`no message for the rule ${keyword}`); // a slip in a declaration
  return say(value, context);
}

/** `declared` as an OpenAPI 3.1 parameter. */
export function openApiParameter(declared: QueryParameter<unknown>): object {
  return {
    name: declared.name,
    in: declared.in ?? 'query',
    ...(declared.required === true || declared.in === 'path' ? { required: true } : {}),
    description: declared.description,
    schema: declared.schema,
    ...(declared.repeat === undefined ? {} : { style: 'form', explode: true }),
    ...(declared.separator === '|' ? { style: 'pipeDelimited', explode: false } : {}),
  };
}

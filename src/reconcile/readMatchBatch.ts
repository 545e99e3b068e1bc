import { BadRequestError, HttpError } from '../errors.js';
import { isLangTag } from '../domain/langTag.js';
import {
  DEFAULT_LIMIT,
  MAX_BATCH,
  MAX_LIMIT,
  MAX_PROPERTIES,
  addProperty,
  checkNotations,
  setName,
  type ReconcileRequest,
} from './ReconcileBatch.js';

/** 413: a batch of more queries than the manifest's `batchSize`. */
export class BatchTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

const QUERY_FIELDS = new Set(['type', 'limit', 'lang', 'dir', 'conditions']);
const MATCH_TYPES = ['name', 'id', 'property'];
const QUANTIFIERS = ['any', 'all', 'none'];
const DIRECTIONS = ['ltr', 'rtl', 'auto'];

/**
 * Reads a reconciliation query batch of the 1.0 draft (`POST /match`: `{"queries": [...]}`)
 * into the requests the Reconciler answers, as the draft's schema describes it: every wrong
 * thing is a 400 naming where it is (`queries[2].conditions[0].matchType`), and a batch over
 * MAX_BATCH a 413. Conditions become what 0.2's queries say (README, "Reconciliation, 1.0
 * draft"): a `name` condition is the query's name; an `id` condition, a concept's IRI (that
 * concept, a match); a `property` condition is evidence, which a `required` one turns into a
 * filter, with `matchQuantifier` any, all or none. A `matchQualifier`, which the service
 * offers none of, is left out and logged, as is a property the service cannot use.
 */
export function readMatchBatch(body: unknown): ReconcileRequest[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('queries' in body)) {
    throw new BadRequestError(
      'request body: must be a JSON object {"queries": [...]} (the 1.0 draft\'s batch; a 0.2 batch of queries by key goes to the 0.2 endpoint)',
    );
  }
  const { queries } = body as { queries: unknown };
  if (!Array.isArray(queries)) throw new BadRequestError("request body: 'queries' must be an array");
  if (queries.length > MAX_BATCH)
    throw new BatchTooLargeError(
      `request body: 'queries' holds ${queries.length} queries; at most ${MAX_BATCH} a batch (the manifest's batchSize)`,
    );
  return queries.map((query, i) => readQuery(query, `queries[${i}]`));
}

function readQuery(query: unknown, where: string): ReconcileRequest {
  const fail = (field: string, message: string): never => {
    throw new BadRequestError(`request body: ${where}${field}: ${message}`);
  };
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return fail('', 'must be an object');
  for (const key of Object.keys(query))
    if (!QUERY_FIELDS.has(key)) fail(`.${key.slice(0, 40)}`, `is no field of a query (${[...QUERY_FIELDS].join(', ')})`);
  const { type, limit, lang, dir, conditions } = query as Record<string, unknown>;
  if (type !== undefined && typeof type !== 'string') fail('.type', 'must be one type identifier, a string');
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1)) fail('.limit', 'must be a positive integer');
  if (lang !== undefined && !(typeof lang === 'string' && isLangTag(lang))) fail('.lang', 'must be a language tag');
  if (dir !== undefined && !DIRECTIONS.includes(dir as string)) fail('.dir', `must be one of ${DIRECTIONS.join(', ')}`);
  if (!Array.isArray(conditions) || conditions.length === 0) return fail('.conditions', 'must be an array of at least one condition');
  if (conditions.length > MAX_PROPERTIES) fail('.conditions', `holds ${conditions.length} conditions; at most ${MAX_PROPERTIES} a query`);
  const request: ReconcileRequest = {
    query: '',
    limit: Math.min(MAX_LIMIT, (limit as number | undefined) ?? DEFAULT_LIMIT),
    types: type === undefined || type === '' ? [] : [type as string],
    typeStrict: 'any',
    ...(lang === undefined ? {} : { lang: (lang as string).toLowerCase() }),
    evidence: [],
    notations: [],
    ignored: [],
  };
  let name: string | undefined;
  let id: string | undefined;
  conditions.forEach((condition: unknown, j) => {
    const at = `.conditions[${j}]`;
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return fail(at, 'must be an object');
    const { matchType, propertyId, propertyValue, required, matchQuantifier, matchQualifier } = condition as Record<string, unknown>;
    if (!MATCH_TYPES.includes(matchType as string)) fail(`${at}.matchType`, `must be one of ${MATCH_TYPES.join(', ')}`);
    if (propertyValue === undefined) fail(`${at}.propertyValue`, 'is required');
    const values = Array.isArray(propertyValue) ? propertyValue : [propertyValue];
    values.forEach((value, k) => {
      const ok =
        typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean' ||
        (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string');
      if (!ok)
        fail(
          `${at}.propertyValue${Array.isArray(propertyValue) ? `[${k}]` : ''}`,
          'must be a string, number, boolean or an entity {"id", "name"}',
        );
    });
    if (required !== undefined && typeof required !== 'boolean') fail(`${at}.required`, 'must be true or false');
    if (matchQuantifier !== undefined && !QUANTIFIERS.includes(matchQuantifier as string))
      fail(`${at}.matchQuantifier`, `must be one of ${QUANTIFIERS.join(', ')}`);
    if (matchQualifier !== undefined && typeof matchQualifier !== 'string') fail(`${at}.matchQualifier`, 'must be a string');
    if (propertyId !== undefined && typeof propertyId !== 'string') fail(`${at}.propertyId`, 'must be a string');
    const first = values
      .map((value) => (typeof value === 'object' && value !== null ? (value as { id: string }).id : String(value)))
      .find((text) => text.trim() !== '');
    if (matchType === 'name') {
      if (name === undefined && first !== undefined) name = first.trim();
      else request.ignored.push('a second name condition: not used');
    } else if (matchType === 'id') {
      if (id === undefined && first !== undefined) id = first.trim();
      else request.ignored.push('a second id condition: not used');
    } else {
      if (propertyId === undefined) fail(`${at}.propertyId`, "is required where matchType is 'property'");
      if (matchQualifier !== undefined)
        request.ignored.push(
          `${JSON.stringify((propertyId as string).slice(0, 40))}: matchQualifier not offered, the service's own matching used`,
        );
      addProperty(request, propertyId, propertyValue, (message) => fail(at, message), {
        required: required === true,
        quantifier: (matchQuantifier as 'any' | 'all' | 'none' | undefined) ?? 'any',
      });
    }
  });
  // an id is the query (that concept, a match); else the name
  setName(request, id ?? name ?? '');
  if (id !== undefined && name !== undefined) request.ignored.push('a name beside an id condition: the id used');
  // a query of properties alone that gives no notation has no way to find candidates
  if (request.query === '' && request.notations.length === 0) {
    request.ignored.push('no name, id or notation condition: no candidates');
    request.unanswered = true;
  }
  checkNotations(request, (message) => fail('', message));
  return request;
}

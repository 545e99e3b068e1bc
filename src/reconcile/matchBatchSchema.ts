import { Ajv, type ErrorObject } from 'ajv';
import { LANG_TAG } from '../domain/langTag.js';
import { MAX_BATCH, MAX_PROPERTIES } from './ReconcileBatch.js';

const MATCH_TYPES = ['name', 'id', 'property'];
const QUANTIFIERS = ['any', 'all', 'none'];
const DIRECTIONS = ['ltr', 'rtl', 'auto'];
const QUERY_FIELDS = ['type', 'limit', 'lang', 'dir', 'conditions'];
const CONDITION_FIELDS = ['matchType', 'propertyValue', 'required', 'matchQuantifier', 'matchQualifier', 'propertyId'];

/** A value of a condition: a string, number or boolean, or an entity `{"id", "name"}`. */
const PROPERTY_VALUE = {
  anyOf: [{ type: ['string', 'number', 'boolean'] }, { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }],
};

/**
 * A query batch of the reconciliation API's 1.0 draft (`POST /reconcile/1.0-draft/match`) as
 * the service takes it: the draft's schema (reconciliation-query-batch.json), with the
 * service's limits (at most MAX_BATCH queries, a 413 above; MAX_PROPERTIES conditions a
 * query), a `limit` that is a positive integer, a `lang` that is a language tag, and a
 * `propertyId` wherever `matchType` is `property`, as the draft's prose asks. Checked at run
 * time (`batchFault`, `queryFault`, `conditionFault`), shown in `/openapi.json`; test:reconcile holds it to the draft's
 * examples.
 */
export const MATCH_BATCH_SCHEMA = {
  type: 'object',
  required: ['queries'],
  properties: {
    queries: {
      type: 'array',
      maxItems: MAX_BATCH,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['conditions'],
        properties: {
          type: { type: 'string', description: 'One type: a concept type or a scheme.' },
          limit: { type: 'integer', minimum: 1 },
          lang: { type: 'string', pattern: LANG_TAG.source },
          dir: { enum: DIRECTIONS },
          conditions: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_PROPERTIES,
            items: {
              type: 'object',
              required: ['matchType', 'propertyValue'],
              properties: {
                matchType: { enum: MATCH_TYPES },
                propertyValue: { anyOf: [PROPERTY_VALUE, { type: 'array', items: PROPERTY_VALUE }] },
                required: { type: 'boolean' },
                matchQuantifier: { enum: QUANTIFIERS },
                matchQualifier: { type: 'string' },
                propertyId: { type: 'string' },
              },
              if: { properties: { matchType: { const: 'property' } }, required: ['matchType'] },
              then: { required: ['propertyId'] },
            },
          },
        },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
const QUERY = MATCH_BATCH_SCHEMA.properties.queries.items;
const CONDITION = QUERY.properties.conditions.items;
/**
 * The batch around its queries, a query around its conditions, and a condition: checked one
 * after the other, each before what `readQuery` checks beyond the schema, so that the 400 names
 * the first fault a reader meets.
 */
const validateBatch = ajv.compile({
  ...MATCH_BATCH_SCHEMA,
  properties: { queries: { ...MATCH_BATCH_SCHEMA.properties.queries, items: true } },
});
const validateQuery = ajv.compile({
  ...QUERY,
  properties: { ...QUERY.properties, conditions: { ...QUERY.properties.conditions, items: true } },
});
const validateCondition = ajv.compile(CONDITION);

type Batch = { queries: Array<{ conditions: unknown[] }> };

/** What is wrong with a batch, worded for a 400 after "request body: " (`queries[2].conditions[0].matchType: must be ...`), and whether it is its size (a 413). */
export interface BatchFault {
  text: string;
  tooLarge?: boolean;
}

/** The first fault of `body` against MATCH_BATCH_SCHEMA, its queries aside; undefined where it has none. */
export function batchFault(body: unknown): BatchFault | undefined {
  return validateBatch(body) ? undefined : firstFault(validateBatch.errors ?? [], body, '');
}

/** The first fault of query `i` of a batch, its conditions aside; undefined where it has none. */
export function queryFault(body: Batch, i: number): BatchFault | undefined {
  return validateQuery(body.queries[i]) ? undefined : firstFault(validateQuery.errors ?? [], body, `/queries/${i}`);
}

/** The first fault of condition `j` of query `i`; undefined where it has none. */
export function conditionFault(body: Batch, i: number, j: number): BatchFault | undefined {
  const condition = body.queries[i]?.conditions[j];
  return validateCondition(condition) ? undefined : firstFault(validateCondition.errors ?? [], body, `/queries/${i}/conditions/${j}`);
}

/** The first of `errors` (found at `prefix` of `body`) as a reader meets them. */
function firstFault(errors: readonly ErrorObject[], body: unknown, prefix: string): BatchFault | undefined {
  const faults = errors.flatMap((error) => faultOf({ ...error, instancePath: `${prefix}${error.instancePath}` }, body) ?? []);
  return faults.sort((a, b) => compareOrder(a.order, b.order))[0]?.fault;
}

/** The place of a fault: by query, its field, the condition and its field, so that the first met is named. */
type Order = number[];

function compareOrder(a: Order, b: Order): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

const QUERY_MESSAGES: Readonly<Record<string, string>> = {
  type: 'must be one type identifier, a string',
  limit: 'must be a positive integer',
  lang: 'must be a language tag',
  dir: `must be one of ${DIRECTIONS.join(', ')}`,
  conditions: 'must be an array of at least one condition',
};

const CONDITION_MESSAGES: Readonly<Record<string, string>> = {
  matchType: `must be one of ${MATCH_TYPES.join(', ')}`,
  propertyValue: 'must be a string, number, boolean or an entity {"id", "name"}',
  required: 'must be true or false',
  matchQuantifier: `must be one of ${QUANTIFIERS.join(', ')}`,
  matchQualifier: 'must be a string',
  propertyId: 'must be a string',
};

/** An ajv error as the service words it, with its place; undefined for an error that another one names better. */
function faultOf(error: ErrorObject, body: unknown): { fault: BatchFault; order: Order } | undefined {
  const path = error.instancePath.split('/').slice(1);
  const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : undefined;
  const at = (order: Order, text: string, tooLarge = false) => ({ order, fault: tooLarge ? { text, tooLarge } : { text } });
  if (path.length === 0)
    return at(
      [-1],
      'must be a JSON object {"queries": [...]} (the 1.0 draft\'s batch; a 0.2 batch of queries by key goes to the 0.2 endpoint)',
    );
  const queries = (body as { queries: unknown[] }).queries;
  if (path.length === 1)
    return error.keyword === 'maxItems'
      ? at([-1], `'queries' holds ${queries.length} queries; at most ${MAX_BATCH} a batch (the manifest's batchSize)`, true)
      : at([-1], "'queries' must be an array");
  const query = Number(path[1]);
  const where = `queries[${query}]`;
  if (path.length === 2) {
    if (error.keyword === 'additionalProperties') {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      return at([query, -1], `${where}.${key.slice(0, 40)}: is no field of a query (${QUERY_FIELDS.join(', ')})`);
    }
    if (missing === 'conditions')
      return at([query, QUERY_FIELDS.indexOf('conditions')], `${where}.conditions: ${QUERY_MESSAGES.conditions}`);
    return at([query, -2], `${where}: must be an object`);
  }
  const field = path[2] as string;
  const fieldOrder = QUERY_FIELDS.indexOf(field);
  if (path.length === 3 && field === 'conditions' && error.keyword === 'maxItems') {
    const count = (queries[query] as { conditions: unknown[] }).conditions.length;
    return at([query, fieldOrder], `${where}.conditions: holds ${count} conditions; at most ${MAX_PROPERTIES} a query`);
  }
  if (path.length === 3) return at([query, fieldOrder], `${where}.${field}: ${QUERY_MESSAGES[field] as string}`);
  const condition = Number(path[3]);
  const place = `${where}.conditions[${condition}]`;
  const order = [query, fieldOrder, condition];
  if (path.length === 4) {
    if (error.keyword === 'if') return undefined; // its `then` names it
    if (missing === 'propertyId')
      return at([...order, CONDITION_FIELDS.length], `${place}.propertyId: is required where matchType is 'property'`);
    if (missing === 'propertyValue') return at([...order, CONDITION_FIELDS.indexOf(missing)], `${place}.propertyValue: is required`);
    if (missing !== undefined)
      return at([...order, CONDITION_FIELDS.indexOf(missing)], `${place}.${missing}: ${CONDITION_MESSAGES[missing] as string}`);
    return at([...order, -1], `${place}: must be an object`);
  }
  const name = path[4] as string;
  if (name !== 'propertyValue')
    return at([...order, CONDITION_FIELDS.indexOf(name)], `${place}.${name}: ${CONDITION_MESSAGES[name] as string}`);
  // a list of values names the first value at fault; a value alone, itself
  const value = (queries[query] as { conditions: Array<{ propertyValue: unknown }> }).conditions[condition]?.propertyValue;
  const item = Array.isArray(value) ? Number(path[5]) : undefined;
  if (Array.isArray(value) && (path.length < 6 || !Number.isInteger(item))) return undefined;
  return at(
    [...order, CONDITION_FIELDS.indexOf(name), item ?? -1],
    `${place}.propertyValue${item === undefined ? '' : `[${item}]`}: ${CONDITION_MESSAGES.propertyValue as string}`,
  );
}

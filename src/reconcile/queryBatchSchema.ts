import { Ajv, type ErrorObject } from 'ajv';
import { isIri } from '../domain/iri.js';
import { MAX_BATCH, MAX_PROPERTIES } from './ReconcileBatch.js';

const TYPE_STRICT = ['any', 'all', 'should'];
/** The fields of a query in the order they are checked: the 400 names the first at fault. */
const FIELDS = ['query', 'limit', 'type', 'type_strict', 'properties'];

/**
 * One query of a reconciliation query batch of the API's 0.2 (`queries`, as OpenRefine sends
 * it) as the service takes it: the specification's schema (reconciliation-query-batch.json),
 * with a `limit` that is a positive integer, types that are IRIs, and at most
 * MAX_PROPERTIES properties. A property is evidence, never an error: one the service cannot
 * read is left out and logged (ReconcileBatch.ts), so its shape is described, not refused.
 */
export const QUERY_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The name to find; trimmed.' },
    limit: { type: 'integer', minimum: 1, description: 'How many candidates at most; above 100 is lowered to 100.' },
    type: {
      description: 'A type, or a list of types: the concept types and the concept schemes, as IRIs.',
      anyOf: [
        { type: 'string', format: 'iri' },
        { type: 'array', items: { type: 'string', format: 'iri' } },
      ],
    },
    type_strict: { enum: TYPE_STRICT },
    properties: {
      description: `Properties {"pid", "v"} as evidence, at most ${MAX_PROPERTIES}; one the service cannot use is left out.`,
      if: { type: 'array' },
      then: { maxItems: MAX_PROPERTIES },
    },
  },
} as const;

/** A 0.2 query batch: queries by key, at most MAX_BATCH (the manifest's batchSize). */
export const QUERY_BATCH_SCHEMA = { type: 'object', maxProperties: MAX_BATCH, additionalProperties: QUERY_SCHEMA } as const;

const ajv = new Ajv({ allErrors: true, strict: false, formats: { iri: isIri } });
/** The batch around its queries, and one query: checked one after the other, so that the first query at fault is named, as a reader meets it. */
const validateBatch = ajv.compile({ ...QUERY_BATCH_SCHEMA, additionalProperties: true });
const validateQuery = ajv.compile(QUERY_SCHEMA);

/** What is wrong with a batch, as the 400 says it after "'queries' parameter"; undefined where nothing is. */
export function queryBatchFault(batch: unknown): string | undefined {
  if (validateBatch(batch)) return undefined;
  if (typeof batch !== 'object' || batch === null || Array.isArray(batch)) return 'must be a JSON object of queries by key';
  return `holds ${Object.keys(batch).length} queries; at most ${MAX_BATCH} a batch`;
}

/** What is wrong with one query, as the 400 says it after the query's key; undefined where nothing is. */
export function queryFault(query: unknown): string | undefined {
  if (validateQuery(query)) return undefined;
  const errors = validateQuery.errors ?? [];
  const field = (error: ErrorObject): string => error.instancePath.split('/')[1] ?? '';
  const first = [...errors].sort((a, b) => FIELDS.indexOf(field(a)) - FIELDS.indexOf(field(b)))[0] as ErrorObject;
  const { type, properties } = Object(query) as { type?: unknown; properties?: unknown };
  switch (field(first)) {
    case '':
      return 'must be an object';
    case 'query':
      return "'query' must be a string";
    case 'limit':
      return "'limit' must be a positive integer";
    case 'type': {
      const types = typeof type === 'string' ? [type] : Array.isArray(type) && type.every((t) => typeof t === 'string') ? type : undefined;
      const named = types?.find((t: string) => !isIri(t));
      return named === undefined
        ? "'type' must be a string or an array of strings"
        : `'type' ${JSON.stringify(named.slice(0, 80))} is not an IRI (the types are the concept types and the concept schemes)`;
    }
    case 'type_strict':
      return "'type_strict' must be any, all or should";
    default:
      return `'properties' holds ${(properties as unknown[]).length} properties; at most ${MAX_PROPERTIES} a query`;
  }
}

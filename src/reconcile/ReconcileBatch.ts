import { BadRequestError } from '../errors.js';
import { isIri } from '../sparql/iri.js';
import { isLangTag } from '../sparql/langTag.js';
import { checkedText } from '../endpoints/parameters.js';
import { QUERY_PROPERTIES } from './properties.js';

/** Queries in one batch at most (the manifest's `batchSize`); OpenRefine sends 10 at a time. */
export const MAX_BATCH = 100;
/** Candidates per query: `limit`'s default and most. */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

/** One reconciliation query after validation. */
export interface ReconcileRequest {
  /** Trimmed; "" when the query gives only properties. */
  query: string;
  limit: number;
  types: string[];
  typeStrict: 'any' | 'all' | 'should';
  /** Lower case. */
  lang?: string | undefined;
  /** Values of the `scheme` property: the concept must be in one of them. */
  schemes: string[];
  /** Values of the `broader` property: IRIs, or labels. */
  broader: string[];
  /** Values of the `notation` property. */
  notations: string[];
}

/**
 * Reads the `queries` parameter: a JSON object of queries by key, as the reconciliation
 * API's query batch schema describes. Every wrong thing is a 400 naming `queries`, the key
 * and the field.
 */
export function readBatch(text: string): Map<string, ReconcileRequest> {
  let batch: unknown;
  try {
    batch = JSON.parse(text);
  } catch {
    throw new BadRequestError("'queries' parameter is not JSON");
  }
  if (typeof batch !== 'object' || batch === null || Array.isArray(batch)) throw new BadRequestError("'queries' parameter must be a JSON object of queries by key");
  const entries = Object.entries(batch);
  if (entries.length > MAX_BATCH) throw new BadRequestError(`'queries' parameter holds ${entries.length} queries; at most ${MAX_BATCH} a batch`);
  return new Map(entries.map(([key, query]) => [key, readQuery(key, query)]));
}

function readQuery(key: string, query: unknown): ReconcileRequest {
  const where = `'queries' parameter: query ${JSON.stringify(key.slice(0, 40))}:`;
  const fail = (message: string): never => {
    throw new BadRequestError(`${where} ${message}`);
  };
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return fail('must be an object');
  const { query: text, limit, type, type_strict: typeStrict, properties } = query as Record<string, unknown>;
  if (text !== undefined && typeof text !== 'string') fail("'query' must be a string");
  const q = checkedText(((text as string | undefined) ?? '').trim(), `${where} 'query'`);
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1)) fail("'limit' must be a positive integer");
  const types = type === undefined ? [] : typeof type === 'string' ? [type] : Array.isArray(type) && type.every((t) => typeof t === 'string') ? (type as string[]) : fail("'type' must be a string or an array of strings");
  for (const t of types) if (!isIri(t)) fail(`'type' ${JSON.stringify(t.slice(0, 80))} is not an IRI (the types are the concept types and the concept schemes)`);
  if (typeStrict !== undefined && typeStrict !== 'any' && typeStrict !== 'all' && typeStrict !== 'should') fail("'type_strict' must be any, all or should");
  const request: ReconcileRequest = { query: q, limit: Math.min(MAX_LIMIT, (limit as number | undefined) ?? DEFAULT_LIMIT), types, typeStrict: (typeStrict as ReconcileRequest['typeStrict'] | undefined) ?? 'any', schemes: [], broader: [], notations: [] };
  if (properties !== undefined && !Array.isArray(properties)) fail("'properties' must be an array");
  for (const property of (properties as unknown[] | undefined) ?? []) {
    const { pid, v } = (typeof property === 'object' && property !== null ? property : {}) as Record<string, unknown>;
    if (typeof pid !== 'string') return fail("each of 'properties' needs a 'pid' string");
    if (!QUERY_PROPERTIES.some((known) => known.id === pid)) fail(`property ${JSON.stringify(pid.slice(0, 40))} is not one of ${QUERY_PROPERTIES.map((p) => p.id).join(', ')}`);
    const values = (Array.isArray(v) ? v : [v]).map((value) => (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : typeof value === 'string' || typeof value === 'number' ? String(value).trim() : fail(`property ${pid}: 'v' must be strings, numbers or objects with an 'id'`)));
    if (pid === 'lang') {
      if (values.length !== 1 || !isLangTag(values[0] as string)) fail("property lang: 'v' must be one language tag");
      request.lang = (values[0] as string).toLowerCase();
    } else if (pid === 'scheme') {
      for (const value of values) if (!isIri(value)) fail(`property scheme: ${JSON.stringify(value.slice(0, 80))} is not an IRI`);
      request.schemes.push(...values);
    } else if (pid === 'broader') request.broader.push(...values);
    else request.notations.push(...values.map((value) => checkedText(value, `${where} property notation`)));
  }
  if (q === '' && request.notations.length === 0) fail("needs a non-empty 'query' (or a notation property)");
  return request;
}

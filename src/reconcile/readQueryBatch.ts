import { BadRequestError } from '../errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, addProperty, checkNotations, setName, type ReconcileRequest } from './ReconcileBatch.js';
import { queryBatchFault, queryFault } from './queryBatchSchema.js';

/**
 * Reads the `queries` parameter: a JSON object of queries by key, as the reconciliation
 * API's query batch schema describes it (QUERY_BATCH_SCHEMA, the service's limits with it).
 * Every wrong thing is a 400 naming `queries`, the key and the field: the batch, then each
 * query in turn, its shape and then what no schema says (its properties' values, its name).
 */
export function readQueryBatch(text: string): Map<string, ReconcileRequest> {
  let batch: unknown;
  try {
    batch = JSON.parse(text);
  } catch {
    throw new BadRequestError("'queries' parameter is not JSON");
  }
  const fault = queryBatchFault(batch);
  if (fault !== undefined) throw new BadRequestError(`'queries' parameter ${fault}`);
  return new Map(Object.entries(batch as object).map(([key, query]) => [key, readQuery(key, query)]));
}

function readQuery(key: string, query: unknown): ReconcileRequest {
  const where = `'queries' parameter: query ${JSON.stringify(key.slice(0, 40))}:`;
  const fail = (message: string): never => {
    throw new BadRequestError(`${where} ${message}`);
  };
  const fault = queryFault(query);
  if (fault !== undefined) fail(fault);
  const { query: text, limit, type, type_strict: typeStrict, properties } = query as Record<string, unknown>;
  const request: ReconcileRequest = {
    query: '',
    limit: Math.min(MAX_LIMIT, (limit as number | undefined) ?? DEFAULT_LIMIT),
    types: type === undefined ? [] : typeof type === 'string' ? [type] : (type as string[]),
    typeStrict: (typeStrict as ReconcileRequest['typeStrict'] | undefined) ?? 'any',
    evidence: [],
    notations: [],
    ignored: [],
  };
  const given = Array.isArray(properties) ? properties : properties === undefined ? [] : [properties];
  for (const property of given) {
    const { pid, v } = (typeof property === 'object' && property !== null ? property : {}) as Record<string, unknown>;
    addProperty(request, pid, v, fail);
  }
  if (setName(request, ((text as string | undefined) ?? '').trim()) && request.query === '' && request.notations.length === 0)
    fail("needs a non-empty 'query' (or a notation property)");
  checkNotations(request, fail);
  return request;
}

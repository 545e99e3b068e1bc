import { BadRequestError, HttpError } from '../errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, addProperty, checkNotations, setName, type ReconcileRequest } from './ReconcileBatch.js';
import { batchFault, conditionFault, queryFault, type BatchFault } from './matchBatchSchema.js';

/** 413: a batch of more queries than the manifest's `batchSize`. */
export class BatchTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

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
  refuse(batchFault(body));
  const batch = body as { queries: Array<{ conditions: unknown[] }> };
  return batch.queries.map((query, i) => {
    refuse(queryFault(batch, i));
    return readQuery(query, `queries[${i}]`, (j) => refuse(conditionFault(batch, i, j)));
  });
}

/** Throws the 400 (or 413) of a fault, if any. */
function refuse(fault: BatchFault | undefined): void {
  if (fault?.tooLarge === true) throw new BatchTooLargeError(`request body: ${fault.text}`);
  if (fault !== undefined) throw new BadRequestError(`request body: ${fault.text}`);
}

/** A query of a batch that keeps MATCH_BATCH_SCHEMA (each condition checked as it is met: `checkCondition`), as the Reconciler's request; what no schema says (the values a property may give, the notations) is checked here. */
function readQuery(query: Record<string, unknown>, where: string, checkCondition: (j: number) => void): ReconcileRequest {
  const fail = (field: string, message: string): never => {
    throw new BadRequestError(`request body: ${where}${field}: ${message}`);
  };
  const { type, limit, lang, conditions } = query as { type?: string; limit?: number; lang?: string; conditions: unknown[] };
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
  conditions.forEach((condition, j) => {
    checkCondition(j);
    const at = `.conditions[${j}]`;
    const { matchType, propertyId, propertyValue, required, matchQuantifier, matchQualifier } = condition as Record<string, unknown>;
    const values = Array.isArray(propertyValue) ? propertyValue : [propertyValue];
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

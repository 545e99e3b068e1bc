import { BadRequestError } from '../errors.js';
import { isIri } from '../domain/iri.js';
import { isLangTag } from '../domain/langTag.js';
import { CONTROL_CHARACTERS, MAX_Q_LENGTH, checkedName } from '../endpoints/parameters.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { ALL_PROPERTIES } from './properties.js';
import { EVIDENCE, type Evidence, type EvidenceProperty, type PropertyValue } from '../domain/evidence.js';

export type { Evidence, EvidenceProperty, PropertyValue } from '../domain/evidence.js';

/** Queries in one batch at most (the manifest's `batchSize`); OpenRefine sends 10 at a time. */
export const MAX_BATCH = 100;
/** Candidates per query: `limit`'s default and most. */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
/**
 * What one query may ask, so that a batch's cost is bounded by what it asks and not by the
 * data (docs/production.md, "Limits"): properties (0.2) or conditions (1.0) a query, values a property,
 * notations to look up as identifiers; above one, a 400 naming it. A value longer than
 * MAX_TEXT (q's rule) is left out and logged, as a name longer than MAX_NAME_LENGTH gets no
 * candidates (endpoints/parameters.ts): one long cell never fails a column's batch.
 */
export const MAX_PROPERTIES = 10;
export const MAX_VALUES = 10;
export const MAX_NOTATIONS = 10;
export const MAX_TEXT = MAX_Q_LENGTH;

/** One reconciliation query after validation. */
export interface ReconcileRequest {
  /** Trimmed; "" when the query gives only properties. */
  query: string;
  limit: number;
  types: string[];
  typeStrict: 'any' | 'all' | 'should';
  /** Lower case. */
  lang?: string | undefined;
  /** Properties given, each with its values: evidence that raises or lowers a candidate's score. */
  evidence: Evidence[];
  /** What the notation properties give: also identifiers (a query without a name finds concepts by them). */
  notations: string[];
  /** Properties that could not be used, each with the reason (no value: what people search for is theirs), for the request log. */
  ignored: string[];
  /** The query's name could not be used (too long, control characters): it gets no candidates. */
  unanswered?: boolean;
}

/**
 * Sets the query's name (0.2's `query`, 1.0's name or id condition). A cell that is no name
 * (over MAX_NAME_LENGTH characters, control characters) gets no candidates, and the request log
 * says why: not a 400 for the whole batch. False where the name was refused.
 */
export function setName(request: ReconcileRequest, text: string): boolean {
  try {
    request.query = checkedName(text, "'query'");
    return true;
  } catch (error) {
    request.ignored.push(`${error instanceof Error ? error.message : String(error)}: no candidates`);
    request.unanswered = true;
    return false;
  }
}

/** At most MAX_NOTATIONS notations a query, each a look-up of its own. */
export function checkNotations(request: ReconcileRequest, fail: (message: string) => never): void {
  if (request.notations.length > MAX_NOTATIONS)
    fail(`gives ${request.notations.length} notations to look up; at most ${MAX_NOTATIONS} a query`);
}

/**
 * Adds a property given with a query (0.2's `{pid, v}`, 1.0's property condition) to the
 * request. A property is evidence, never an error (docs/openrefine.md, "Reconciliation"): one the
 * service cannot use is left out, and the request log says which and why (`ignored`); the
 * other queries of the batch, and this one, are answered.
 */
export function addProperty(
  request: ReconcileRequest,
  pid: unknown,
  v: unknown,
  /** Throws the 400 for a limit passed, naming where the query is. */
  fail: (message: string) => never,
  how: Pick<Evidence, 'required' | 'quantifier'> = {},
): void {
  const ignore = (why: string): void => {
    request.ignored.push(`${typeof pid === 'string' ? JSON.stringify(pid.slice(0, 40)) : 'a property without a pid'}: ${why}`);
  };
  if (typeof pid !== 'string') return ignore("no 'pid' string");
  const given = Array.isArray(v) ? v : [v];
  if (given.length > MAX_VALUES)
    fail(`property ${JSON.stringify(pid.slice(0, 40))} has ${given.length} values; at most ${MAX_VALUES} a property`);
  const all = given.flatMap(propertyValue);
  const readable = all.filter(({ label }) => label === undefined || (label.isWellFormed() && !CONTROL_CHARACTERS.test(label)));
  if (readable.length < all.length) ignore(`${all.length - readable.length} value(s) with control characters or lone surrogates left out`);
  const values = readable.filter(({ label }) => label === undefined || label.length <= MAX_TEXT);
  if (values.length < readable.length) ignore(`${readable.length - values.length} value(s) over ${MAX_TEXT} characters left out`);
  if (values.length === 0) return ignore('no value the service can read (strings, numbers, or objects with an id or name)');
  if (pid === 'lang') {
    const tag = values[0]?.label;
    if (values.length === 1 && tag !== undefined && isLangTag(tag)) request.lang = tag.toLowerCase();
    else ignore('not one language tag');
  } else if (EVIDENCE.includes(pid)) {
    request.evidence.push({ pid: pid as EvidenceProperty, values, ...how });
    if (pid === 'notation' && how.quantifier !== 'none')
      request.notations.push(...values.flatMap(({ label }) => (label === undefined ? [] : [label])));
  } else {
    ignore(
      ALL_PROPERTIES.some((known) => known.id === pid)
        ? 'not used to score candidates'
        : `not one of ${ALL_PROPERTIES.map((known) => known.id).join(', ')}`,
    );
  }
}

/**
 * A property's value as a query gives it: a string or number (an IRI where it is one, else a
 * label), or a reconciled cell's object with `id` and `name`. Nothing for what is neither.
 */
function propertyValue(value: unknown): PropertyValue[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value).trim();
    if (text === '') return [];
    return [
      isIri(text) && !/\s/.test(text) ? { iri: text, label: text, folded: foldedLabel(text) } : { label: text, folded: foldedLabel(text) },
    ];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const { id, name } = value as { id?: unknown; name?: unknown };
  const iri = typeof id === 'string' && isIri(id.trim()) ? id.trim() : undefined;
  const label =
    typeof name === 'string' && name.trim() !== ''
      ? name.trim()
      : typeof id === 'string' && iri === undefined && id.trim() !== ''
        ? id.trim()
        : undefined;
  return iri === undefined && label === undefined ? [] : [{ iri, label, folded: label === undefined ? undefined : foldedLabel(label) }];
}

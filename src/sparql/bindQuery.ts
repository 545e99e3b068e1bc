import sparqljs, { type ConstructQuery, type Pattern, type SelectQuery } from 'sparqljs';
import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import { isRdfIri } from '../domain/iri.js';
import { isLangTag } from '../domain/langTag.js';

/**
 * What a placeholder variable of a query template is bound to:
 * - a term: every occurrence of the variable becomes that term;
 * - a list of terms: where the template has a `VALUES ?name { ... }` block, that block gets
 *   one row per term (a single term also gets a row of NO_MATCH, for Virtuoso's sake) (and the variable stays a variable elsewhere); where it has none, each
 *   FILTER that mentions the variable is repeated once per term, all of which must hold
 *   (for an empty list the FILTER is `false`, so nothing matches);
 * - `undefined`: where the template has a `VALUES ?name { ... }` block, that block is left
 *   out (and the variable stays a variable elsewhere); where it has none, every FILTER that
 *   mentions the variable is left out (an optional restriction).
 */
export type Placeholder = Term | readonly Term[] | undefined;

export interface Page {
  limit: number;
  offset: number;
}

/** A template or a binding that would write a query other than the template says: a bug, not bad input. */
export class UnsafeBindingError extends Error {
  override name = 'UnsafeBindingError';
}

const generator = new sparqljs.Generator();
/** An IRI that no store holds (the `urn:x-skos-lookup:` namespace is this service's own). */
export const NO_MATCH = rdf.namedNode('urn:x-skos-lookup:no-such-resource');
const FALSE = rdf.literal('false', rdf.namedNode('http://www.w3.org/2001/XMLSchema#boolean'));

/**
 * Writes `template` with its placeholders bound, and `page` as LIMIT and OFFSET.
 *
 * This is the only way a request's input reaches a query: as typed RDF terms, checked
 * here (an IRI must pass `isRdfIri`, a literal must be well-formed Unicode with a valid
 * language tag) and written out by the SPARQL generator, which escapes literals. No text is
 * spliced, so no input can add a pattern, a clause or a comment.
 * @throws UnsafeBindingError for a term that cannot be written safely, or a placeholder the
 *   template does not have.
 */
export function bindQuery(
  template: SelectQuery | ConstructQuery,
  placeholders: Readonly<Record<string, Placeholder>>,
  page?: Page,
): string {
  for (const [name, value] of Object.entries(placeholders)) {
    if (!mentions(template, new Set([name]))) throw new UnsafeBindingError(`the query has no placeholder ?${name}`);
    for (const term of value === undefined ? [] : Array.isArray(value) ? value : [value as Term]) checkTerm(term);
  }
  // a list, or `undefined`, for a variable with a VALUES block of its own binds (or drops) that block alone
  const inValues = new Set(
    Object.keys(placeholders).filter(
      (name) => (Array.isArray(placeholders[name]) || placeholders[name] === undefined) && hasValuesBlock(template, name),
    ),
  );
  const bound = substitute(template, placeholders, inValues) as SelectQuery | ConstructQuery;
  if (page !== undefined) {
    if (!Number.isSafeInteger(page.limit) || !Number.isSafeInteger(page.offset) || page.limit < 0 || page.offset < 0) {
      throw new UnsafeBindingError('LIMIT and OFFSET must be non-negative integers');
    }
    // sparqljs types LIMIT and OFFSET on SELECT queries only; its generator writes them for any query
    (bound as SelectQuery).limit = page.limit;
    (bound as SelectQuery).offset = page.offset;
  }
  return generator.stringify(bound);
}

function checkTerm(term: Term): void {
  switch (term.termType) {
    case 'NamedNode':
      if (!isRdfIri(term.value)) throw new UnsafeBindingError('an IRI placeholder got a value that is not a valid absolute IRI');
      return;
    case 'Literal':
      if (!term.value.isWellFormed()) throw new UnsafeBindingError('a literal placeholder got a string with a lone surrogate');
      // sparqljs, and so perhaps other parsers, read U+2028 and U+2029 in a string as a line end
      if (/[\u2028\u2029]/.test(term.value)) throw new UnsafeBindingError('a literal placeholder got a line or paragraph separator');
      if (term.language !== '' && !isLangTag(term.language))
        throw new UnsafeBindingError('a literal placeholder got a malformed language tag');
      if (!isRdfIri(term.datatype.value)) throw new UnsafeBindingError('a literal placeholder got a malformed datatype');
      return;
    default:
      throw new UnsafeBindingError(`a placeholder cannot be bound to a ${term.termType}`);
  }
}

type Node = unknown;

function isTerm(node: Node): node is Term {
  return typeof node === 'object' && node !== null && 'termType' in node;
}

function isVariable(node: Node): node is Term & { termType: 'Variable' } {
  return isTerm(node) && node.termType === 'Variable';
}

/** Whether the query or pattern `node` uses `?name` anywhere. */
export function mentionsVariable(node: unknown, name: string): boolean {
  return mentions(node, new Set([name]));
}

/** Whether `node` uses any of the variables `names` anywhere. */
function mentions(node: Node, names: ReadonlySet<string>): boolean {
  if (isVariable(node)) return names.has(node.value);
  if (isTerm(node)) return false;
  if (Array.isArray(node)) return node.some((child) => mentions(child, names));
  if (typeof node === 'object' && node !== null) {
    return Object.entries(node).some(([key, child]) => (key.startsWith('?') && names.has(key.slice(1))) || mentions(child, names));
  }
  return false;
}

/** A copy of `node` with the placeholders bound; the template is never changed. */
function substitute(node: Node, placeholders: Readonly<Record<string, Placeholder>>, inValues: ReadonlySet<string>): Node {
  if (isVariable(node)) {
    const value = placeholders[node.value];
    if (value === undefined || inValues.has(node.value)) return node;
    if (Array.isArray(value)) throw new UnsafeBindingError(`the list placeholder ?${node.value} stands outside VALUES and FILTER`);
    return value;
  }
  if (isTerm(node)) return node;
  if (Array.isArray(node)) return node.flatMap((child) => substitutePattern(child, placeholders, inValues));
  if (typeof node === 'object' && node !== null) {
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, substitute(child, placeholders, inValues)]));
  }
  return node;
}

/** An element of an array: a FILTER or VALUES pattern may turn into none or several. */
function substitutePattern(node: Node, placeholders: Readonly<Record<string, Placeholder>>, inValues: ReadonlySet<string>): Node[] {
  const pattern = node as Pattern;
  if (typeof node !== 'object' || node === null || !('type' in node)) return [substitute(node, placeholders, inValues)];
  if (pattern.type === 'values') {
    const values = bindValues(pattern, placeholders, inValues);
    return values === undefined ? [] : [values];
  }
  if (pattern.type !== 'filter') return [substitute(node, placeholders, inValues)];

  const used = Object.keys(placeholders).filter((name) => !inValues.has(name) && mentions(pattern.expression, new Set([name])));
  if (used.some((name) => placeholders[name] === undefined)) return [];
  const lists = used.filter((name) => Array.isArray(placeholders[name]));
  if (lists.length > 1) throw new UnsafeBindingError(`a FILTER mentions more than one list placeholder: ${lists.join(', ')}`);
  const [list] = lists;
  if (list === undefined) return [substitute(node, placeholders, inValues)];
  const items = placeholders[list] as readonly Term[];
  if (items.length === 0) return [{ type: 'filter', expression: FALSE }];
  return items.map((item) => substitute(node, { ...placeholders, [list]: item }, inValues));
}

/** The VALUES block with the placeholder's rows; undefined (no block) for a placeholder given as `undefined`. */
function bindValues(
  pattern: Extract<Pattern, { type: 'values' }>,
  placeholders: Readonly<Record<string, Placeholder>>,
  inValues: ReadonlySet<string>,
): Node | undefined {
  const columns = Object.keys(pattern.values[0] ?? {});
  const [column] = columns;
  const value = column === undefined ? undefined : placeholders[column.slice(1)];
  if (value === undefined)
    return column !== undefined && column.slice(1) in placeholders ? undefined : substitute(pattern, placeholders, inValues);
  if (columns.length !== 1) throw new UnsafeBindingError(`the placeholder ${column} must have a VALUES block of its own`);
  const items = Array.isArray(value) ? value : [value as Term];
  // One row gets a second that matches nothing: Virtuoso 7 takes about 150 ms to compile a
  // query whose VALUES block has a single row (it plans around the constant), and 5 ms with
  // two; it keeps compiled plans by query text, so each new /get?uri=X paid it in full.
  const rows = items.length === 1 ? [...items, NO_MATCH] : items;
  return { type: 'values', values: rows.map((item) => ({ [column as string]: item })) };
}

function hasValuesBlock(node: Node, name: string): boolean {
  if (Array.isArray(node)) return node.some((child) => hasValuesBlock(child, name));
  if (typeof node !== 'object' || node === null || isTerm(node)) return false;
  const pattern = node as Pattern;
  if (pattern.type === 'values') return pattern.values.some((row) => `?${name}` in row);
  return Object.values(node).some((child) => hasValuesBlock(child, name));
}

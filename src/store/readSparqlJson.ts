import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import type { Bindings } from './SparqlStore.js';

interface JsonTerm {
  type?: unknown;
  value?: unknown;
  'xml:lang'?: unknown;
  datatype?: unknown;
}

/**
 * The rows of a SPARQL 1.1 JSON results document as bindings of RDF/JS terms, one at a time
 * (so that `inTurns` reads a long answer in slices, between which others get the thread).
 * @throws TypeError when the document is not SELECT results.
 */
export function sparqlJsonRows(document: unknown): Iterable<Bindings> {
  const rows = (document as { results?: { bindings?: unknown } } | null)?.results?.bindings;
  if (!Array.isArray(rows)) throw new TypeError('not SPARQL JSON SELECT results');
  return (function* () {
    for (const row of rows as Record<string, JsonTerm>[]) {
      const bindings: Record<string, Term> = {};
      for (const name of Object.keys(row)) bindings[name] = toTerm(row[name] as JsonTerm);
      yield bindings;
    }
  })();
}

function toTerm(term: JsonTerm): Term {
  if (typeof term !== 'object' || term === null || typeof term.value !== 'string')
    throw new TypeError('malformed RDF term in SPARQL results');
  switch (term.type) {
    case 'uri':
      return rdf.namedNode(term.value);
    case 'bnode':
      return rdf.blankNode(term.value);
    case 'literal':
    case 'typed-literal': {
      if (typeof term['xml:lang'] === 'string' && term['xml:lang'] !== '') return rdf.literal(term.value, term['xml:lang']);
      if (typeof term.datatype === 'string') return rdf.literal(term.value, rdf.namedNode(term.datatype));
      return rdf.literal(term.value);
    }
    default:
      throw new TypeError(`unknown RDF term type in SPARQL results: ${String(term.type)}`);
  }
}

import oxigraph from 'oxigraph';

/**
 * The contract's rule for what this service accepts as an IRI, from a request (`uri`,
 * `scheme`) or from configuration (`CONCEPT_TYPES`, `SPARQL_GRAPH`): an absolute IRI,
 * `scheme:` then at least one character, with none of the characters SPARQL forbids
 * inside `<...>` (`<>"{}|^` backtick backslash, space, control characters). A value
 * that breaks it is a 400.
 */
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^<>"{}|^`\\\u0000-\u0020\u007F-\u009F]+$/u;

export function isIri(value: string): boolean {
  return value.isWellFormed() && ABSOLUTE_IRI.test(value);
}

/**
 * Whether `value` is also a valid IRI by RFC 3987 (percent-escapes of two hex digits, one
 * `#`, a numeric port...), checked by Oxigraph's IRI parser. A value that passes `isIri`
 * but not this cannot name anything in an RDF store, and strict stores reject a query that
 * holds it, so it never reaches one: /get leaves it out like any URI that is not a concept,
 * and a `scheme` of that kind has no concepts.
 */
export function isRdfIri(value: string): boolean {
  // U+2028 and U+2029 are valid in an IRI, but sparqljs (and so perhaps other parsers)
  // reads them as line ends inside a query.
  if (!isIri(value) || /[\u2028\u2029]/.test(value)) return false;
  try {
    oxigraph.namedNode(value);
    return true;
  } catch {
    return false;
  }
}

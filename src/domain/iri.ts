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

/** A character of an IRI's path, query or fragment that RFC 3987 always allows: unreserved, sub-delims, `:@/`, or a letter of its `ucschar` ranges in the Basic Multilingual Plane (no surrogates, no non-characters). */
const PATH_CHARACTER = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF-]|%[0-9A-Fa-f]{2})";
/**
 * IRIs that are valid by RFC 3987 at a glance: a scheme, an optional authority of a plain
 * host name (letters, digits, `.`, `-`, `_`, `~`) and a numeric port, then a path, query
 * and fragment of characters always allowed there. Anything else is asked of Oxigraph's
 * IRI parser. test/domain/iri.test.ts holds the two to the same answers.
 */
const PLAINLY_VALID = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*:(?://[A-Za-z0-9._~-]*(?::[0-9]*)?(?=[/?#]|$)|(?!//))${PATH_CHARACTER}*(?:\\?(?:${PATH_CHARACTER}|\\?)*)?(?:#(?:${PATH_CHARACTER}|\\?)*)?$`,
);

/**
 * Whether `value` is also a valid IRI by RFC 3987 (percent-escapes of two hex digits, one
 * `#`, a numeric port...), checked by Oxigraph's IRI parser, in Unicode Normal Form C and
 * with the components its scheme requires. A value that passes `isIri` but not this cannot name anything in an RDF store, and strict stores reject a query that
 * holds it, so it never reaches one: /get leaves it out like any URI that is not a concept,
 * and a `scheme` of that kind has no concepts.
 */
export function isRdfIri(value: string): boolean {
  // U+2028 and U+2029 are valid in an IRI, but sparqljs (and so perhaps other parsers)
  // reads them as line ends inside a query.
  if (!isIri(value) || /[\u2028\u2029]/.test(value)) return false;
  // RFC 3987 asks for IRIs in Unicode Normal Form C; Jena's SPARQL parser refuses others,
  // and refuses Unicode's deprecated characters (U+0149, U+17A3, U+E0001...) and white space
  // beyond ASCII's (U+3000, U+205F...: its UNICODE_WHITESPACE) too.
  if (/[^\u0000-\u007F]/.test(value) && (value.normalize('NFC') !== value || /[\p{Deprecated}\p{White_Space}]/u.test(value))) return false;
  // The components some schemes require, which Jena's parser checks: a host for http, https
  // and ftp (`http:x`, `http:///x`), a path for urn (`urn:?x`).
  if (/^(https?|ftp):/i.test(value) && !/^[a-z]+:\/\/[^/?#:@]/i.test(value.replace(/^([a-z]+:\/\/)[^/?#@]*@/i, '$1'))) return false;
  if (/^urn:[?#]/i.test(value)) return false;
  if (PLAINLY_VALID.test(value)) return true; // most IRIs, without the cost of asking Oxigraph (tens of microseconds)
  try {
    oxigraph.namedNode(value);
    return true;
  } catch {
    return false;
  }
}

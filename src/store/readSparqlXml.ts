import rdf from '@rdfjs/data-model';
import type { Term } from '@rdfjs/types';
import type { Bindings } from './SparqlStore.js';

/**
 * One token of a SPARQL XML results document: a result's start (`<result>`, or `<result/>`
 * for a row with nothing bound), its end, a whole binding with its term, or (the last
 * alternative, tried only where the others fail) a result or binding of any other shape,
 * which is refused. Text between tokens (white space, the head) is skipped.
 */
const TOKEN =
  /<result\s*(\/?)>|<\/result\s*>|<binding\s+name\s*=\s*(?:"([^"]*)"|'([^']*)')\s*>\s*(?:<(uri|bnode)\s*>([^<]*)<\/(?:uri|bnode)\s*>|<literal\b([^>]*?)(?:\/>|>((?:[^<]|<!\[CDATA\[[\s\S]*?\]\]>)*)<\/literal\s*>))\s*<\/binding\s*>|<(?:result|binding)\b/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));|<!\[CDATA\[([\s\S]*?)\]\]>/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The rows of a SPARQL 1.1 XML results document (https://www.w3.org/TR/rdf-sparql-XMLres/) as
 * bindings of RDF/JS terms, one at a time, as `sparqlJsonRows` reads the JSON form (for
 * `inTurns`). Asked of stores that write XML much faster than JSON (Virtuoso, `HttpStore`).
 * It reads the document's standard shape, as stores write it: elements without namespace
 * prefixes, text with the five named entities, character references and CDATA sections.
 * @throws TypeError when the document is not SELECT results (at once), or holds a result or
 *   binding of another shape (when that row is reached).
 */
export function sparqlXmlRows(text: string): Iterable<Bindings> {
  const start = /<results\b[^>]*?(\/?)>/.exec(text);
  if (start === null || !/<sparql\b/.test(text.slice(0, start.index))) throw new TypeError('not SPARQL XML SELECT results');
  return (function* () {
    if (start[1] === '/') return;
    const token = new RegExp(TOKEN.source, 'g');
    let row: Record<string, Term> | undefined;
    token.lastIndex = start.index;
    for (let found = token.exec(text); found !== null; found = token.exec(text)) {
      const [whole, empty, doubleQuoted, singleQuoted, kind, node, attributes, literal] = found;
      if (whole === '<result' || whole === '<binding') throw new TypeError('a result or binding of a shape SPARQL XML results do not have');
      if (whole.startsWith('<result')) {
        if (row !== undefined) throw new TypeError('a result starts inside another');
        if (empty === '/') yield {};
        else row = {};
      } else if (whole.startsWith('</result')) {
        if (row === undefined) throw new TypeError('a result ends that did not start');
        yield row;
        row = undefined;
      } else {
        if (row === undefined) throw new TypeError('a binding outside a result');
        row[doubleQuoted ?? singleQuoted ?? ''] =
          kind === undefined ? literalOf(attributes ?? '', literal ?? '') : nodeOf(kind, node ?? '');
      }
    }
    if (row !== undefined) throw new TypeError('the last result does not end');
  })();
}

function nodeOf(kind: string, text: string): Term {
  const value = unescapeXml(text);
  return kind === 'uri' ? rdf.namedNode(value) : rdf.blankNode(value);
}

function literalOf(attributes: string, text: string): Term {
  let lang: string | undefined;
  let datatype: string | undefined;
  for (const [, name, double, single] of attributes.matchAll(ATTRIBUTE)) {
    const value = unescapeXml(double ?? single ?? '');
    if (name === 'xml:lang') lang = value;
    else if (name === 'datatype') datatype = value;
  }
  const value = unescapeXml(text);
  if (lang !== undefined && lang !== '') return rdf.literal(value, lang);
  if (datatype !== undefined) return rdf.literal(value, rdf.namedNode(datatype));
  return rdf.literal(value);
}

function unescapeXml(text: string): string {
  if (!text.includes('&') && !text.includes('<')) return text;
  return text.replace(
    ENTITY,
    (_, hex: string | undefined, decimal: string | undefined, named: string | undefined, cdata: string | undefined) => {
      if (cdata !== undefined) return cdata;
      if (named !== undefined) return NAMED[named] as string;
      return String.fromCodePoint(hex !== undefined ? parseInt(hex, 16) : Number(decimal));
    },
  );
}

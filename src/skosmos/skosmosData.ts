import type { Term } from '@rdfjs/types';
import oxigraph from 'oxigraph';
import { HttpError } from '../errors.js';
import type { Description } from '../lookup/storePath/StoreConcepts.js';

/** The formats `data` answers in, as Skosmos names them (its `format` parameter, or `Accept`). */
export const DATA_FORMATS = ['application/rdf+xml', 'text/turtle', 'application/ld+json', 'application/json'] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

class NotAcceptableError extends HttpError {
  constructor() {
    super(406, `Unsupported format. Supported MIME types are: ${DATA_FORMATS.join(' ')}`);
  }
}

/** The format asked for: `format` first, else the first of `Accept` that is supported, else JSON-LD as Skosmos does. */
export function dataFormat(format: string | undefined, accept: string | undefined): DataFormat {
  if (format !== undefined) {
    const chosen = DATA_FORMATS.find((candidate) => candidate === format.trim().toLowerCase());
    if (chosen === undefined) throw new NotAcceptableError();
    return chosen;
  }
  for (const range of (accept ?? '').split(',')) {
    const type = range.split(';')[0]?.trim().toLowerCase();
    const chosen = DATA_FORMATS.find((candidate) => candidate === type);
    if (chosen !== undefined) return chosen;
  }
  return 'application/ld+json';
}

/** Skosmos' context for `data` in JSON-LD: its short names, and the prefixes it compacts to. */
const CONTEXT: Record<string, string> = {
  skos: 'http://www.w3.org/2004/02/skos/core#',
  isothes: 'http://purl.org/iso25964/skos-thes#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  dct: 'http://purl.org/dc/terms/',
  dc11: 'http://purl.org/dc/elements/1.1/',
  uri: '@id',
  type: '@type',
  lang: '@language',
  value: '@value',
  graph: '@graph',
  label: 'rdfs:label',
  prefLabel: 'skos:prefLabel',
  altLabel: 'skos:altLabel',
  hiddenLabel: 'skos:hiddenLabel',
  broader: 'skos:broader',
  narrower: 'skos:narrower',
  related: 'skos:related',
  inScheme: 'skos:inScheme',
  exactMatch: 'skos:exactMatch',
  closeMatch: 'skos:closeMatch',
  broadMatch: 'skos:broadMatch',
  narrowMatch: 'skos:narrowMatch',
  relatedMatch: 'skos:relatedMatch',
};
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const SHORT = new Map(
  Object.entries(CONTEXT)
    .filter(([, value]) => value.includes(':') && !value.startsWith('http'))
    .map(([name, value]) => [`${CONTEXT[value.split(':')[0] as string]}${value.split(':')[1]}`, name]),
);

/** An IRI as Skosmos' context writes it: `skos:Concept` for a known prefix, else whole. */
function compact(iri: string): string {
  for (const [prefix, namespace] of Object.entries(CONTEXT))
    if (namespace.startsWith('http') && iri.startsWith(namespace) && iri.length > namespace.length)
      return `${prefix}:${iri.slice(namespace.length)}`;
  return iri;
}

function jsonValue(term: Term): unknown {
  if (term.termType === 'NamedNode') return { uri: term.value };
  if (term.termType === 'BlankNode') return { uri: `_:${term.value}` };
  if (term.termType !== 'Literal') return term.value;
  if (term.language !== '') return { lang: term.language, value: term.value };
  return term.datatype.value === XSD_STRING ? term.value : { type: compact(term.datatype.value), value: term.value };
}

/** One node of the graph in Skosmos' compacted JSON-LD: `{uri, type, prefLabel: {lang, value}, broader: {uri}, ...}`. */
function jsonNode(subject: string, statements: ReadonlyArray<{ predicate: Term; object: Term }>): object {
  const node: Record<string, unknown[]> = {};
  for (const { predicate, object } of statements) {
    const key = predicate.value === RDF_TYPE ? 'type' : (SHORT.get(predicate.value) ?? compact(predicate.value));
    const value = predicate.value === RDF_TYPE && object.termType === 'NamedNode' ? compact(object.value) : jsonValue(object);
    (node[key] ??= []).push(value);
  }
  // skos:Concept first: JSKOS clients (cocoda-sdk) keep the order, and JSKOS wants it first
  node.type?.sort((a, b) => Number(b === 'skos:Concept') - Number(a === 'skos:Concept'));
  const shown = Object.fromEntries(Object.entries(node).map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
  return { uri: subject, ...shown };
}

/**
 * Every subject's statements, as Skosmos composes `data`: the concept's own first, then a node
 * for each resource that points at it (with those statements) or that it names, with what is
 * said of it (its types, labels, notations, values).
 */
function bySubject({ statements, incoming, facts }: Description, subject: string): Map<string, Array<{ predicate: Term; object: Term }>> {
  const subjects = new Map([[subject, [...statements]]]);
  const add = (of: string, predicate: Term, object: Term): void => {
    if (of === subject) return;
    const list = subjects.get(of);
    if (list === undefined) subjects.set(of, [{ predicate, object }]);
    else list.push({ predicate, object });
  };
  const itself = { termType: 'NamedNode', value: subject } as Term;
  for (const { subject: pointing, predicate } of incoming) add(pointing, predicate, itself);
  for (const { subject: named, predicate, object } of facts) add(named, predicate, object);
  return subjects;
}

function oxigraphTerm(term: Term): oxigraph.Term {
  if (term.termType === 'NamedNode') return oxigraph.namedNode(term.value);
  if (term.termType === 'BlankNode') return oxigraph.blankNode(term.value);
  if (term.termType === 'Literal')
    return term.language !== ''
      ? oxigraph.literal(term.value, term.language)
      : oxigraph.literal(term.value, oxigraph.namedNode(term.datatype.value));
  throw new Error(`no RDF term: ${term.termType}`);
}

/**
 * A resource as Skosmos' `data` gives it, in the format: its statements, and the prefLabels of
 * the resources it links to (as Skosmos shows them, so that a client can label the links).
 * RDF/XML and Turtle by Oxigraph's serializers, JSON-LD as Skosmos compacts it.
 */
export function writeData(subject: string, description: Description, format: DataFormat): string {
  const subjects = bySubject(description, subject);
  if (format === 'application/ld+json' || format === 'application/json')
    return JSON.stringify({ '@context': CONTEXT, graph: [...subjects].map(([uri, statements]) => jsonNode(uri, statements)) });
  const store = new oxigraph.Store();
  for (const [uri, statements] of subjects) {
    const node = oxigraph.namedNode(uri);
    for (const { predicate, object } of statements)
      if (predicate.termType === 'NamedNode')
        store.add(oxigraph.triple(node, oxigraph.namedNode(predicate.value), oxigraphTerm(object) as oxigraph.Quad_Object));
  }
  return store.dump({ format, from_graph_name: oxigraph.defaultGraph() });
}

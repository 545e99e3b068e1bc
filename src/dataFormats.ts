/** DATA_FORMAT's names, and the media types they stand for. */
export const DATA_FORMATS: Readonly<Record<string, string>> = {
  turtle: 'text/turtle',
  ntriples: 'application/n-triples',
  nquads: 'application/n-quads',
  trig: 'application/trig',
  rdfxml: 'application/rdf+xml',
  n3: 'text/n3',
  jsonld: 'application/ld+json',
};

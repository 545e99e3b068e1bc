/** The namespaces of the vocabularies the service reads, in one place. */
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const OWL = 'http://www.w3.org/2002/07/owl#';
export const SKOS = 'http://www.w3.org/2004/02/skos/core#';
export const SKOSXL = 'http://www.w3.org/2008/05/skos-xl#';
export const DCTERMS = 'http://purl.org/dc/terms/';
/** Dublin Core's elements (1.1): `dc:title`, which many SKOS files title their schemes with. */
export const DC = 'http://purl.org/dc/elements/1.1/';

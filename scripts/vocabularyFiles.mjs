// The shared vocabularies (../shared/vocabularies) as the relevance suite and the labelled
// names of `calibrate` read them: each concept's labels by kind and language, and its broader
// concepts, parsed here with Oxigraph, not asked of the service.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import oxigraph from 'oxigraph';

export const VOCABULARIES = {
  unesco: '../shared/vocabularies/unesco-thesaurus.ttl',
  stw: '../shared/vocabularies/stw-9.06.ttl',
  yso: '../shared/vocabularies/yso-skosmos-testdata.ttl',
  uat: '../shared/vocabularies/uat.rdf',
  silknow: '../shared/vocabularies/silknow-thesaurus.ttl',
  'yso-cicero': '../shared/vocabularies/yso-2019.3-cicero-preflabels-derived.nt.gz',
};

const FORMATS = { ttl: 'text/turtle', nt: 'application/n-triples', rdf: 'application/rdf+xml' };
/** The concepts of a vocabulary file (not deprecated), by IRI order: {uri, pref, alt, hidden, broader}. */
export function readVocabulary(file) {
  let bytes = readFileSync(file);
  if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
  const store = new oxigraph.Store();
  store.load(bytes.toString('utf8'), { format: FORMATS[file.replace(/\.gz$/, '').split('.').pop()], base_iri: 'file:///vocabulary' });
  const rows = store.query(`
    PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
    PREFIX skosxl: <http://www.w3.org/2008/05/skos-xl#>
    PREFIX owl: <http://www.w3.org/2002/07/owl#>
    SELECT ?c ?p ?l WHERE {
      ?c a skos:Concept .
      FILTER NOT EXISTS { ?c owl:deprecated ?d FILTER(STR(?d) IN ("true", "1")) }
      { VALUES ?p { skos:prefLabel skos:altLabel skos:hiddenLabel } ?c ?p ?l }
      UNION { VALUES (?x ?p) { (skosxl:prefLabel skos:prefLabel) (skosxl:altLabel skos:altLabel) } ?c ?x ?xl . ?xl skosxl:literalForm ?l }
      FILTER(isLiteral(?l))
    }`);
  const concepts = new Map();
  for (const row of rows) {
    const uri = row.get('c').value;
    if (!concepts.has(uri)) concepts.set(uri, { uri, pref: [], alt: [], hidden: [] });
    const label = { value: row.get('l').value, language: row.get('l').language.toLowerCase() };
    const property = row.get('p').value;
    concepts.get(uri)[property.endsWith('prefLabel') ? 'pref' : property.endsWith('altLabel') ? 'alt' : 'hidden'].push(label);
  }
  // broader concepts (stated either way) with a label of theirs: reconciliation's properties
  const links = store.query(`
    PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
    SELECT ?c ?b ?l WHERE { { ?c skos:broader ?b } UNION { ?b skos:narrower ?c } ?b skos:prefLabel ?l }`);
  for (const row of links) {
    const concept = concepts.get(row.get('c').value);
    if (concept === undefined) continue;
    concept.broader ??= [];
    concept.broader.push({ uri: row.get('b').value, label: { value: row.get('l').value, language: row.get('l').language.toLowerCase() } });
  }
  return [...concepts.values()].filter((concept) => concept.pref.length > 0).sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

/**
 * Singular for plural and back, by one simple ending rule per language: what a cataloguer
 * types who does not know the vocabulary's number. Not from the service's answers.
 */
const INFLECTIONS = {
  en: (word) =>
    /ies$/.test(word)
      ? word.replace(/ies$/, 'y')
      : /[^s]s$/.test(word)
        ? word.slice(0, -1)
        : /y$/.test(word)
          ? word.replace(/y$/, 'ies')
          : `${word}s`,
  de: (word) => (/en$/.test(word) ? word.slice(0, -2) : /e$/.test(word) ? `${word}n` : `${word}en`),
  fr: (word) => (/s$/.test(word) ? word.slice(0, -1) : `${word}s`),
  es: (word) =>
    /es$/.test(word) ? word.slice(0, -2) : /s$/.test(word) ? word.slice(0, -1) : /[aeiou]$/.test(word) ? `${word}s` : `${word}es`,
  it: (word) =>
    /o$/.test(word)
      ? word.replace(/o$/, 'i')
      : /i$/.test(word)
        ? word.replace(/i$/, 'o')
        : /a$/.test(word)
          ? word.replace(/a$/, 'e')
          : word,
  pt: (word) => (/s$/.test(word) ? word.slice(0, -1) : `${word}s`),
  nl: (word) => (/en$/.test(word) ? word.slice(0, -2) : `${word}en`),
  fi: (word) => (/t$/.test(word) ? word.slice(0, -1) : `${word}t`),
  sv: (word) => (/ar$/.test(word) ? word.slice(0, -2) : `${word}ar`),
};

/**
 * The label with its longest word's inflection changed, where the stemmer keeps the stem;
 * undefined when no such form. `tools`: the service's own {wordsOf, stemOf, foldText} (dist/).
 */
export function inflector({ wordsOf, stemOf, foldText }) {
  return function inflected(label, language) {
    const rule = INFLECTIONS[language.split('-')[0]];
    if (rule === undefined) return undefined;
    const words = wordsOf(label).filter((word) => /^\p{Ll}+$/u.test(word.toLowerCase()) && [...word].length >= 4);
    const word = words.sort((a, b) => [...b].length - [...a].length)[0];
    if (word === undefined) return undefined;
    const changed = rule(word.toLowerCase());
    if (changed === word.toLowerCase() || stemOf(foldText(changed), language) !== stemOf(foldText(word), language)) return undefined;
    return label.replace(word, changed);
  };
}

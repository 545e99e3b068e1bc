import { readFileSync } from 'node:fs';
import oxigraph from 'oxigraph';

// A column of headings as a cataloguer's spreadsheet holds them, made from the STW Thesaurus
// for Economics of ../shared (read here with Oxigraph, not from the service), each with the
// concept it means: exact English prefLabels, catalogue-style UPPER CASE with a full stop,
// misspelt ones (two letters of the longest word swapped), notations, and IRIs.

export const STW_FILE = '../shared/vocabularies/stw-9.06.ttl';

export type HeadingKind = 'exact' | 'upper' | 'misspelt' | 'notation' | 'iri';

export interface Heading {
  text: string;
  kind: HeadingKind;
  /** The concept the heading means. */
  uri: string;
  /** Its English prefLabel. */
  label: string;
}

interface Row {
  uri: string;
  label: string;
  notation?: string;
}

function conceptsOf(file: string): Row[] {
  const store = new oxigraph.Store();
  store.load(readFileSync(file, 'utf8'), { format: 'text/turtle', base_iri: 'http://zbw.eu/stw/' });
  const rows = store.query(`
    PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
    PREFIX owl: <http://www.w3.org/2002/07/owl#>
    SELECT ?c ?label (SAMPLE(?n) AS ?notation) WHERE {
      ?c a skos:Concept ; skos:prefLabel ?label .
      FILTER(LANG(?label) = "en")
      OPTIONAL { ?c skos:notation ?n }
      FILTER NOT EXISTS { ?c owl:deprecated true }
    } GROUP BY ?c ?label ORDER BY STR(?c)`) as Array<Map<string, { value: string }>>;
  return rows.map((row) => ({
    uri: row.get('c')!.value,
    label: row.get('label')!.value,
    ...(row.has('notation') ? { notation: row.get('notation')!.value } : {}),
  }));
}

/** The label with two inner letters of its longest word swapped; undefined where no word is long enough. */
function misspelt(label: string): string | undefined {
  const words = label.split(' ');
  const longest = words.reduce((best, word, i) => (word.length > (words[best] ?? '').length ? i : best), 0);
  const word = words[longest] ?? '';
  if (word.length < 7 || !/^\p{L}+$/u.test(word) || word[3] === word[4]) return undefined;
  words[longest] = word.slice(0, 3) + word[4] + word[3] + word.slice(5);
  return words.join(' ');
}

/**
 * `perKind` headings of each kind (notations and IRIs: half as many), from concepts spread
 * evenly over the vocabulary in IRI order; a label that several concepts share is left out
 * (its heading cannot name one concept).
 */
export function stwHeadings(perKind: number, file = STW_FILE): Heading[] {
  const concepts = conceptsOf(file);
  const shared = new Map<string, number>();
  for (const { label } of concepts) shared.set(label.toLowerCase(), (shared.get(label.toLowerCase()) ?? 0) + 1);
  const unique = concepts.filter(({ label }) => shared.get(label.toLowerCase()) === 1);
  const descriptors = unique.filter(({ notation }) => notation === undefined);
  const classes = unique.filter(({ notation }) => notation !== undefined);
  const spread = <T>(list: T[], n: number, offset: number): T[] =>
    Array.from({ length: n }, (_, i) => list[Math.floor(((i + offset / 7) * list.length) / n)] as T);
  const headings: Heading[] = [];
  for (const row of spread(descriptors, perKind, 0)) headings.push({ text: row.label, kind: 'exact', ...row });
  for (const row of spread(descriptors, perKind, 1)) headings.push({ text: `${row.label.toUpperCase()}.`, kind: 'upper', ...row });
  const misspellable = descriptors.filter((row) => misspelt(row.label) !== undefined);
  for (const row of spread(misspellable, perKind, 2)) headings.push({ text: misspelt(row.label)!, kind: 'misspelt', ...row });
  for (const row of spread(classes, Math.ceil(perKind / 2), 3)) headings.push({ text: row.notation!, kind: 'notation', ...row });
  for (const row of spread(descriptors, Math.ceil(perKind / 2), 4)) headings.push({ text: row.uri, kind: 'iri', ...row });
  return headings.map(({ text, kind, uri, label }) => ({ text, kind, uri, label }));
}

/** The headings as a CSV file of one column, `heading`. */
export function headingsCsv(headings: readonly Heading[]): string {
  return ['heading', ...headings.map(({ text }) => `"${text.replaceAll('"', '""')}"`)].join('\n') + '\n';
}

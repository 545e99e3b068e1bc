import type { Term } from '@rdfjs/types';
import { createStore } from '../../src/store/createStore.js';
import type { SparqlStore } from '../../src/store/SparqlStore.js';
import { testConfig } from '../support/service.js';

// The label index reads the store as tab-separated values, streamed. Whatever the store (the
// embedded one, or the one SPARQL_ENDPOINT names: the Virtuoso suite runs this file too), the
// values must be those of its `select` answers (SPARQL JSON; XML from Virtuoso), awkward
// literals included.

const AWKWARD = [
  'q"uo\ttab\nnew line\r\\n not an escape',
  'é 𝄞 \u2028 \\"',
  '',
  '"',
  'ends with a backslash \\',
  "l'apostrophe",
  '<not an IRI>',
];

const BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';

function valueOf(term: Term | undefined): string {
  return term?.value ?? '';
}

async function both(store: SparqlStore, query: string, variables: string[]): Promise<{ streamed: string[][]; whole: string[][] }> {
  const streamed: string[][] = [];
  const count = await store.selectRows(query, variables, (values) => streamed.push(values), 10_000);
  expect(count).toBe(streamed.length);
  const whole = (await store.select(query)).map((row) => variables.map((name) => valueOf(row[name])));
  const sort = (rows: string[][]): string[][] =>
    rows
      .map((row) => JSON.stringify(row))
      .sort()
      .map((row) => JSON.parse(row) as string[]);
  return { streamed: sort(streamed), whole: sort(whole) };
}

describe('rows streamed as tab-separated values', () => {
  let store: SparqlStore;
  beforeAll(async () => {
    store = await createStore(testConfig());
  });

  test('hold the same values as the whole answer, for literals with quotes, tabs, line breaks and backslashes', async () => {
    const literals = AWKWARD.flatMap((text) => [JSON.stringify(text), `${JSON.stringify(text)}@en-GB`]).join(' ');
    const query = `SELECT ?v (LANG(?v) AS ?lang) ?missing WHERE { VALUES ?v { ${literals} <http://example.org/an-iri> } }`;
    const { streamed, whole } = await both(store, query, ['v', 'lang', 'missing']);
    expect(streamed).toEqual(whole);
    // language tags are case-insensitive: Oxigraph and Virtuoso write them in lower case, Jena as given
    expect(streamed.map(([v, lang, missing]) => [v, lang?.toLowerCase(), missing])).toContainEqual([AWKWARD[0], 'en-gb', '']);
    expect(streamed).toContainEqual(['http://example.org/an-iri', '', '']);
  });

  test('hold every triple of the vocabulary, in the order of the variables asked for', async () => {
    // booleans apart: Virtuoso writes `true` as 1 in TSV and JSON, as true in XML (below)
    const query = `SELECT ?p ?o ?s WHERE { ?s ?p ?o FILTER(!isLiteral(?o) || DATATYPE(?o) != <${BOOLEAN}>) }`;
    const { streamed, whole } = await both(store, query, ['s', 'p', 'o']);
    expect(streamed.length).toBeGreaterThan(100);
    expect(streamed).toEqual(whole);
  });

  test('hold a boolean in a form the label index reads as one (true or 1)', async () => {
    const query = `SELECT ?s ?o WHERE { ?s <http://www.w3.org/2002/07/owl#deprecated> ?o FILTER(DATATYPE(?o) = <${BOOLEAN}>) }`;
    const { streamed } = await both(store, query, ['s', 'o']);
    expect(streamed).toContainEqual(['https://example.org/food/oleomargarine', expect.stringMatching(/^(true|1)$/)]);
  });
});

import { fixtureSettings, startService, type RunningService } from '../support/service.js';
import { runSkosmosClient, type Call } from './runSkosmosClient.js';
import { STW_FILE } from './stwHeadings.js';

// NatLibFi's own Python client of the Skosmos REST API (skosmos-client, from PyPI; the script
// test/clients/skosmosClient.py calls it as its users do) pointed at /rest/v1: every method it
// offers, on the STW Thesaurus of ../shared, each answer compared with the native endpoints'.
// scripts/test-clients.sh installs it and names its Python in SKOSMOS_CLIENT_PYTHON.

const STW = 'http://zbw.eu/stw';
const LABOUR_MARKET = 'http://zbw.eu/stw/descriptor/11183-4';
const SKOS_CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

let service: RunningService;
beforeAll(async () => {
  service = await startService(fixtureSettings(STW_FILE, 'STW_GRAPH'));
}, 120_000);
afterAll(() => service?.close());

/**
 * Runs the calls through skosmos-client, in one Python process; each answer's value, or the
 * error it raised. Asynchronously: the service answers from this very process.
 */
function client(calls: Call[]): Promise<Array<{ value?: any; error?: string }>> {
  return runSkosmosClient(`${service.url}/rest/v1/`, calls);
}

async function one(call: Call): Promise<any> {
  const [answer] = await client([call]);
  expect(answer?.error).toBeUndefined();
  return answer?.value;
}

const uris = (list: Array<{ uri: string }>): string[] => list.map(({ uri }) => uri);

describe('skosmos-client against /rest/v1', () => {
  test('lists the vocabulary, titled as /schemes titles its scheme, and describes it with the languages of its labels', async () => {
    const { body } = await service.get('/schemes?lang=en');
    expect(await one({ method: 'vocabularies', args: ['en'] })).toEqual([{ uri: 'stw', id: 'stw', title: body.schemes[0].prefLabel }]);
    const info = await one({ method: 'get_vocabulary', args: ['stw'], kwargs: { lang: 'en' } });
    expect(info).toMatchObject({
      id: 'stw',
      title: 'STW Thesaurus for Economics',
      defaultLanguage: 'en',
      languages: body.schemes[0].languages,
    });
    expect(uris(info.conceptschemes)).toEqual([STW]);
  });

  test('searches with a trailing wildcard as /search does with the same words, in the same order, page by page', async () => {
    const body = (await service.get('/search?q=labour*&lang=en&count=30')).body.concepts;
    const [all, second] = await client([
      { method: 'search', args: ['labour*'], kwargs: { lang: 'en', vocabs: 'stw', maxhits: 30 } },
      { method: 'search', args: ['labour*'], kwargs: { lang: 'en', maxhits: 10, offset: 10 } },
    ]);
    expect(body.length).toBeGreaterThan(20);
    expect(uris(all!.value)).toEqual(uris(body));
    expect(all!.value[0]).toEqual({ uri: body[0].uri, type: ['skos:Concept'], prefLabel: body[0].prefLabel, lang: 'en', vocab: 'stw' });
    expect(uris(second!.value)).toEqual(uris(body).slice(10, 20));
  });

  test('finds a whole label without a wildcard, and nothing that only holds its words', async () => {
    const [exact, lower, none] = await client([
      { method: 'search', args: ['Labour market'], kwargs: { lang: 'en' } },
      { method: 'search', args: ['labour market'], kwargs: { lang: 'en', vocabs: ['stw'] } },
      { method: 'search', args: ['market labour'], kwargs: { lang: 'en' } },
    ]);
    expect(uris(exact!.value)).toEqual([LABOUR_MARKET]);
    expect(uris(lower!.value)).toEqual([LABOUR_MARKET]);
    expect(none!.value).toEqual([]);
  });

  test('looks up a label, by prefLabel before altLabel, and says so for a label no concept has', async () => {
    const [found, byAlt, missing] = await client([
      { method: 'lookup', args: ['stw', 'labour market'], kwargs: { lang: 'en' } },
      { method: 'lookup', args: ['stw', 'Labor market'], kwargs: { lang: 'en' } },
      { method: 'lookup', args: ['stw', 'no such heading'], kwargs: { lang: 'en' } },
    ]);
    expect(found!.value).toEqual([{ uri: LABOUR_MARKET, type: ['skos:Concept'], prefLabel: 'Labour market', lang: 'en', vocab: 'stw' }]);
    expect(byAlt!.value).toEqual([expect.objectContaining({ uri: LABOUR_MARKET, altLabel: 'Labor market' })]);
    expect(missing!.error).toMatch(/^ValueError/);
  });

  test('lists the top concepts as /top lists them, with notations and whether each has children', async () => {
    const { body } = await service.get(`/top?scheme=${encodeURIComponent(STW)}&lang=en&fields=notation,narrowerCount`);
    const tops = await one({ method: 'top_concepts', args: ['stw'], kwargs: { lang: 'en' } });
    expect(uris(tops)).toEqual(uris(body.concepts));
    expect(tops[0]).toEqual({
      uri: body.concepts[0].uri,
      label: body.concepts[0].prefLabel,
      topConceptOf: STW,
      notation: body.concepts[0].notation[0],
      hasChildren: body.concepts[0].narrowerCount > 0,
    });
  });

  test('gives types, and no groups (this service has none)', async () => {
    const [types, vocabularyTypes, groups] = await client([
      { method: 'types', args: ['en'] },
      { method: 'types', args: ['en'], kwargs: { vocid: 'stw' } },
      { method: 'groups', args: ['stw'] },
    ]);
    expect(uris(types!.value)).toEqual([SKOS_CONCEPT]);
    expect(vocabularyTypes!.value).toEqual(types!.value);
    expect(groups!.value).toEqual([]);
  });

  test("gives a concept's labels and relations as /get and /narrower give them", async () => {
    const [concept] = (await service.get(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=en&fields=broader,narrower,ancestors`)).body
      ._embedded.concepts;
    const [german] = (await service.get(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=de`)).body._embedded.concepts;
    const [labelDe, broader, narrower, related, broaderTransitive, narrowerTransitive] = await client(
      [
        { method: 'concept.label', args: ['de'] },
        { method: 'concept.broader', args: ['en'] },
        { method: 'concept.narrower', args: ['en'] },
        { method: 'concept.related', args: ['en'] },
        { method: 'concept.broaderTransitive', args: ['en'] },
        { method: 'concept.narrowerTransitive', args: ['en'] },
      ].map((call) => ({ ...call, vocid: 'stw', uri: LABOUR_MARKET })),
    );
    expect(labelDe!.value).toBe(german.prefLabel);
    const shown = (list: Array<{ uri: string; label: string }>) => list.map(({ uri, label }) => ({ uri, prefLabel: label }));
    expect(broader!.value).toEqual(shown(concept.broader));
    expect(narrower!.value).toEqual(shown(concept.narrower));
    expect(related!.value).toEqual(shown(concept.related));
    // the concept itself, its ancestors, each with its direct broader concepts
    expect(Object.keys(broaderTransitive!.value).sort()).toEqual([LABOUR_MARKET, ...uris(concept.ancestors)].sort());
    expect(broaderTransitive!.value[LABOUR_MARKET].broader).toEqual(uris(concept.broader));
    expect(Object.keys(narrowerTransitive!.value)).toEqual(expect.arrayContaining([LABOUR_MARKET, ...uris(concept.narrower)]));
  });

  test('gives a concept as RDF/XML that rdflib reads, with its labels, globally and in its vocabulary', async () => {
    const [global, inVocabulary] = await client([
      { method: 'data', args: [LABOUR_MARKET] },
      { method: 'data', args: [LABOUR_MARKET], kwargs: { vocid: 'stw' } },
    ]);
    expect(global!.value).toEqual(inVocabulary!.value);
    expect(global!.value).toContainEqual([`<${LABOUR_MARKET}>`, '<http://www.w3.org/2004/02/skos/core#prefLabel>', '"Labour market"@en']);
    expect(global!.value).toContainEqual([`<${LABOUR_MARKET}>`, '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>', `<${SKOS_CONCEPT}>`]);
  });

  test('refuses a vocabulary it does not have as Skosmos does (404), and an unknown concept', async () => {
    const [vocabulary, label] = await client([
      { method: 'get_vocabulary', args: ['nope'] },
      { method: 'concept.label', vocid: 'stw', uri: 'http://zbw.eu/stw/descriptor/no-such' },
    ]);
    expect(vocabulary!.error).toMatch(/^ValueError: .*nope/);
    expect(label!.error).toMatch(/^HTTPError: 404/);
  });
});

import { fixtureSettings, startService, type RunningService } from '../support/service.js';

// A scheme's name, on every route and protocol, from what SKOS files title their schemes with:
// skos:prefLabel, rdfs:label, dcterms:title, dc:title; else its IRI's last segment, never "".

const EX = 'https://example.org/titles/';
let service: RunningService;
beforeAll(async () => {
  service = await startService(fixtureSettings('test/fixtures/scheme-titles.ttl', 'SCHEME_TITLES_GRAPH'));
});
afterAll(() => service.close());

describe("a scheme's name", () => {
  test('comes from dc:title and dcterms:title in the language asked, else from its IRI, on /schemes', async () => {
    const named = async (lang: string): Promise<Record<string, string>> =>
      Object.fromEntries(
        ((await service.get(`/schemes?lang=${lang}`)).body.schemes as Array<{ uri: string; prefLabel: string }>).map(
          ({ uri, prefLabel }) => [uri.slice(EX.length), prefLabel],
        ),
      );
    expect(await named('en')).toEqual({ finto: 'General Finnish ontology', terms: 'Terms vocabulary', untitled: 'untitled' });
    expect((await named('fi')).finto).toBe('Yleinen suomalainen ontologia');
  });

  test('is never empty in the Skosmos and JSKOS APIs', async () => {
    const vocabularies = (await service.get('/rest/v1/vocabularies?lang=en')).body.vocabularies as Array<{ id: string; title: string }>;
    expect(vocabularies.map(({ title }) => title).sort()).toEqual(['General Finnish ontology', 'Terms vocabulary', 'untitled']);
    const schemes = (await service.get('/jskos/voc')).body as Array<{ uri: string; prefLabel: Record<string, string> }>;
    expect(schemes).toHaveLength(3);
    for (const { prefLabel } of schemes) for (const label of Object.values(prefLabel)) expect(label).not.toBe('');
    expect(Object.values(schemes.find(({ uri }) => uri === `${EX}finto`)?.prefLabel ?? {})).toContain('General Finnish ontology');
  });
});

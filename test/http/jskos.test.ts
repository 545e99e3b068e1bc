import { FOOD, startService, type RunningService } from '../support/service.js';

// The JSKOS API (docs/jskos.md) on the sample vocabulary, on every backend the contract suite
// runs on. The real client (cocoda-sdk's ConceptApi provider, with jskos-validate) is driven by
// `npm run test:clients`.

let service: RunningService;
beforeAll(async () => {
  service = await startService({ PUBLIC_URL: 'https://vocab.example.org' });
});
afterAll(() => service.close());

const TOMATO = `${FOOD}tomato`;

describe('/jskos', () => {
  test('names its endpoints in /jskos/status, under the public URL', async () => {
    const { body } = await service.get('/jskos/status');
    expect(body).toMatchObject({
      ok: 1,
      concepts: 'https://vocab.example.org/jskos/concepts',
      suggest: 'https://vocab.example.org/jskos/concepts/suggest',
    });
    expect(body.mappings).toBeNull();
  });

  test('searches as /search does with the last word a prefix, and suggests from the first keystroke as /suggest does', async () => {
    const uris = (concepts: Array<{ uri: string }>): string[] => concepts.map(({ uri }) => uri);
    const native = async (path: string): Promise<Array<{ uri: string; prefLabel: string }>> => {
      const { body } = await service.get(path);
      return body._embedded?.concepts ?? body.concepts;
    };
    const found = await service.get('/jskos/concepts/search?search=tom&limit=3');
    expect(uris(found.body)).toEqual(uris(await native('/search?q=tom*&count=3')));
    for (const typed of ['t', 'to', 'tom', 'black pep']) {
      const suggested = await native(`/suggest?q=${encodeURIComponent(typed)}&count=4`);
      expect(suggested.length).toBeGreaterThan(0);
      const { body } = await service.get(`/jskos/concepts/suggest?search=${encodeURIComponent(typed)}&limit=4`);
      expect(body).toEqual([typed, suggested.map(({ prefLabel }) => prefLabel), suggested.map(() => ''), uris(suggested)]);
    }
  });

  test('gives concepts by URI with their labels as language maps, in the order asked', async () => {
    const { status, body } = await service.get(`/jskos/concepts?uri=${encodeURIComponent(`${FOOD}vegetables|${TOMATO}`)}`);
    expect(status).toBe(200);
    expect(body.map(({ uri }: { uri: string }) => uri)).toEqual([`${FOOD}vegetables`, TOMATO]);
    expect(body[1]).toMatchObject({
      type: ['http://www.w3.org/2004/02/skos/core#Concept'],
      prefLabel: { en: 'Tomato', fr: 'Tomate', de: 'Tomate' },
      broader: [{ uri: `${FOOD}vegetables` }],
      inScheme: [{ uri: `${FOOD}ingredients` }],
    });
  });

  test('lists the schemes /schemes lists, and a scheme’s top concepts as /top does', async () => {
    const schemes = (await service.get('/schemes')).body.schemes.map(({ uri }: { uri: string }) => uri);
    expect((await service.get('/jskos/voc')).body.map(({ uri }: { uri: string }) => uri)).toEqual(schemes);
    const top = (await service.get(`/top?scheme=${encodeURIComponent(`${FOOD}ingredients`)}`)).body.concepts;
    const { body } = await service.get(`/jskos/voc/top?uri=${encodeURIComponent(`${FOOD}ingredients`)}&limit=10000`);
    expect(body.map(({ uri }: { uri: string }) => uri)).toEqual(top.map(({ uri }: { uri: string }) => uri));
    expect(body[0].topConceptOf).toEqual([{ uri: `${FOOD}ingredients` }]);
  });

  test('answers a wrong parameter with a 400 that names it', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/jskos/concepts', /'uri'/],
      ['/jskos/concepts/ancestors?uri=%7C', /'uri' parameter is mandatory/],
      ['/jskos/concepts/narrower?uri=%7C%7C', /'uri' parameter is mandatory/],
      ['/jskos/concepts?uri=not-an-iri', /'uri'/],
      ['/jskos/concepts/search', /'search'/],
      ['/jskos/concepts/suggest?search=to&limit=-1', /'limit'/],
      ['/jskos/concepts/suggest?search=to&voc=x', /'voc'/],
      ['/jskos/voc/top?uri=https%3A%2F%2Fexample.org%2Ffood%2Fingredients&offset=20000', /'offset'/],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await service.get(path);
      expect([path, status, body.message]).toEqual([path, 400, expect.stringMatching(message)]);
    }
  });
});

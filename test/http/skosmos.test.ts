import { FOOD, startService, type RunningService } from '../support/service.js';

// The Skosmos REST API (docs/skosmos.md) on the sample vocabulary, on every backend the
// contract suite runs on: its answers agree with the native endpoints'. The real client
// (NatLibFi's skosmos-client) is driven by `npm run test:clients`.

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const TOMATO = `${FOOD}tomato`;

describe('/rest/v1', () => {
  test('lists a vocabulary for each concept scheme, its id from the IRI, titled in the language asked', async () => {
    const { status, body } = await service.get('/rest/v1/vocabularies?lang=fr');
    expect(status).toBe(200);
    expect(body.vocabularies).toEqual([
      { uri: 'dishes', id: 'dishes', title: 'Plats et boissons' },
      { uri: 'ingredients', id: 'ingredients', title: 'Ingrédients' },
    ]);
    expect((await service.get('/rest/v1/vocabularies')).status).toBe(400);
  });

  test('searches with a wildcard as /search does, narrowed to a vocabulary by its scheme', async () => {
    const native = (await service.get(`/search?q=to*&lang=en&scheme=${encodeURIComponent(`${FOOD}ingredients`)}`)).body.concepts;
    const { body } = await service.get('/rest/v1/ingredients/search?query=to*&lang=en');
    expect(native.length).toBeGreaterThan(0);
    expect(body.results.map((result: { uri: string }) => result.uri)).toEqual(native.map((concept: { uri: string }) => concept.uri));
    expect(body.results[0]).toMatchObject({ type: ['skos:Concept'], lang: 'en', vocab: 'ingredients' });
  });

  test('finds whole labels without a wildcard, in any case', async () => {
    const { body } = await service.get('/rest/v1/search?query=tomato&lang=en');
    expect(body.results.map((result: { uri: string }) => result.uri)).toEqual([TOMATO]);
  });

  test('gives a concept as Turtle and as JSON-LD in Skosmos’ shape', async () => {
    const turtle = await fetch(`${service.url}/rest/v1/data?uri=${encodeURIComponent(TOMATO)}&format=text/turtle`);
    expect(turtle.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    expect(await turtle.text()).toContain('"Tomato"@en');
    const { body } = await service.get(`/rest/v1/ingredients/data?uri=${encodeURIComponent(TOMATO)}&format=application/json`);
    expect(body.graph[0]).toMatchObject({ uri: TOMATO, type: 'skos:Concept' });
    expect(body.graph[0].prefLabel).toContainEqual({ lang: 'en', value: 'Tomato' });
  });

  test('answers a wrong parameter with a 400 that names it, and what it does not have with a 404 or 406', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/rest/v1/search?query=*', 400, /'query'/],
      ['/rest/v1/search', 400, /'query'/],
      ['/rest/v1/search?query=a*&maxhits=1000', 400, /'maxhits'/],
      ['/rest/v1/search?query=a*&offset=-1', 400, /'offset'/],
      ['/rest/v1/nope/search?query=a*', 404, /'nope'/],
      [`/rest/v1/ingredients/label?uri=${encodeURIComponent(`${FOOD}no-such`)}`, 404, /Could not find concept/],
      [`/rest/v1/data?uri=${encodeURIComponent(TOMATO)}&format=text/html`, 406, /application\/rdf\+xml/],
      ['/rest/v1/ingredients/broaderTransitive?uri=x', 400, /'uri'/],
    ];
    for (const [path, status, message] of cases) {
      const { status: got, body } = await service.get(path);
      expect([path, got, body.message]).toEqual([path, status, expect.stringMatching(message)]);
    }
  });
});

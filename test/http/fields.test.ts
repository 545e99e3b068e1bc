import { FOOD, getPath, ids, startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const ALL = 'broader,notation,scheme,scopeNote';
const TEA_NOTE = 'The drink brewed from the leaves of the tea plant; for other leaves and flowers, use Herbal infusion.';

describe('opt-in fields', () => {
  test('/get with every field: the four fields, then broader, notation, scheme and scopeNote, in that order', async () => {
    const { status, body } = await service.get(`${getPath(['tea'])}&fields=${ALL}`);
    expect(status).toBe(200);
    const [tea] = body._embedded.concepts;
    expect(Object.keys(tea)).toEqual(['uri', 'prefLabel', 'altLabels', 'related', 'broader', 'notation', 'scheme', 'scopeNote']);
    expect(tea).toMatchObject({
      broader: [{ label: 'Beverages', uri: `${FOOD}beverages` }],
      notation: ['DSH-101'],
      scheme: [{ label: 'Dishes and drinks', uri: `${FOOD}dishes` }],
      scopeNote: TEA_NOTE,
    });
  });

  test('the self link asks again for the same fields', async () => {
    const { body } = await service.get(`${getPath(['tea'])}&fields=scopeNote,broader`);
    expect(body._links.self.href).toBe(`/get?uri=${FOOD}tea&fields=broader,scopeNote`);
  });

  test('labels and the scope note follow lang, and a language with no note gets the note by the prefLabel rule', async () => {
    const fr = (await service.get(`${getPath(['tea'])}&lang=fr&fields=${ALL}`)).body._embedded.concepts[0];
    expect(fr).toMatchObject({
      prefLabel: 'Thé',
      broader: [{ label: 'Boissons', uri: `${FOOD}beverages` }],
      scheme: [{ label: 'Plats et boissons', uri: `${FOOD}dishes` }],
      scopeNote: 'La boisson infusée des feuilles du théier.',
    });
    const de = (await service.get(`${getPath(['tea'])}&lang=de&fields=scopeNote`)).body._embedded.concepts[0];
    expect(de.scopeNote).toBe(TEA_NOTE); // no German note, none untagged: the smallest tag, en
  });

  test('a broader concept stated only as skos:narrower of it is found; a scheme named twice comes once', async () => {
    const { body } = await service.get(`${getPath(['soups', 'ingredient-groups'])}&fields=broader,scheme`);
    const [soups, groups] = body._embedded.concepts;
    expect(soups.broader).toEqual([{ label: 'Meals', uri: `${FOOD}meals` }]);
    expect(groups.broader).toEqual([]);
    expect(groups.scheme).toEqual([{ label: 'Ingredients', uri: `${FOOD}ingredients` }]); // inScheme and topConceptOf
  });

  test('fields asked for are always present: empty lists and "" where the store has nothing', async () => {
    const { body } = await service.get(`${getPath(['ingredient-groups'])}&fields=${ALL}`);
    expect(body._embedded.concepts[0]).toMatchObject({ broader: [], notation: [], scopeNote: '' });
  });

  test('/search tells the two "Mint" concepts apart by their broader concepts, and only the fields asked for are added', async () => {
    const { status, body } = await service.get('/search?q=mint&fields=broader');
    expect(status).toBe(200);
    const mints = body.concepts.filter((concept: { prefLabel: string }) => concept.prefLabel === 'Mint');
    expect(mints.map((concept: { broader: unknown }) => concept.broader)).toEqual(
      expect.arrayContaining([
        [{ label: 'Herbs and spices', uri: `${FOOD}herbs` }],
        [{ label: 'Pastries and desserts', uri: `${FOOD}pastries` }],
      ]),
    );
    for (const concept of body.concepts) expect(Object.keys(concept)).toEqual(['uri', 'prefLabel', 'altLabels', 'related', 'broader']);
  });

  test('/suggest carries the fields asked for, its altLabels and related still empty', async () => {
    const { body } = await service.get('/suggest?q=tea&fields=broader,notation');
    const tea = body.concepts.find((concept: { uri: string }) => concept.uri === `${FOOD}tea`);
    expect(tea).toEqual({
      uri: `${FOOD}tea`,
      prefLabel: 'Tea',
      altLabels: [],
      related: [],
      broader: [{ label: 'Beverages', uri: `${FOOD}beverages` }],
      notation: ['DSH-101'],
    });
  });

  test('without fields, or with an empty list, a concept has exactly the four fields', async () => {
    for (const path of ['/search?q=tea', '/suggest?q=tea', '/search?q=tea&fields=', '/suggest?q=tea&fields=%20,']) {
      const { body } = await service.get(path);
      expect(body.concepts.length).toBeGreaterThan(0);
      for (const concept of body.concepts) expect(Object.keys(concept)).toEqual(['uri', 'prefLabel', 'altLabels', 'related']);
    }
    expect(ids((await service.get('/search?q=tea')).body.concepts)).toEqual(
      ids((await service.get(`/search?q=tea&fields=${ALL}`)).body.concepts),
    );
  });

  test('an unknown field name is a 400 naming the parameter and the name', async () => {
    for (const path of ['/get?uri=urn:x&fields=broader,children', '/search?q=tea&fields=children', '/suggest?q=tea&fields=Broader']) {
      const { status, body } = await service.get(path);
      expect(status).toBe(400);
      expect(body.message).toMatch(/'fields' parameter .*"(children|Broader)"/);
    }
    expect((await service.get('/search?q=tea&fields=broader&fields=notation')).status).toBe(400);
  });
});

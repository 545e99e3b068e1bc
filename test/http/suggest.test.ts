import { FOOD, ids, startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function suggest(query: string): Promise<string[]> {
  const { status, body } = await service.get(`/suggest?${query}`);
  expect(status).toBe(200);
  expect(Object.keys(body)).toEqual(['concepts']);
  return ids(body.concepts);
}

describe('GET /suggest', () => {
  test('answers light concepts: uri and prefLabel, with empty altLabels and related', async () => {
    const { body } = await service.get('/suggest?q=wine');
    expect(body.concepts[0]).toEqual({ uri: `${FOOD}wine`, prefLabel: 'Wine', altLabels: [], related: [] });
    for (const concept of body.concepts) expect(Object.keys(concept)).toEqual(['uri', 'prefLabel', 'altLabels', 'related']);
  });

  test('suggests from the first keystroke, 10 by default', async () => {
    const first = await suggest('q=c');
    expect(first).toHaveLength(10);
    expect(first[0]).toBe('cod'); // shortest prefLabel starting with c
  });

  test('ranks prefLabels that start with the query, then alt labels that do, then the rest, prefLabels first', async () => {
    expect(await suggest('q=tea')).toEqual([
      'tea', // 1: "Tea"
      'tea-cake', // 1: "Tea cake"
      'supper', // 2: altLabel "Tea"
      'herbal-infusion', // 2: altLabel "Tea, herbal"
      'iced-tea', // 3: prefLabel with a word starting with "tea"
      'green-tea',
      'afternoon-tea',
      'peppermint-tea',
    ]);
  });

  test('takes every query word as the start of a word of the same label', async () => {
    expect(await suggest('q=cre%20bru')).toEqual(['creme-brulee']);
    expect(await suggest('q=bru%20cre')).toEqual(['creme-brulee']);
    expect(await suggest('q=ol%20oi')).toEqual(['olive-oil']);
  });

  test('ignores case and diacritics while typing', async () => {
    expect(await suggest('q=JALA')).toEqual(['jalapeno']);
    expect(await suggest('q=%C3%A9cl')).toEqual(['eclair']);
    expect(await suggest('q=eclai')).toEqual(['eclair']);
    expect(await suggest('q=grune')).toEqual(['green-tea']);
  });

  test('matches hidden labels and labels in every language, showing the default language', async () => {
    const { body } = await service.get('/suggest?q=yoghou');
    expect(body.concepts).toEqual([{ uri: `${FOOD}yogurt`, prefLabel: 'Yogurt', altLabels: [], related: [] }]);
    const german = await service.get('/suggest?q=kartof');
    expect(german.body.concepts.map((concept: { prefLabel: string }) => concept.prefLabel)).toEqual(['Potato', 'Potato salad']);
  });

  test('restricts matching and chooses labels by lang', async () => {
    const { body } = await service.get('/suggest?q=kartof&lang=de');
    expect(body.concepts.map((concept: { prefLabel: string }) => concept.prefLabel)).toEqual(['Kartoffel', 'Kartoffelsalat']);
    expect(await suggest('q=kartof&lang=en')).toEqual([]);
  });

  test('suggests by SKOS-XL labels, labelled by the SKOS-XL prefLabel', async () => {
    const { body } = await service.get('/suggest?q=sauert');
    expect(body.concepts).toEqual([{ uri: `${FOOD}sourdough`, prefLabel: 'Sourdough', altLabels: [], related: [] }]);
  });

  test('never suggests a non-concept or a deprecated concept', async () => {
    expect(await suggest('q=medit')).toEqual([]);
    expect(await suggest('q=spice%20ra')).toEqual([]);
    expect(await suggest('q=oleo')).toEqual([]);
  });

  test('restricts to a scheme', async () => {
    expect(await suggest(`q=ch&count=100&scheme=${encodeURIComponent(FOOD + 'ingredients')}`)).not.toContain('chocolate-mousse');
    const dishes = await suggest(`q=ch&count=100&scheme=${encodeURIComponent(FOOD + 'dishes')}`);
    expect(dishes).toContain('hot-chocolate');
    expect(dishes).not.toContain('cheese');
  });

  test('pages without overlap or gap', async () => {
    const all = await suggest('q=s&count=100');
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 9); page++) paged.push(...(await suggest(`q=s&count=9&page=${page}`)));
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });
});

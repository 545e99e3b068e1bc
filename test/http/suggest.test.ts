import { FOOD, getPath, ids, startService, type RunningService } from '../support/service.js';

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
    expect(first[0]).toBe('cheese'); // the prefLabel starting with c of the concept with most narrower concepts
  });

  test('ranks labels equal to the query, then those starting with it, then the rest; prefLabels first, then by standing, then shorter', async () => {
    expect(await suggest('q=tea')).toEqual([
      'tea', // 1: "Tea"
      'supper', // 1: altLabel "Tea"
      'tea-cake', // 2: "Tea cake"
      'herbal-infusion', // 2: altLabel "Tea, herbal"
      'afternoon-tea', // 3: a word starting with "tea", related to one concept
      'peppermint-tea', // 3: related to two, a longer label
      'iced-tea', // 3: no links, shorter label first
      'green-tea',
    ]);
  });

  test('within a tier, a label that speaks the display language (or has no tag) ranks before one that does not, even a prefLabel', async () => {
    // "ka": Kaiserschmarrn by its untagged altLabel "Kaiserschmarren", speaking English, the
    // default language; then the German prefLabels (Käse, Kaffee, Kartoffel...), which do not
    const found = await suggest('q=ka');
    expect(found[0]).toBe('kaiserschmarrn');
    expect(found.slice(1, 4)).toEqual(['cheese', 'coffee', 'potato']);
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
    // positive controls: the labels are there, and a concept that holds one is suggested
    const { body } = await service.get(getPath(['oleomargarine', 'olive-oil']));
    expect(body._embedded.concepts.map((c: { prefLabel: string }) => c.prefLabel)).toEqual(['Oleomargarine', 'Olive oil']); // /get gives the deprecated concept
    expect(body._embedded.concepts[1].related).toContainEqual({ uri: `${FOOD}mediterranean-diet`, label: 'Mediterranean diet' }); // the non-concept's label
    expect(await suggest('q=olive%20oi')).toEqual(['olive-oil']); // two words, the last cut, as 'spice ra'
    expect(await suggest('q=oleo&count=100')).toEqual([]); // and no page of any size holds it
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

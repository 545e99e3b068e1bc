import { FOOD, ids, startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function search(query: string): Promise<string[]> {
  const { status, body } = await service.get(`/search?${query}`);
  expect(status).toBe(200);
  expect(Object.keys(body)).toEqual(['concepts']);
  return ids(body.concepts);
}

describe('GET /search', () => {
  test('answers {"concepts": [...]} with full concepts', async () => {
    const { body } = await service.get('/search?q=wine');
    expect(body).toEqual({
      concepts: [
        {
          uri: `${FOOD}wine`,
          prefLabel: 'Wine',
          altLabels: [],
          related: [
            { label: 'Cheese', uri: `${FOOD}cheese` },
            { label: 'Coq au vin', uri: `${FOOD}coq-au-vin` },
            { label: 'Grape', uri: `${FOOD}grape` },
          ],
        },
        { uri: `${FOOD}coq-au-vin`, prefLabel: 'Coq au vin', altLabels: ['Chicken in wine'], related: expect.any(Array) },
      ],
    });
  });

  test('ranks by tier (equal, starts with, every word), prefLabels first, then by standing, then shorter labels', async () => {
    expect(await search('q=tea')).toEqual([
      'tea', // 1: prefLabel "Tea"
      'supper', // 1: altLabel "Tea"@en-GB
      'tea-cake', // 2: prefLabel "Tea cake"
      'herbal-infusion', // 2: altLabel "Tea, herbal"
      'afternoon-tea', // 3: related to one concept
      'peppermint-tea', // 3: related to two, a longer label
      'iced-tea', // 3: no links, shorter label first
      'green-tea',
    ]);
  });

  test('breaks ties between equally good labels by URI', async () => {
    expect(await search('q=mint')).toEqual(['mint', 'mint-candy']);
  });

  test('ranks a concept by its best label, in any language', async () => {
    // "Café" is the French prefLabel of coffee: tier 1; "Café au lait" starts with it: tier 3.
    expect(await search('q=caf%C3%A9')).toEqual(['coffee', 'cafe-au-lait']);
  });

  test('ignores case and diacritics', async () => {
    expect(await search('q=CAFE')).toEqual(['coffee', 'cafe-au-lait']);
    expect(await search('q=creme%20brulee')).toEqual(['creme-brulee']);
    expect(await search('q=zurcher')).toEqual(['zurich-veal']);
    expect(await search('q=smorrebrod')).toEqual(['smorrebrod']);
    expect(await search('q=losos')).toEqual(['salmon']);
    expect(await search('q=%C3%A9pinard')).toEqual(['spinach']);
    expect(await search('q=EPINARD')).toEqual(['spinach']);
  });

  test('matches ß with ss, and œ with oe', async () => {
    expect(await search('q=susskartoffel')).toEqual(['sweet-potato']);
    expect(await search('q=oeuf')).toEqual(['egg']);
  });

  test('matches labels in other scripts, folding their case and accents', async () => {
    expect(await search('q=%D0%B1%D0%BE%D1%80%D1%89')).toEqual(['borscht']); // борщ
    expect(await search('q=%CE%BC%CE%BF%CF%85%CF%83%CE%B1%CE%BA%CE%B1%CF%82')).toEqual(['moussaka']); // μουσακας
    expect(await search('q=%E5%AF%BF%E5%8F%B8')).toEqual(['sushi']); // 寿司
  });

  test("needs every query word to equal a word of one label, or share its stem in the label's language", async () => {
    expect(await search('q=apple%20pie')).toEqual(['apple-pie']);
    expect(await search('q=pie%20apple')).toEqual(['apple-pie']);
    expect(await search('q=apple%20cheese')).toEqual([]);
    expect(await search('q=app')).toEqual([]);
    // "apples" and "Apple" share the English stem "appl": an equal label, after whole words
    expect(await search('q=apples%20pies')).toEqual(['apple-pie']);
    expect((await search('q=apples'))[0]).toBe('apple');
  });

  test('takes a query word ending in * as a prefix', async () => {
    // tier 3 "Apple", "Apple pie", "Apple strudel"; tier 5 "Love apple", "Upside-down apple tart"
    expect(await search('q=appl*')).toEqual(['apple', 'apple-pie', 'strudel', 'tomato', 'tarte-tatin']);
    expect(await search('q=choco*%20mous*')).toEqual(['mousse']);
  });

  test('splits labels into words at anything that is not a letter or digit', async () => {
    expect(await search('q=style')).toEqual(['zurich-veal']); // "Zurich-style veal"
    expect(await search('q=bourguignon')).toEqual(['boeuf-bourguignon']);
    expect(await search('q=herbal%2C%20tea')).toEqual(['herbal-infusion']);
  });

  test('matches hiddenLabels without returning them', async () => {
    const { body } = await service.get('/search?q=yoghourt');
    expect(ids(body.concepts)).toEqual(['yogurt']);
    expect(body.concepts[0].altLabels).not.toContain('yoghourt');
  });

  test('matches SKOS-XL labels as the plain properties', async () => {
    expect(await search('q=sourdough')).toEqual(['sourdough']);
    expect(await search('q=sauerteig')).toEqual(['sourdough']);
    expect(await search('q=levain')).toEqual(['sourdough']); // the XL altLabel, and "Pain au levain"@fr
    expect(await search('q=sour%20dow')).toEqual(['sourdough']); // the XL hiddenLabel
    const { body } = await service.get('/search?q=sourdough');
    expect(body.concepts[0]).toEqual({
      uri: `${FOOD}sourdough`,
      prefLabel: 'Sourdough',
      altLabels: ['Levain'],
      related: [{ label: 'Bread', uri: `${FOOD}bread` }],
    });
  });

  test('matches a notation exactly', async () => {
    expect(await search('q=DSH-101')).toEqual(['tea']);
    expect(await search('q=ING-999')).toEqual(['unlabelled']);
    expect(await search('q=DSH-10')).toEqual([]);
  });

  test('restricts matching to the lang given, its regional variants and untagged labels', async () => {
    // "Thé"; "Thé vert", "Thé glacé"; "Petit gâteau à thé"
    expect(await search('q=th%C3%A9&lang=fr')).toEqual(['tea', 'green-tea', 'iced-tea', 'tea-cake']);
    expect(await search('q=th%C3%A9&lang=de')).toEqual([]);
    expect(await search('q=eggplant&lang=en')).toEqual(['aubergine']); // "Eggplant"@en-US
    expect(await search('q=eggplant&lang=fr')).toEqual([]);
    expect(await search('q=gnocchi&lang=de')).toEqual(['gnocchi']); // untagged
  });

  test('labels the results in the requested language', async () => {
    const { body } = await service.get('/search?q=tee&lang=de');
    expect(body.concepts.map((concept: { prefLabel: string }) => concept.prefLabel)).toEqual(['Tee', 'Grüner Tee']); // "Eistee" is one word
  });

  test('restricts to a concept scheme, by inScheme or topConceptOf', async () => {
    expect(await search('q=pesto&scheme=' + encodeURIComponent(FOOD + 'ingredients'))).toEqual(['pesto']);
    expect(await search('q=pesto&scheme=' + encodeURIComponent(FOOD + 'dishes'))).toEqual(['pesto']);
    expect(await search('q=basil&scheme=' + encodeURIComponent(FOOD + 'dishes'))).toEqual([]);
    expect(await search('q=beverages&scheme=' + encodeURIComponent(FOOD + 'dishes'))).toEqual(['beverages']);
    expect(await search('q=beverages&scheme=' + encodeURIComponent(FOOD + 'ingredients'))).toEqual([]);
    expect(await search('q=tea&scheme=' + encodeURIComponent('http://x/%zz'))).toEqual([]);
  });

  test('never returns what is not a concept, nor a deprecated concept', async () => {
    expect(await search('q=mediterranean')).toEqual([]);
    expect(await search('q=spice%20rack')).toEqual([]);
    expect(await search('q=dishes%20and%20drinks')).toEqual([]);
    expect(await search('q=oleomargarine')).toEqual([]);
  });

  test('answers 200 with an empty list when nothing matches, or the query has no word', async () => {
    expect(await search('q=xylophone')).toEqual([]);
    expect(await search('q=%21%21%21')).toEqual([]);
  });

  test('gives 20 results by default, and count at most', async () => {
    expect(await search('q=a*')).toHaveLength(20);
    expect(await search('q=a*&count=5')).toHaveLength(5);
  });

  test('pages without overlap or gap, the same every time', async () => {
    const all = await search('q=s*&count=100');
    expect(all.length).toBeGreaterThan(30);
    const paged: string[] = [];
    for (let page = 1; paged.length < all.length; page++) {
      const chunk = await search(`q=s*&count=7&page=${page}`);
      expect(chunk.length).toBeGreaterThan(0);
      paged.push(...chunk);
    }
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
    expect(await search(`q=s*&count=7&page=${Math.ceil(all.length / 7) + 1}`)).toEqual([]);
  });
});

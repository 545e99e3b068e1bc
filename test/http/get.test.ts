import { FOOD, getPath, ids, startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

describe('GET /get', () => {
  test('answers the envelope with a self link and the concepts, all four fields present', async () => {
    const { status, body } = await service.get(getPath(['tea']));
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['_links', '_embedded']);
    expect(body._links).toEqual({ self: { href: `/get?uri=${FOOD}tea` } });
    expect(Object.keys(body._embedded)).toEqual(['concepts']);
    expect(body._embedded.concepts).toEqual([
      { uri: `${FOOD}tea`, prefLabel: 'Tea', altLabels: [], related: [{ label: 'Afternoon tea', uri: `${FOOD}afternoon-tea` }] },
    ]);
  });

  test('gives concepts in the order of the uri parameters', async () => {
    const { body } = await service.get(getPath(['wine', 'apple', 'tea', 'cheese']));
    expect(ids(body._embedded.concepts)).toEqual(['wine', 'apple', 'tea', 'cheese']);
  });

  test('gives a repeated URI once, at its first place, while the href keeps every value as given', async () => {
    const { body } = await service.get(getPath(['apple', 'tea', 'apple']));
    expect(ids(body._embedded.concepts)).toEqual(['apple', 'tea']);
    expect(body._links.self.href).toBe(`/get?uri=${FOOD}apple&uri=${FOOD}tea&uri=${FOOD}apple`);
  });

  test('leaves out URIs that are not concepts: unknown, a collection, a scheme, an untyped resource', async () => {
    const { status, body } = await service.get(
      getPath(['nothing-here', 'tea', 'spice-rack', 'dishes', 'mediterranean-diet', 'http://other.example/x']),
    );
    expect(status).toBe(200);
    expect(ids(body._embedded.concepts)).toEqual(['tea']);
  });

  test('leaves out, without naming them to the store, URIs that strict stores refuse: white space beyond ASCII, deprecated characters, not in Normal Form C', async () => {
    const before = service.store.sent.length;
    // a deprecated concept beside them: the label index does not hold it, so the store is asked
    const { status, body } = await service.get(
      getPath(['x\u205Fy', 'x\u3000', 'urn:\u17A3', 'https://example.org/food/e\u0301', 'oleomargarine', 'tea']),
    );
    expect(status).toBe(200);
    expect(ids(body._embedded.concepts)).toEqual(['oleomargarine', 'tea']);
    const sent = service.store.sent.slice(before).join('\n');
    expect(sent).toContain(`<${FOOD}oleomargarine>`);
    expect(sent).not.toMatch(/[\u205F\u3000\u17A3]|e\u0301/);
  });

  test('answers 200 with an empty list when no URI is a concept', async () => {
    const { status, body } = await service.get(getPath(['nothing-here']));
    expect(status).toBe(200);
    expect(body._embedded.concepts).toEqual([]);
  });

  test('still returns a deprecated concept', async () => {
    const { body } = await service.get(getPath(['oleomargarine']));
    expect(body._embedded.concepts).toEqual([{ uri: `${FOOD}oleomargarine`, prefLabel: 'Oleomargarine', altLabels: [], related: [] }]);
  });

  test('accepts up to 100 URIs in one request', async () => {
    const many = Array.from({ length: 100 }, (_, i) => (i === 99 ? 'apple' : `missing-${i}`));
    const { status, body } = await service.get(getPath(many));
    expect(status).toBe(200);
    expect(ids(body._embedded.concepts)).toEqual(['apple']);
  });
});

describe('labels in /get', () => {
  test('chooses the prefLabel in the requested language', async () => {
    const { body } = await service.get(getPath(['cheese'], '&lang=de'));
    expect(body._embedded.concepts[0].prefLabel).toBe('Käse');
  });

  test('uses the default language (en) when the request gives none', async () => {
    const { body } = await service.get(getPath(['cheese']));
    expect(body._embedded.concepts[0].prefLabel).toBe('Cheese');
  });

  test('treats the lang parameter case-insensitively', async () => {
    const { body } = await service.get(getPath(['cheese'], '&lang=FR'));
    expect(body._embedded.concepts[0].prefLabel).toBe('Fromage');
  });

  test('falls back to the label with no language tag', async () => {
    expect((await service.get(getPath(['gnocchi'], '&lang=de'))).body._embedded.concepts[0].prefLabel).toBe('Gnocchi');
    expect((await service.get(getPath(['gnocchi'], '&lang=fr'))).body._embedded.concepts[0].prefLabel).toBe('Gnocchis');
  });

  test('falls back to the smallest language tag when neither the language nor an untagged label exists', async () => {
    const { body } = await service.get(getPath(['kaiserschmarrn']));
    expect(body._embedded.concepts[0].prefLabel).toBe('Kaiserschmarrn'); // "de" < "fr"
  });

  test('does not take a regional variant for the language itself: lang=en-us of aubergine falls back past en', async () => {
    const { body } = await service.get(getPath(['aubergine'], '&lang=it'));
    expect(body._embedded.concepts[0].prefLabel).toBe('Aubergine'); // de, en, fr are all "Aubergine": smallest tag, de
  });

  test('falls back to rdfs:label, by the same rule, when there is no prefLabel', async () => {
    expect((await service.get(getPath(['umami']))).body._embedded.concepts[0].prefLabel).toBe('Umami taste');
    expect((await service.get(getPath(['umami'], '&lang=de'))).body._embedded.concepts[0].prefLabel).toBe('Umami');
    expect((await service.get(getPath(['umami'], '&lang=fi'))).body._embedded.concepts[0].prefLabel).toBe('Umami'); // de < en
  });

  test('gives "" as prefLabel, never null, for a concept without any label', async () => {
    const { body } = await service.get(getPath(['unlabelled']));
    expect(body._embedded.concepts[0]).toEqual({
      uri: `${FOOD}unlabelled`,
      prefLabel: '',
      altLabels: [],
      related: [{ label: 'Salt', uri: `${FOOD}salt` }],
    });
  });

  test('lists the altLabels of the chosen language and the untagged ones, distinct and sorted', async () => {
    // yogurt: "Yoghurt"@en, "Yoghurt" (untagged), "Yogourt"@fr
    expect((await service.get(getPath(['yogurt']))).body._embedded.concepts[0].altLabels).toEqual(['Yoghurt']);
    expect((await service.get(getPath(['yogurt'], '&lang=fr'))).body._embedded.concepts[0].altLabels).toEqual(['Yoghurt', 'Yogourt']);
    // chanterelle: "Eierschwammerl"@de only in German
    expect((await service.get(getPath(['bell-pepper']))).body._embedded.concepts[0].altLabels).toEqual(['Capsicum', 'Sweet pepper']);
  });

  test('takes the altLabels of the exact language, not of its regional variants', async () => {
    // aubergine: "Eggplant"@en-US, "Melanzani"@de
    expect((await service.get(getPath(['aubergine']))).body._embedded.concepts[0].altLabels).toEqual([]);
    expect((await service.get(getPath(['aubergine'], '&lang=en-US'))).body._embedded.concepts[0].altLabels).toEqual(['Eggplant']);
  });

  test('takes SKOS-XL labels as the plain properties, for the concept and for related entries', async () => {
    const { body } = await service.get(getPath(['sourdough', 'bread'], '&lang=de'));
    expect(body._embedded.concepts[0]).toEqual({
      uri: `${FOOD}sourdough`,
      prefLabel: 'Sauerteig',
      altLabels: [],
      related: [{ label: 'Brot', uri: `${FOOD}bread` }],
    });
    expect(body._embedded.concepts[1].related).toContainEqual({ label: 'Sauerteig', uri: `${FOOD}sourdough` });
  });

  test('never returns hiddenLabels', async () => {
    const { body } = await service.get(getPath(['yogurt', 'tomato']));
    const all = body._embedded.concepts.flatMap((concept: { altLabels: string[] }) => concept.altLabels);
    expect(all).not.toContain('yoghourt');
    expect(all).not.toContain('tomatoe');
    // positive controls: the altLabels are returned, and the hidden labels are in the data (search matches them)
    expect(all).toEqual(expect.arrayContaining(['Yoghurt', 'Love apple']));
    const found = await service.get('/search?q=yoghourt');
    expect(ids(found.body.concepts)).toContain('yogurt');
  });
});

describe('related in /get', () => {
  test('follows skos:related in both directions though the data states one', async () => {
    // stated: food:cheese skos:related food:wine
    const { body } = await service.get(getPath(['cheese', 'wine']));
    const [cheese, wine] = body._embedded.concepts;
    expect(cheese.related).toContainEqual({ label: 'Wine', uri: `${FOOD}wine` });
    expect(wine.related).toContainEqual({ label: 'Cheese', uri: `${FOOD}cheese` });
  });

  test('sorts related entries by label, then URI, each once', async () => {
    const { body } = await service.get(getPath(['peppermint-tea']));
    expect(body._embedded.concepts[0].related).toEqual([
      { label: 'Mint', uri: `${FOOD}mint` },
      { label: 'Mint', uri: `${FOOD}mint-candy` },
    ]);
    const wine = (await service.get(getPath(['wine']))).body._embedded.concepts[0];
    expect(wine.related.map((entry: { label: string }) => entry.label)).toEqual(['Cheese', 'Coq au vin', 'Grape']);
  });

  test('labels related entries in the requested language, with the same fallbacks', async () => {
    const { body } = await service.get(getPath(['crepe'], '&lang=fr'));
    expect(body._embedded.concepts[0].related).toEqual([
      { label: 'Crêpe déchirée', uri: `${FOOD}kaiserschmarrn` },
      { label: 'Galette de sarrasin', uri: `${FOOD}galette` },
      { label: 'Pancake', uri: `${FOOD}pancake` },
    ]);
    const english = (await service.get(getPath(['crepe']))).body._embedded.concepts[0];
    expect(english.related).toContainEqual({ label: 'Kaiserschmarrn', uri: `${FOOD}kaiserschmarrn` });
  });

  test('labels a related resource that is not a concept, and gives "" for one the store does not know', async () => {
    const { body } = await service.get(getPath(['olive-oil']));
    expect(body._embedded.concepts[0].related).toEqual([
      { label: '', uri: `${FOOD}retired-entry` },
      { label: 'Mediterranean diet', uri: `${FOOD}mediterranean-diet` },
      { label: 'Olive', uri: `${FOOD}olive` },
    ]);
  });
});

describe('the self link of /get', () => {
  test('percent-encodes what a query component must not hold, and keeps IRIs readable', async () => {
    const odd = `${FOOD}a&b=c+d%20e/é?x:y@z!$'()*,;~#f`;
    const { status, body } = await service.get(`/get?uri=${encodeURIComponent(odd)}`);
    expect(status).toBe(200);
    expect(body._links.self.href).toBe(`/get?uri=https://example.org/food/a%26b%3Dc%2Bd%2520e/%C3%A9?x:y@z!$'()*,;~%23f`);
  });

  test('leaves out, like any non-concept, a URI that passes the syntax rule but is no valid RDF IRI', async () => {
    const { status, body } = await service.get(
      `/get?uri=${encodeURIComponent('http://x/%zz')}&uri=${encodeURIComponent('http://x/a#b#c')}&uri=${encodeURIComponent(FOOD + 'tea')}`,
    );
    expect(status).toBe(200);
    expect(ids(body._embedded.concepts)).toEqual(['tea']);
    expect(body._links.self.href).toBe(`/get?uri=http://x/%25zz&uri=http://x/a%23b%23c&uri=${FOOD}tea`);
  });

  test('ends with &lang= when lang was given', async () => {
    const { body } = await service.get(getPath(['tea'], '&lang=de'));
    expect(body._links.self.href).toBe(`/get?uri=${FOOD}tea&lang=de`);
  });

  test('carries the base path when the service is mounted below /', async () => {
    const mounted = await startService({ BASE_PATH: '/vocab/food/' });
    try {
      const { status, body } = await mounted.get(getPath(['tea']));
      expect(status).toBe(200);
      expect(body._links.self.href).toBe(`/vocab/food/get?uri=${FOOD}tea`);
    } finally {
      await mounted.close();
    }
  });
});

describe('bad /get requests', () => {
  test.each([
    ['no uri at all', '/get', "'uri' parameter is mandatory"],
    ['an empty uri', '/get?uri=', "'uri' parameter must not be empty"],
    ['a relative reference', '/get?uri=food/tea', '"food/tea"'],
    ['a bare word', '/get?uri=tea', '"tea"'],
    ['a scheme alone', '/get?uri=http:', '"http:"'],
    ['a space', `/get?uri=${encodeURIComponent('http://x/a b')}`, '"http://x/a b"'],
    ['angle brackets', `/get?uri=${encodeURIComponent('http://x/a>')}`, '"http://x/a>"'],
    ['a quote', `/get?uri=${encodeURIComponent('http://x/"')}`, 'not an absolute IRI'],
    ['braces', `/get?uri=${encodeURIComponent('http://x/{a}')}`, 'not an absolute IRI'],
    ['a pipe', `/get?uri=${encodeURIComponent('http://x/a|b')}`, 'not an absolute IRI'],
    ['a caret', `/get?uri=${encodeURIComponent('http://x/a^b')}`, 'not an absolute IRI'],
    ['a backtick', `/get?uri=${encodeURIComponent('http://x/a`b')}`, 'not an absolute IRI'],
    ['a backslash', `/get?uri=${encodeURIComponent('http://x/a\\b')}`, 'not an absolute IRI'],
    ['a newline', `/get?uri=${encodeURIComponent('http://x/a\nb')}`, 'not an absolute IRI'],
    ['a control character', `/get?uri=${encodeURIComponent('http://x/a\u0001')}`, 'not an absolute IRI'],
    ['a malformed lang', `/get?uri=${encodeURIComponent(FOOD + 'tea')}&lang=e_n`, "'lang' parameter"],
    ['lang twice', `/get?uri=${encodeURIComponent(FOOD + 'tea')}&lang=en&lang=de`, "'lang' parameter must be given only once"],
  ])('answers 400 naming the parameter for %s', async (_case, path, message) => {
    const { status, body } = await service.get(path);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    expect(body.message).toMatch(/'(uri|lang)'/);
  });

  test('answers 400 for more than 100 URIs', async () => {
    const { status, body } = await service.get(getPath(Array.from({ length: 101 }, (_, i) => `c${i}`)));
    expect(status).toBe(400);
    expect(body.message).toBe("'uri' parameter may be given at most 100 times, not 101");
  });
});

import { FOOD, startService, type RunningService } from '../support/service.js';
import { PREVIEW_FRAGMENT_SCRIPT, PREVIEW_FRAGMENT_SCRIPT_HASH } from '../../src/reconcile/substitutedId.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

type Result = {
  id: string;
  name: string;
  description?: string;
  score: number;
  match: boolean;
  type: Array<{ id: string; name: string }>;
  features?: Array<{ id: string; value: boolean | number }>;
};

/** Sends a batch as OpenRefine does (a form POST) and gives each query's results. */
async function reconcile(queries: Record<string, object>): Promise<Record<string, Result[]>> {
  const response = await fetch(`${service.url}/reconcile`, {
    method: 'POST',
    body: new URLSearchParams({ queries: JSON.stringify(queries) }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, { result: Result[] }>;
  expect(Object.keys(body).sort()).toEqual(Object.keys(queries).sort());
  return Object.fromEntries(Object.entries(body).map(([key, { result }]) => [key, result]));
}

const first = (results: Result[] | undefined): string | undefined => results?.[0]?.id.replace(FOOD, '');
const SKOS_CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

describe('reconciliation: the manifest', () => {
  test('GET /reconcile gives the manifest: version 0.2, absolute links to preview, suggest, extend and the page', async () => {
    const { status, headers, body } = await service.get('/reconcile');
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body.versions).toEqual(['0.2']);
    expect(body.name).toBe('SKOS concepts');
    expect(body.defaultTypes).toEqual([{ id: SKOS_CONCEPT, name: 'Concept' }]);
    expect(body.view.url).toBe(`${service.url}/?uri={{id}}`);
    expect(body.preview.url).toBe(`${service.url}/reconcile/preview?id={{id}}`);
    expect(body.suggest.entity).toEqual({ service_url: `${service.url}/reconcile`, service_path: '/suggest/entity' });
    expect(body.extend.propose_properties).toEqual({ service_url: `${service.url}/reconcile`, service_path: '/properties' });
  });

  test('RECONCILE_NAME and PUBLIC_URL set the name and the links', async () => {
    const named = await startService({ RECONCILE_NAME: 'Food thesaurus', PUBLIC_URL: 'https://vocab.example.org/food/' });
    try {
      const { body } = await named.get('/reconcile');
      expect(body.name).toBe('Food thesaurus');
      expect(body.view.url).toBe('https://vocab.example.org/food/?uri={{id}}');
    } finally {
      await named.close();
    }
  });

  test('a CORS preflight of a POST is answered', async () => {
    const response = await fetch(`${service.url}/reconcile`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3333', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('reconciliation: queries', () => {
  test('a batch by GET and by POST gives the same results, each query by its key, best first', async () => {
    const queries = { q0: { query: 'Potato' }, q1: { query: 'Cauliflower' } };
    const { status, body } = await service.get(`/reconcile?queries=${encodeURIComponent(JSON.stringify(queries))}`);
    expect(status).toBe(200);
    const posted = await reconcile(queries);
    expect(body.q0.result).toEqual(posted.q0);
    expect(first(posted.q0)).toBe('potato');
    expect(posted.q0?.[0]).toEqual({
      id: `${FOOD}potato`,
      name: 'Potato',
      score: 100,
      match: true,
      type: [
        { id: SKOS_CONCEPT, name: 'Concept' },
        { id: `${FOOD}ingredients`, name: 'Ingredients' },
      ],
      features: [
        { id: 'name', value: 100 },
        { id: 'label_pref', value: true },
        { id: 'label_language', value: true },
        { id: 'how_exact', value: true },
        { id: 'lead', value: expect.any(Number) },
      ],
    });
    const scores = (posted.q0 ?? []).map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test("a batch shared between the pool's threads answers each query as one thread does: names, identifiers, a concept's IRI, properties and a name-less query mixed", async () => {
    const queries = {
      a: { query: 'Potato' },
      b: { query: 'Cauliflower' },
      c: { properties: [{ pid: 'notation', v: 'ING-101' }] },
      d: { query: 'DSH-101' },
      e: { query: 'Mint', properties: [{ pid: 'scheme', v: `${FOOD}ingredients` }] },
      f: { query: 'Tea', limit: 1 },
      g: { query: 'herbal infusion' },
      h: { query: `${FOOD}cheese` },
    };
    const answers = [];
    for (const workers of ['2', '0']) {
      const pooled = await startService({ INDEX_WORKERS: workers });
      try {
        const response = await fetch(`${pooled.url}/reconcile`, {
          method: 'POST',
          body: new URLSearchParams({ queries: JSON.stringify(queries) }),
        });
        answers.push(await response.json());
      } finally {
        await pooled.close();
      }
    }
    const [shared, alone] = answers as Array<Record<string, { result: Result[] }>>;
    for (const key of Object.keys(queries)) expect(shared?.[key]?.result.length).toBeGreaterThan(0);
    expect(shared).toEqual(alone);
  });

  test('word order does not matter ("infusion herbal" finds Herbal infusion, a match by nearness under the default rule); an equal label ("Tea, herbal", its altLabel), or an inverted heading of one ("infusion, herbal"), matches by name', async () => {
    const results = await reconcile({
      reordered: { query: 'infusion herbal' },
      plain: { query: 'Tea, herbal' },
      inverted: { query: 'infusion, herbal' },
      twoCommas: { query: 'infusion, herbal, hot' },
    });
    expect(first(results.reordered)).toBe('herbal-infusion');
    expect(results.reordered?.[0]?.match).toBe(true);
    expect(results.reordered?.[0]?.features).toContainEqual({ id: 'how_order', value: true });
    expect(results.reordered?.[0]?.score).toBeLessThan(100);
    expect(results.plain?.[0]).toMatchObject({ id: `${FOOD}herbal-infusion`, name: 'Herbal infusion', score: 100, match: true });
    // an inverted heading, as catalogues write them, names the label in natural order
    expect(results.inverted?.[0]).toMatchObject({ id: `${FOOD}herbal-infusion`, match: true });
    expect(results.inverted?.[0]?.score).toBeLessThan(100);
    expect(results.twoCommas?.every((r) => !r.match)).toBe(true);
  });

  test('under RECONCILE_MATCH=names only a name matches: another order, a plural, a typo are candidates and no match', async () => {
    const strict = await startService({ RECONCILE_MATCH: 'names' });
    try {
      const response = await fetch(`${strict.url}/reconcile`, {
        method: 'POST',
        body: new URLSearchParams({
          queries: JSON.stringify({
            reordered: { query: 'infusion herbal' },
            plural: { query: 'potatoes' },
            typo: { query: 'Caulifluwer' },
            named: { query: 'infusion, herbal' },
          }),
        }),
      });
      const results = (await response.json()) as Record<string, { result: Result[] }>;
      expect(results.reordered?.result[0]).toMatchObject({ id: `${FOOD}herbal-infusion`, match: false });
      expect(results.plural?.result[0]).toMatchObject({ id: `${FOOD}potato`, match: false });
      expect(results.named?.result[0]).toMatchObject({ id: `${FOOD}herbal-infusion`, match: true });
      if (strict.config.labelIndex) expect(results.typo?.result[0]).toMatchObject({ id: `${FOOD}cauliflower`, match: false });
    } finally {
      await strict.close();
    }
  });

  test('stems find plurals and singulars, scored below an equal word; a plural alone near its concept matches', async () => {
    const results = await reconcile({ q: { query: 'potatoes' } });
    expect(first(results.q)).toBe('potato');
    expect(results.q?.[0]?.score).toBeGreaterThan(80);
    expect(results.q?.[0]?.score).toBeLessThan(100);
    expect(results.q?.[0]?.match).toBe(true);
    expect(results.q?.[0]?.features).toContainEqual({ id: 'how_number', value: true });
    expect(results.q?.[0]?.features).toContainEqual({ id: 'stems', value: 1 });
  });

  test('a name that two concepts carry is never a match: "Tea" (the drink, and Supper in British English)', async () => {
    const results = await reconcile({ q: { query: 'tea' } });
    expect(
      (results.q ?? [])
        .filter((r) => r.score === 100)
        .map((r) => r.id.replace(FOOD, ''))
        .sort(),
    ).toEqual(['supper', 'tea']);
    expect((results.q ?? []).every((r) => !r.match)).toBe(true);
  });

  test('a type that is a concept scheme narrows the candidates, and so the namesakes: "Mint" in Dishes and drinks is a match', async () => {
    const results = await reconcile({
      any: { query: 'Mint' },
      dishes: { query: 'Mint', type: `${FOOD}dishes` },
      concepts: { query: 'Mint', type: SKOS_CONCEPT },
      unknown: { query: 'Mint', type: 'https://example.org/no-such-scheme' },
    });
    expect((results.any ?? []).slice(0, 2).every((r) => !r.match)).toBe(true);
    expect(results.dishes?.map((r) => r.id.replace(FOOD, ''))).toContain('mint-candy');
    expect(results.dishes?.[0]).toMatchObject({ id: `${FOOD}mint-candy`, match: true });
    expect(results.dishes?.every((r) => r.type.some((t) => t.id === `${FOOD}dishes`))).toBe(true);
    expect(
      results.concepts
        ?.slice(0, 2)
        .map((r) => r.id.replace(FOOD, ''))
        .sort(),
    ).toEqual(['mint', 'mint-candy']);
    expect(results.unknown).toEqual([]);
  });

  test('properties are evidence: one that agrees (broader by label or IRI, scheme, notation) puts its concept first, a match; one that disagrees lowers the others; lang chooses the labels matched and the name', async () => {
    const results = await reconcile({
      broaderLabel: { query: 'Mint', properties: [{ pid: 'broader', v: 'herbs and spices' }] },
      broaderId: { query: 'Mint', properties: [{ pid: 'broader', v: { id: `${FOOD}pastries`, name: 'Pastries' } }] },
      scheme: { query: 'Mint', properties: [{ pid: 'scheme', v: `${FOOD}ingredients` }] },
      notation: { query: 'Mint', properties: [{ pid: 'notation', v: 'DSH-721' }] },
      notationOnly: { properties: [{ pid: 'notation', v: 'ING-101' }] },
      notations: { properties: [{ pid: 'notation', v: ['ING-101', 'no such notation', 'DSH-721'] }] },
      french: { query: 'Thé', properties: [{ pid: 'lang', v: 'fr' }] },
    });
    expect(first(results.broaderLabel)).toBe('mint');
    expect(results.broaderLabel?.[0]).toMatchObject({ score: 100, match: true });
    // the other Mint stays a candidate, below: its broader concept disagrees
    expect(results.broaderLabel?.find((r) => r.id === `${FOOD}mint-candy`)).toMatchObject({ score: 71.43, match: false });
    expect(results.broaderId?.[0]).toMatchObject({ id: `${FOOD}mint-candy`, match: true });
    expect(first(results.scheme)).toBe('mint');
    expect(results.notation?.[0]).toMatchObject({ id: `${FOOD}mint-candy`, match: true });
    expect(results.notationOnly?.[0]).toMatchObject({ id: `${FOOD}tomato`, score: 100, match: true });
    // several notations are looked up together: each concept found, neither alone, so neither a match
    expect(results.notations?.map((r) => [r.id, r.score, r.match])).toEqual([
      [`${FOOD}tomato`, 100, false],
      [`${FOOD}mint-candy`, 100, false],
    ]);
    expect(results.french?.[0]).toMatchObject({ id: `${FOOD}tea`, name: 'Thé', score: 100, match: true });
  });

  test("properties weigh a name's candidates alike where the label index tells their agreements (on its pool's thread) and where the store's concepts are shown", async () => {
    const queries = {
      broaderLabel: { query: 'Mint', properties: [{ pid: 'broader', v: 'herbs and spices' }] },
      broaderId: { query: 'Mint', properties: [{ pid: 'broader', v: { id: `${FOOD}pastries`, name: 'Pastries' } }] },
      scheme: { query: 'Mint', properties: [{ pid: 'scheme', v: `${FOOD}ingredients` }] },
      schemeName: { query: 'Tea', properties: [{ pid: 'scheme', v: 'Dishes and drinks' }] },
      notation: { query: 'Mint', properties: [{ pid: 'notation', v: 'DSH-721' }] },
      altLabel: { query: 'Tea', properties: [{ pid: 'altLabels', v: 'tea, herbal' }] },
      prefLabel: { query: 'Tea', properties: [{ pid: 'prefLabel', v: 'Herbal infusion' }] },
      related: { query: 'Mint', properties: [{ pid: 'related', v: 'Tea' }] },
      several: {
        query: 'Mint',
        properties: [
          { pid: 'broader', v: ['herbs and spices', 'Pastries'] },
          { pid: 'scheme', v: `${FOOD}dishes` },
        ],
      },
      french: {
        query: 'Thé',
        properties: [
          { pid: 'lang', v: 'fr' },
          { pid: 'broader', v: 'boissons' },
        ],
      },
    };
    const answers: Array<Record<string, Result[]>> = [];
    const settings: Array<Record<string, string>> = [{ INDEX_WORKERS: '1' }, { INDEX_WORKERS: '0' }, { LABEL_INDEX: 'off' }];
    for (const setting of settings) {
      const other = await startService(setting);
      try {
        const response = await fetch(`${other.url}/reconcile`, {
          method: 'POST',
          body: new URLSearchParams({ queries: JSON.stringify(queries) }),
        });
        const body = (await response.json()) as Record<string, { result: Result[] }>;
        answers.push(Object.fromEntries(Object.entries(body).map(([key, { result }]) => [key, result])));
      } finally {
        await other.close();
      }
    }
    const [pooled, here, fromStore] = answers as [Record<string, Result[]>, Record<string, Result[]>, Record<string, Result[]>];
    expect(pooled).toEqual(here);
    // the store path finds candidates otherwise (no typos): those both find are weighed alike
    let compared = 0;
    for (const key of Object.keys(queries)) {
      for (const candidate of pooled[key] ?? []) {
        const same = fromStore[key]?.find((other) => other.id === candidate.id);
        if (same === undefined) continue;
        compared++;
        expect([key, candidate.id, candidate.features]).toEqual([key, same.id, same.features]);
      }
    }
    expect(compared).toBeGreaterThan(10);
    // the evidence did weigh: some candidate agrees and some does not
    const agreed = Object.values(pooled)
      .flat()
      .flatMap((candidate) => candidate.features ?? [])
      .filter(({ id }) => id !== 'name');
    expect(agreed.some(({ value }) => value === true || value === 1)).toBe(true);
    expect(agreed.some(({ value }) => value === false || value === 0)).toBe(true);
  });

  test('a property the service cannot use is left out and the request log says so: every query of the batch is answered', async () => {
    // a column of scheme names, a broader column of labels that match nothing, every property
    // that property suggest offers, one it does not know, a lang that is no tag, a reconciled cell
    const offered = [
      ...new Set(
        (
          await Promise.all([...'abcdefghijklmnopqrstuvwxyz'].map((letter) => service.get(`/reconcile/suggest/property?prefix=${letter}`)))
        ).flatMap(({ body }) => body.result.map((p: { id: string }) => p.id)),
      ),
    ];
    expect(offered.length).toBeGreaterThan(6);
    const batch: Record<string, object> = Object.fromEntries(
      offered.map((pid) => [`by-${pid}`, { query: 'Tea', properties: [{ pid, v: pid === 'lang' ? 'en' : 'Beverages' }] }]),
    );
    Object.assign(batch, {
      schemeName: { query: 'Tea', properties: [{ pid: 'scheme', v: 'Dishes and drinks' }] },
      unknown: { query: 'Tea', properties: [{ pid: 'colour', v: 'red' }] },
      badLang: { query: 'Tea', properties: [{ pid: 'lang', v: 'not a tag!' }] },
      cell: {
        query: 'Tea',
        properties: [
          { pid: 'broader', v: { id: `${FOOD}beverages`, name: 'Beverages' } },
          { pid: 'notation', v: 42 },
        ],
      },
      nothing: { query: 'Tea', properties: [{ pid: 'broader', v: null }, { v: 'no pid' }] },
    });
    const results = await reconcile({ ...batch, long: { query: 'Tea '.repeat(260) }, control: { query: 'Tea\u0007' } });
    for (const key of Object.keys(batch)) expect(first(results[key])).toBe('tea');
    expect([results.long, results.control]).toEqual([[], []]); // a cell /search could not take: no candidates, the batch answered
    expect(results.schemeName?.[0]?.score).toBe(100); // a scheme by its name agrees
    expect(results.unknown?.[0]).toMatchObject({ score: 100, match: false }); // as with no property: Supper is "Tea" in British English
    expect(results['by-broader']?.[0]).toMatchObject({ score: 100, match: true }); // Supper's broader concept disagrees
    expect(results.cell?.[0]?.match).toBe(false); // its notation is DSH-101, not 42
  });

  test('a notation as the query is an identifier: its concept comes first, a match when no other concept carries it', async () => {
    const results = await reconcile({ notation: { query: 'DSH-101' }, spaced: { query: ' DSH-101 ' }, unknown: { query: 'DSH-999' } });
    expect(results.notation?.[0]).toMatchObject({ id: `${FOOD}tea`, name: 'Tea', score: 100, match: true });
    expect(results.spaced?.[0]).toMatchObject({ id: `${FOOD}tea`, match: true });
    expect(results.unknown?.every((r) => !r.match)).toBe(true);
  });

  test('a leading article: "The Cheese" names Cheese, a match; a label in another language than the column\'s scores less: "The Moon" gives Thé (fr) 53.33', async () => {
    const results = await reconcile({
      cheese: { query: 'The Cheese' },
      moon: { query: 'The Moon' },
      french: { query: 'The Moon', properties: [{ pid: 'lang', v: 'fr' }] },
      tea: { query: 'The tea' },
    });
    expect(results.cheese?.[0]).toMatchObject({ id: `${FOOD}cheese`, score: 99.5, match: true });
    if (service.config.labelIndex) {
      expect(results.moon?.[0]).toMatchObject({ id: `${FOOD}tea`, score: 53.33, match: false }); // one word of two alike: 66.67, in French
      expect(results.french?.[0]).toMatchObject({ id: `${FOOD}tea`, score: 66.67, match: false }); // a French column: as it is
    } else {
      // LABEL_INDEX=off: candidates are what /search finds, and "The Moon" is an article and a word no label holds
      expect([results.moon, results.french]).toEqual([[], []]);
    }
    expect(results.tea?.slice(0, 2).map((r) => r.match)).toEqual([false, false]); // Supper is "Tea" in British English too
  });

  test('a concept IRI as the query finds that concept, a match', async () => {
    const results = await reconcile({ q: { query: `${FOOD}cheese` } });
    expect(results.q).toEqual([expect.objectContaining({ id: `${FOOD}cheese`, name: 'Cheese', score: 100, match: true })]);
  });

  test('limit caps the candidates; a name nothing resembles gets none', async () => {
    const results = await reconcile({ one: { query: 'tea', limit: 1 }, none: { query: 'xylophone quartet' } });
    expect(results.one).toHaveLength(1);
    expect(results.none).toEqual([]);
  });

  test('deprecated concepts are never candidates', async () => {
    const results = await reconcile({ q: { query: 'Oleomargarine' } });
    expect(results.q?.map((r) => r.id)).not.toContain(`${FOOD}oleomargarine`);
  });

  test('one typo in a word of five letters or more still finds the concept, on the label index; the store path finds what /search finds', async () => {
    const results = await reconcile({
      changed: { query: 'Caulifluwer' },
      swapped: { query: 'Aubregine' },
      missing: { query: 'Cauliflwer' },
      short: { query: 'Tae' },
    });
    if (service.config.labelIndex) {
      expect(first(results.changed)).toBe('cauliflower');
      expect(first(results.swapped)).toBe('aubergine');
      expect(first(results.missing)).toBe('cauliflower');
      // one candidate alone a typo from the name, by a clear lead: a match, and the features say how
      expect(results.changed?.[0]?.match).toBe(true);
      expect(results.changed?.[0]?.features).toContainEqual({ id: 'how_typo', value: true });
      expect(results.changed?.[0]?.features).toContainEqual({ id: 'typos', value: 1 });
    } else {
      // LABEL_INDEX=off: candidates come from the store's /search query, which has no typos (README)
      expect(results.changed).toEqual([]);
    }
    expect(first(results.short)).not.toBe('tea'); // three letters: no typo forgiven
  });

  test('a malformed batch is a 400 naming queries, the key and the field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['not json', /'queries' parameter is not JSON/],
      ['[1]', /'queries' parameter must be a JSON object/],
      ['{"q0": {"query": 3}}', /'queries' parameter: query "q0": 'query' must be a string/],
      ['{"q0": {"query": "a", "limit": 0}}', /'limit' must be a positive integer/],
      ['{"q0": {"query": "a", "type": "not an iri"}}', /'type' "not an iri" is not an IRI/],
      ['{"q0": {"query": " "}}', /needs a non-empty 'query'/],
      ['{"q0": {"query": "a"}, "q1": null}', /'queries' parameter: query "q1": must be an object/],
      ['{"q0": {"query": "a", "type": ["https://example.org/food/dishes", 3]}}', /'type' must be a string or an array of strings/],
      ['{"q0": {"query": "a", "type_strict": "some"}}', /'type_strict' must be any, all or should/],
    ];
    for (const [text, message] of cases) {
      const { status, body } = await service.get(`/reconcile?queries=${encodeURIComponent(text)}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    }
    const big = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, { query: 'tea' }]));
    expect((await service.get(`/reconcile?queries=${encodeURIComponent(JSON.stringify(big))}`)).status).toBe(400);
  });
});

describe('reconciliation: what one request may ask', () => {
  const ask = async (queries: object): Promise<{ status: number; body: any }> =>
    service.get(`/reconcile?queries=${encodeURIComponent(JSON.stringify(queries))}`);
  const values = (n: number, make: (i: number) => string = (i) => `v${i}`): string[] => Array.from({ length: n }, (_, i) => make(i));

  test('more than 10 properties a query, 10 values a property or 10 notations a query is a 400 naming the limit; at the limit it is answered', async () => {
    const properties = (n: number) => Array.from({ length: n }, (_, i) => ({ pid: 'broader', v: `Drinks ${i}` }));
    expect((await ask({ q0: { query: 'Tea', properties: properties(10) } })).status).toBe(200);
    const tooMany = await ask({ q0: { query: 'Tea', properties: properties(11) } });
    expect([tooMany.status, tooMany.body.message]).toEqual([
      400,
      expect.stringMatching(/query "q0": 'properties' holds 11 properties; at most 10/),
    ]);
    expect((await ask({ q0: { query: 'Tea', properties: [{ pid: 'broader', v: values(10) }] } })).status).toBe(200);
    const manyValues = await ask({ q0: { query: 'Tea', properties: [{ pid: 'broader', v: values(11) }] } });
    expect([manyValues.status, manyValues.body.message]).toEqual([
      400,
      expect.stringMatching(/query "q0": property "broader" has 11 values; at most 10 a property/),
    ]);
    const notations = await ask({
      q0: {
        properties: [
          { pid: 'notation', v: values(6) },
          { pid: 'notation', v: values(5) },
        ],
      },
    });
    expect([notations.status, notations.body.message]).toEqual([400, expect.stringMatching(/gives 11 notations to look up; at most 10/)]);
  });

  test('a property value over 200 characters is left out, and a name over 1,000 gets no candidates: the batch is answered', async () => {
    const long = `Drinks ${'x'.repeat(200)}`;
    const longer = `Drinks ${'x'.repeat(1000)}`;
    const { status, body } = await ask({ q0: { query: 'Tea', properties: [{ pid: 'broader', v: long }] }, q1: { query: longer } });
    expect(status).toBe(200);
    expect(body.q0.result.length).toBeGreaterThan(0);
    expect(body.q0.result[0].score).toBe(100); // the value left out neither agrees nor disagrees
    expect(body.q1.result).toEqual([]);
  });

  test("a name as long as a classification's labels (over 200 characters) is reconciled from the label index", async () => {
    // 10 words of the vocabulary's, then 30 of none: 264 characters
    const name = `Tea ${'Drinks '.repeat(9)}${'Nonesuchword '.repeat(20)}`.trim();
    expect(name.length).toBeGreaterThan(200);
    const { status, body } = await ask({ q0: { query: name } });
    expect(status).toBe(200);
    if (service.config.labelIndex) expect(body.q0.result.map((c: { name: string }) => c.name)).toContain('Tea');
    // LABEL_INDEX=off: a name is looked up as a /search, and bounded as its q (200 characters)
    else expect(body.q0.result).toEqual([]);
  });

  test('a property value with a lone surrogate or a control character is left out, on every path: the batch is answered', async () => {
    const { status, body } = await ask({
      q0: { query: 'Tea', properties: [{ pid: 'notation', v: '\ud800' }] },
      q1: { query: 'Tea', properties: [{ pid: 'broader', v: 'Drinks\u0000' }] },
    });
    expect(status).toBe(200);
    expect(body.q0.result[0].name).toBe('Tea');
    expect(body.q1.result[0].name).toBe('Tea');
    // a query whose only way to find candidates was that notation has none left: as without it
    const alone = await ask({ q0: { query: '', properties: [{ pid: 'notation', v: 'x\udfff' }] } });
    expect([alone.status, alone.body.message]).toEqual([400, expect.stringMatching(/^'queries' parameter: .*needs a non-empty 'query'/)]);
  });

  test('a data extension reads at most 1,000 concepts: ids times the distinct lang settings; more is a 400 saying so', async () => {
    const ids = values(400, (i) => `${FOOD}c${i}`);
    const extend = async (langs: string[]): Promise<{ status: number; body: any }> => {
      const extension = { ids, properties: langs.map((lang) => ({ id: 'prefLabel', settings: { lang } })) };
      const response = await fetch(`${service.url}/reconcile`, {
        method: 'POST',
        body: new URLSearchParams({ extend: JSON.stringify(extension) }),
      });
      return { status: response.status, body: await response.json() };
    };
    expect((await extend(['en', 'fr'])).status).toBe(200);
    const three = await extend(['en', 'fr', 'de']);
    expect([three.status, three.body.message]).toEqual([
      400,
      expect.stringMatching(/'extend' parameter: 400 ids in 3 languages .* are 1200 concepts to read; at most 1000 a request/),
    ]);
    const properties = Array.from({ length: 21 }, () => ({ id: 'prefLabel' }));
    const many = await service.get(`/reconcile?extend=${encodeURIComponent(JSON.stringify({ ids: [`${FOOD}tea`], properties }))}`);
    expect([many.status, many.body.message]).toEqual([400, expect.stringMatching(/'properties' holds 21 properties; at most 20/)]);
  });
});

describe('reconciliation: suggest, preview, data extension', () => {
  test('entity suggest: type-ahead from the first letters, the broader concept as the description', async () => {
    const { status, body } = await service.get('/reconcile/suggest/entity?prefix=min');
    expect(status).toBe(200);
    const mints = body.result.filter((r: { name: string }) => r.name === 'Mint');
    expect(mints.map((r: { description: string }) => r.description).sort()).toEqual(['Herbs and spices', 'Pastries and desserts']);
    const next = await service.get('/reconcile/suggest/entity?prefix=min&cursor=1');
    expect(next.body.result[0]).toEqual(body.result[1]);
    const byIri = await service.get(`/reconcile/suggest/entity?prefix=${encodeURIComponent(`${FOOD}tea`)}`);
    expect(byIri.body.result[0]).toMatchObject({ id: `${FOOD}tea`, name: 'Tea' });
  });

  test("OpenRefine's type selection: a scheme found by type suggest narrows the candidates to it, with the type_strict it sends", async () => {
    const [ingredients] = (await service.get('/reconcile/suggest/type?prefix=ingr')).body.result;
    expect(ingredients).toEqual({ id: `${FOOD}ingredients`, name: 'Ingredients' });
    const body = new URLSearchParams({
      queries: JSON.stringify({
        q0: { query: 'Mint', type: ingredients.id, type_strict: 'should' },
        q1: { query: 'Mint', type: 'http://www.w3.org/2004/02/skos/core#Concept', type_strict: 'should' },
      }),
    });
    type Results = Record<string, { result: Array<{ id: string; match: boolean }> }>;
    const answer = (await (await fetch(`${service.url}/reconcile`, { method: 'POST', body })).json()) as Results;
    const narrowed = answer.q0?.result ?? [];
    const every = answer.q1?.result ?? [];
    // the concept type admits both Mints (neither a match); the scheme only the herb, now the match
    expect(every.filter((c) => c.id.endsWith('/mint') || c.id.endsWith('/mint-candy')).length).toBe(2);
    expect(narrowed[0]).toMatchObject({ id: `${FOOD}mint`, match: true });
    const schemes = await service.get(`/get?${narrowed.map((c) => `uri=${encodeURIComponent(c.id)}`).join('&')}&fields=scheme`);
    for (const concept of schemes.body._embedded.concepts)
      expect([concept.uri, concept.scheme.map((s: { uri: string }) => s.uri)]).toEqual([concept.uri, [`${FOOD}ingredients`]]);
  });

  test('type suggest offers the concept type and the schemes; property suggest the properties', async () => {
    expect((await service.get('/reconcile/suggest/type?prefix=dish')).body.result).toEqual([
      { id: `${FOOD}dishes`, name: 'Dishes and drinks' },
    ]);
    expect((await service.get('/reconcile/suggest/type?prefix=conc')).body.result).toEqual([{ id: SKOS_CONCEPT, name: 'Concept' }]);
    expect((await service.get('/reconcile/suggest/property?prefix=bro')).body.result.map((p: { id: string }) => p.id)).toEqual(['broader']);
  });

  test('the preview is a small HTML card, framable by other origins, every text escaped, with one script (the fragment mender) and no other', async () => {
    const response = await fetch(`${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}fish-and-chips`)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(response.headers.get('content-security-policy')).not.toMatch(/frame-ancestors|unsafe-inline'[^;]*script|script-src[^;]*unsafe/);
    expect(response.headers.get('content-security-policy')).toContain(`script-src ${PREVIEW_FRAGMENT_SCRIPT_HASH};`);
    const html = await response.text();
    expect(html).toContain('Fish &#38; chips'); // its altLabel "Fish & chips"
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toContain(`<script>${PREVIEW_FRAGMENT_SCRIPT}</script>`);
    expect(html).toContain(`${service.url}/?uri=${encodeURIComponent(`${FOOD}fish-and-chips`)}`);
    expect((await fetch(`${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}nothing`)}`)).status).toBe(404);
    expect((await service.get('/reconcile/preview')).status).toBe(400);
  });

  test('the preview given the name (`q`) says why the concept is a candidate for it, escaped: the label, how it matched, the score and the match', async () => {
    const card = async (id: string, q: string, lang?: string): Promise<string> => {
      const response = await fetch(
        `${service.url}/reconcile/preview?id=${encodeURIComponent(`${FOOD}${id}`)}&q=${encodeURIComponent(q)}${lang === undefined ? '' : `&lang=${lang}`}`,
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    if (service.config.labelIndex)
      expect(await card('cauliflower', 'Caulifluwer')).toMatch(
        /<th>For “Caulifluwer”<\/th><td dir="auto"><strong>a match<\/strong>, score 80: prefLabel &#34;Cauliflower&#34; \(en\): every word paired, some a typo apart; leads the next by [\d.]+<\/td>/,
      );
    expect(await card('potato', 'potatoes')).toMatch(
      /a match<\/strong>, score [\d.]+: prefLabel &#34;Potato&#34; \(en\): every word paired, some in another number/,
    );
    expect(await card('tea', 'Thé', 'fr')).toMatch(/prefLabel &#34;Thé&#34; \(fr\): the label is the name as written/);
    expect(await card('tea', '<b>Cauliflower</b>')).toContain(
      'For “&#60;b&#62;Cauliflower&#60;/b&#62;”</th><td dir="auto">no match: not among the first 25 candidates',
    );
    const long = await service.get(`/reconcile/preview?id=${encodeURIComponent(`${FOOD}tea`)}&q=${'x'.repeat(1001)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("'q' parameter must be at most 1000 characters long");
  });

  test("the features' page says what each feature means; both manifests point to it", async () => {
    const { body: all } = await service.get('/reconcile/features');
    const ids = (all.features as Array<{ id: string; name: string; about: string }>).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['name', 'label_pref', 'how_typo', 'how_number', 'typos', 'lead', 'property:{pid}']));
    const { body: one } = await service.get('/reconcile/features?id=how_typo');
    expect(one).toMatchObject({ id: 'how_typo', name: 'Every word paired, some a typo apart' });
    expect((await service.get('/reconcile/features?id=property:broader')).body.id).toBe('property:{pid}');
    const missing = await service.get('/reconcile/features?id=nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/^no feature "nothing": name, label_pref/);
    expect((await service.get('/reconcile')).body.feature_view).toEqual({ url: `${service.url}/reconcile/features?id={{id}}` });
    expect((await service.get('/reconcile/1.0-draft')).body.featureView).toEqual({ url: `${service.url}/reconcile/features?id={id}` });
    // every feature a candidate carries is declared there
    const results = await reconcile({ q: { query: 'potatoes', properties: [{ pid: 'broader', v: 'Vegetables' }] } });
    const carried = (results.q ?? []).flatMap((c) => (c.features ?? []).map((f) => f.id.replace(/^property:.*/, 'property:{pid}')));
    expect(carried.length).toBeGreaterThan(0);
    for (const id of carried) expect(ids).toContain(id);
  });

  test('data extension: the properties of each concept, labels in the language of the setting, entities for broader concepts', async () => {
    const query = {
      ids: [`${FOOD}tea`, 'urn:x:nothing'],
      properties: [
        { id: 'prefLabel', settings: { lang: 'fr' } },
        { id: 'broader' },
        { id: 'notation' },
        { id: 'scopeNote' },
        { id: 'altLabels' },
        { id: 'scheme' },
        { id: 'related' },
      ],
    };
    const response = await fetch(`${service.url}/reconcile`, {
      method: 'POST',
      body: new URLSearchParams({ extend: JSON.stringify(query) }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { meta: Array<{ id: string }>; rows: Record<string, Record<string, unknown[]>> };
    expect(body.meta.map((m) => m.id)).toEqual(['prefLabel', 'broader', 'notation', 'scopeNote', 'altLabels', 'scheme', 'related']);
    expect(body.rows[`${FOOD}tea`]).toEqual({
      prefLabel: [{ str: 'Thé' }],
      broader: [{ id: `${FOOD}beverages`, name: 'Beverages' }],
      notation: [{ str: 'DSH-101' }],
      scopeNote: [{ str: expect.stringMatching(/^The drink brewed/) }],
      altLabels: [],
      scheme: [{ id: `${FOOD}dishes`, name: 'Dishes and drinks' }],
      related: [{ id: `${FOOD}afternoon-tea`, name: 'Afternoon tea' }],
    });
    expect(body.rows['urn:x:nothing']).toEqual({
      prefLabel: [],
      broader: [],
      notation: [],
      scopeNote: [],
      altLabels: [],
      scheme: [],
      related: [],
    });
    const proposals = await service.get(`/reconcile/properties?type=${encodeURIComponent(SKOS_CONCEPT)}&limit=3`);
    expect(proposals.body).toEqual({
      type: SKOS_CONCEPT,
      limit: 3,
      properties: [
        expect.objectContaining({ id: 'prefLabel' }),
        expect.objectContaining({ id: 'altLabels' }),
        expect.objectContaining({ id: 'broader' }),
      ],
    });
  });

  test('a malformed extension is a 400 naming extend; an id that is no IRI, or a property the service does not extend, gets no values', async () => {
    expect((await service.get(`/reconcile?extend=${encodeURIComponent('{"ids": "x", "properties": []}')}`)).body.message).toMatch(
      /'extend' parameter: 'ids' must be an array of strings/,
    );
    expect(
      (await service.get(`/reconcile?extend=${encodeURIComponent('{"ids": [], "properties": [{"settings": {}}]}')}`)).body.message,
    ).toMatch(/'extend' parameter: each property needs an 'id'/);
    const { status, body } = await service.get(
      `/reconcile?extend=${encodeURIComponent(JSON.stringify({ ids: ['x y', `${FOOD}tea`], properties: [{ id: 'colour' }, { id: 'lang' }, { id: 'prefLabel', settings: { lang: 'no tag!' } }] }))}`,
    );
    expect(status).toBe(200);
    expect(body.meta.map((m: { id: string }) => m.id)).toEqual(['colour', 'lang', 'prefLabel']);
    expect(body.rows['x y']).toEqual({ colour: [], lang: [], prefLabel: [] });
    expect(body.rows[`${FOOD}tea`]).toEqual({ colour: [], lang: [], prefLabel: [{ str: 'Tea' }] }); // the setting that is no tag is left out
  });
});

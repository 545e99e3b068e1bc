import { FOOD, fixtureSettings, odditiesSettings, startService, type RunningService } from '../support/service.js';

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

  test('names a vocabulary by the id VOCABULARY_IDS gives its scheme', async () => {
    const named = await startService({ VOCABULARY_IDS: `food=${FOOD}ingredients` });
    try {
      const { body } = await named.get('/rest/v1/vocabularies?lang=en');
      expect(body.vocabularies.map(({ id }: { id: string }) => id)).toEqual(['dishes', 'food']);
      expect((await named.get('/rest/v1/food/')).body).toMatchObject({ id: 'food', conceptschemes: [{ uri: `${FOOD}ingredients` }] });
      expect((await named.get('/rest/v1/food/search?query=tomato')).body.results).toMatchObject([{ uri: TOMATO, vocab: 'food' }]);
      expect((await named.get('/rest/v1/ingredients/')).status).toBe(404);
    } finally {
      await named.close();
    }
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

  test('names the altLabel a search found beside the prefLabel, as Skosmos does, and none where the prefLabel was found', async () => {
    const byAlt = (await service.get('/rest/v1/ingredients/search?query=love%20ap*&lang=en')).body.results;
    expect(byAlt[0]).toMatchObject({ uri: TOMATO, prefLabel: 'Tomato', altLabel: 'Love apple' });
    const exact = (await service.get('/rest/v1/ingredients/search?query=LOVE%20APPLE&lang=en')).body.results;
    expect(exact[0]).toMatchObject({ uri: TOMATO, altLabel: 'Love apple' });
    const byPref = (await service.get('/rest/v1/ingredients/search?query=tomat*&lang=en')).body.results;
    expect(byPref[0].uri).toBe(TOMATO);
    expect(byPref[0].altLabel).toBeUndefined();
  });

  test('gives a concept as Turtle and as JSON-LD in Skosmos’ shape', async () => {
    const turtle = await fetch(`${service.url}/rest/v1/data?uri=${encodeURIComponent(TOMATO)}&format=text/turtle`);
    expect(turtle.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    expect(await turtle.text()).toContain('"Tomato"@en');
    const { body } = await service.get(`/rest/v1/ingredients/data?uri=${encodeURIComponent(TOMATO)}&format=application/json`);
    expect(body.graph[0]).toMatchObject({ uri: TOMATO, type: 'skos:Concept' });
    expect(body.graph[0].prefLabel).toContainEqual({ lang: 'en', value: 'Tomato' });
  });

  test('draws the hierarchy around a concept: it and each concept above it, with their children as /narrower lists them', async () => {
    const { status, body } = await service.get(`/rest/v1/ingredients/hierarchy?uri=${encodeURIComponent(TOMATO)}&lang=en`);
    expect(status).toBe(200);
    const [concept] =
      (await service.get(`/get?uri=${encodeURIComponent(TOMATO)}&lang=en&fields=ancestors`)).body._embedded?.concepts ??
      (await service.get(`/get?uri=${encodeURIComponent(TOMATO)}&lang=en&fields=ancestors&format=json`)).body.concepts;
    const path = [...concept.ancestors.map(({ uri }: { uri: string }) => uri).reverse()];
    expect(Object.keys(body.broaderTransitive)).toEqual([TOMATO, ...path]);
    const top = body.broaderTransitive[path.at(-1)];
    expect(top).toMatchObject({ tops: [`${FOOD}ingredients`], top: `${FOOD}ingredients` });
    expect(top.broader).toBeUndefined();
    for (const uri of path) {
      const listed = await service.get(`/narrower?uri=${encodeURIComponent(uri)}&lang=en&count=1000`);
      const children = listed.body._embedded?.concepts ?? listed.body.concepts;
      expect(body.broaderTransitive[uri].narrower.map(({ uri: child }: { uri: string }) => child)).toEqual(
        children.map(({ uri: child }: { uri: string }) => child),
      );
    }
    expect(body.broaderTransitive[TOMATO]).toMatchObject({ prefLabel: 'Tomato', broader: [path[0]], narrower: [] });
  });

  test("lists a concept's mappings from its own statements, and empty lists for what this service does not keep", async () => {
    const oddities = await startService(odditiesSettings());
    try {
      const museums = 'http://vocab.example.org/heritage/museums';
      const { body } = await oddities.get(`/rest/v1/vocabulary/mappings?uri=${encodeURIComponent(museums)}&lang=en`);
      expect(body.mappings).toEqual([
        expect.objectContaining({
          uri: museums,
          type: ['http://www.w3.org/2004/02/skos/core#exactMatch'],
          from: { memberSet: [{ uri: museums }] },
          to: { memberSet: [{ uri: 'http://dbpedia.org/resource/Mus\uFFFDe' }] },
        }),
      ]);
      expect(body.graph.graph[0]).toMatchObject({ uri: museums });
    } finally {
      await oddities.close();
    }
    expect((await service.get(`/rest/v1/ingredients/mappings?uri=${encodeURIComponent(TOMATO)}`)).body.mappings).toEqual([]);
    // the sample vocabulary states no dates: nothing new, nothing modified
    expect((await service.get('/rest/v1/ingredients/new?lang=en')).body.changeList).toEqual([]);
    expect((await service.get('/rest/v1/ingredients/modified?lang=en')).body.changeList).toEqual([]);
    const group = await service.get(`/rest/v1/ingredients/groupMembers?uri=${encodeURIComponent(TOMATO)}`);
    expect([group.status, group.body.message]).toEqual([404, `Could not find group <${TOMATO}>`]);
  });

  test("composes data as Skosmos does: Dataverse's retrieval filter finds the term's name in each language, its vocabulary's name and IRI", async () => {
    type Node = { uri: string; type?: string | string[]; prefLabel?: Label | Label[]; broader?: { uri: string } | Array<{ uri: string }> };
    type Label = { lang: string; value: string };
    const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
    // Dataverse's filter paths: /graph/type=skos:ConceptScheme/prefLabel, .../uri, and /graph/uri=@id/prefLabel
    const retrieve = (graph: Node[], term: string) => {
      const scheme = graph.find((node) => list(node.type).includes('skos:ConceptScheme'));
      return {
        name: list(graph.find((node) => node.uri === term)?.prefLabel),
        vocabularyName: list(scheme?.prefLabel),
        vocabularyUri: scheme?.uri,
      };
    };
    for (const [term, scheme, names] of [
      [TOMATO, `${FOOD}ingredients`, ['Tomato', 'Tomate', 'Tomate']],
      [`${FOOD}beverages`, `${FOOD}dishes`, ['Beverages', 'Boissons', 'Getränke']],
    ] as const) {
      const response = await fetch(`${service.url}/rest/v1/data?uri=${encodeURIComponent(term)}`, {
        headers: { Accept: 'application/json' },
      });
      expect(response.status).toBe(200);
      const found = retrieve(((await response.json()) as { graph: Node[] }).graph, term);
      expect(found.vocabularyUri).toBe(scheme);
      expect(found.vocabularyName.map(({ lang }) => lang).sort()).toEqual(['de', 'en', 'fr']);
      expect(found.name.length).toBeGreaterThanOrEqual(names.length);
      for (const name of names) expect(found.name.map(({ value }) => value)).toContain(name);
    }
    // the concepts that point at it are there too: a narrower concept's skos:broader
    const asked = await fetch(
      `${service.url}/rest/v1/data?uri=${encodeURIComponent(`${FOOD}beverages`)}&format=${encodeURIComponent('application/ld+json')}`,
    );
    const narrower = (JSON.parse(await asked.text()) as { graph: Node[] }).graph.filter((node) =>
      list(node.broader).some(({ uri }) => uri === `${FOOD}beverages`),
    );
    expect(narrower.length).toBeGreaterThan(2);
    for (const node of narrower) expect(list(node.prefLabel).length).toBeGreaterThan(0);
  });

  test('lists what is below a parent for a blank query, as Skosmos does; beside a group, nothing (there are none)', async () => {
    const below = await service.get(`/rest/v1/search?query=%20&parent=${encodeURIComponent(`${FOOD}beverages`)}&lang=en`);
    expect(below.status).toBe(200);
    const uris = (below.body.results as Array<{ uri: string }>).map(({ uri }) => uri);
    const narrower = (await service.get(`/narrower?uri=${encodeURIComponent(`${FOOD}beverages`)}`)).body.concepts.map(
      ({ uri }: { uri: string }) => uri,
    );
    expect(narrower.length).toBeGreaterThan(0);
    expect(uris).toEqual(expect.arrayContaining(narrower));
    expect(uris).not.toContain(`${FOOD}beverages`);
    const paged = await service.get(
      `/rest/v1/search?query=%20&parent=${encodeURIComponent(`${FOOD}beverages`)}&lang=en&maxhits=2&offset=1`,
    );
    expect(paged.body.results.map(({ uri }: { uri: string }) => uri)).toEqual(uris.slice(1, 3));
    const grouped = await service.get(
      `/rest/v1/search?query=%20&group=${encodeURIComponent(`${FOOD}g`)}&parent=${encodeURIComponent(`${FOOD}beverages`)}`,
    );
    expect([grouped.status, grouped.body.results]).toEqual([200, []]);
    expect((await service.get('/rest/v1/search?query=%20')).status).toBe(400);
  });

  test('takes any maxhits and offset as Skosmos does: at most 100 answered, and the answer says so; past the depth read, none', async () => {
    const asked = await service.get('/rest/v1/search?query=*a*&lang=en&maxhits=1000');
    const bounded = await service.get('/rest/v1/search?query=*a*&lang=en&maxhits=100');
    expect(asked.status).toBe(200);
    expect(asked.body.maxhits).toBe(100);
    expect(asked.body.results).toEqual(bounded.body.results);
    expect(bounded.body).not.toHaveProperty('maxhits');
    const far = await service.get('/rest/v1/search?query=a*&maxhits=10&offset=20000');
    expect([far.status, far.body.results]).toEqual([200, []]);
    // an empty lang, as clients send it, is no lang
    const empty = await service.get('/rest/v1/search?query=tomato&lang=');
    expect([empty.status, empty.body.results.map(({ uri }: { uri: string }) => uri)]).toEqual([200, [TOMATO]]);
  });

  test("answers data without uri with the vocabulary's dump where VOCABULARY_DUMPS names one, else a 404 saying there is none", async () => {
    const dumped = await startService({ VOCABULARY_DUMPS: 'ingredients=https://example.org/dumps/food.ttl' });
    try {
      const redirected = await fetch(`${dumped.url}/rest/v1/ingredients/data`, { redirect: 'manual' });
      expect([redirected.status, redirected.headers.get('location')]).toEqual([302, 'https://example.org/dumps/food.ttl']);
      const none = await dumped.get('/rest/v1/dishes/data');
      expect([none.status, none.body.message]).toEqual([
        404,
        expect.stringMatching(/no dump of the vocabulary 'dishes' is named \(VOCABULARY_DUMPS, or void:dataDump in its data\)/),
      ]);
      // with a uri, the concept as ever; without a vocabulary, uri is still needed
      expect((await dumped.get(`/rest/v1/ingredients/data?uri=${encodeURIComponent(TOMATO)}&format=text/turtle`)).status).toBe(200);
      expect((await dumped.get('/rest/v1/data')).status).toBe(400);
    } finally {
      await dumped.close();
    }
  });

  test("answers data without uri with the dump its vocabulary's data names (void:dataDump), the setting first", async () => {
    const dated = await startService(fixtureSettings('test/fixtures/changes.ttl', 'CHANGES_GRAPH'));
    const named = await startService({
      ...fixtureSettings('test/fixtures/changes.ttl', 'CHANGES_GRAPH'),
      VOCABULARY_DUMPS: 'thesaurus=https://example.org/mirror/thesaurus.nt',
    });
    try {
      const dump = await fetch(`${dated.url}/rest/v1/thesaurus/data`, { redirect: 'manual' });
      expect([dump.status, dump.headers.get('location')]).toEqual([302, 'https://example.org/downloads/thesaurus.ttl']);
      const none = await dated.get('/rest/v1/elsewhere/data');
      expect([none.status, none.body.message]).toEqual([404, expect.stringMatching(/no dump of the vocabulary 'elsewhere'/)]);
      const chosen = await fetch(`${named.url}/rest/v1/thesaurus/data`, { redirect: 'manual' });
      expect(chosen.headers.get('location')).toBe('https://example.org/mirror/thesaurus.nt');
    } finally {
      await Promise.all([dated.close(), named.close()]);
    }
  });

  test('lists new and modified concepts from their dcterms:created and dcterms:modified, the latest first, paged', async () => {
    const dated = await startService(fixtureSettings('test/fixtures/changes.ttl', 'CHANGES_GRAPH'));
    try {
      const listed = async (path: string): Promise<Array<[string, string, string]>> =>
        ((await dated.get(path)).body.changeList as Array<{ uri: string; prefLabel: string; date: string }>).map(
          ({ uri, prefLabel, date }) => [uri.slice('https://example.org/changes/'.length), prefLabel, date],
        );
      expect(await listed('/rest/v1/thesaurus/new?lang=en')).toEqual([
        ['newest', 'newest', '2025-11-02'],
        ['newer', 'newer', '2023-01-15'],
        ['old', 'old', '2019-03-01'],
      ]);
      // a concept changed twice counts by its latest change; labels in the language asked
      expect(await listed('/rest/v1/thesaurus/modified?lang=fi&limit=2')).toEqual([
        ['newest', 'uusin', '2025-11-20T08:30:00Z'],
        ['old', 'old', '2024-05-06T10:00:00Z'],
      ]);
      expect((await listed('/rest/v1/thesaurus/modified?lang=en&offset=2')).map(([id]) => id)).toEqual(['newer']);
      expect((await dated.get('/rest/v1/thesaurus/new?limit=0')).status).toBe(400);
    } finally {
      await dated.close();
    }
  });

  test("counts a vocabulary's concepts as /schemes counts its scheme's, and as its triples say", async () => {
    const { body: listed } = await service.get('/rest/v1/vocabularies?lang=en');
    const { body: schemes } = await service.get('/schemes?lang=en');
    for (const { id } of listed.vocabularies as Array<{ id: string }>) {
      const { status, body } = await service.get(`/rest/v1/${id}/vocabularyStatistics?lang=en`);
      expect(status).toBe(200);
      const scheme = (schemes.schemes as Array<{ uri: string; concepts: number }>).find(({ uri }) => uri === `${FOOD}${id}`);
      // counted here from the store's triples, one by one
      const members = await service.store.select(`PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
        SELECT DISTINCT ?concept WHERE {
          ?concept a skos:Concept .
          { ?concept skos:inScheme <${FOOD}${id}> } UNION { ?concept skos:topConceptOf <${FOOD}${id}> }
        }`);
      expect(body).toMatchObject({ id, concepts: { class: 'http://www.w3.org/2004/02/skos/core#Concept', count: members.length } });
      expect(body.concepts.count - body.concepts.deprecatedCount).toBe(scheme?.concepts);
      expect(body.concepts.count).toBeGreaterThan(0);
    }
    expect((await service.get('/rest/v1/nope/vocabularyStatistics')).status).toBe(404);
  });

  test('vocabularyStatistics counts deprecated concepts, the classes below skos:Concept by name, and collections, as Skosmos does', async () => {
    const dated = await startService(fixtureSettings('test/fixtures/changes.ttl', 'CHANGES_GRAPH'));
    try {
      const { status, body } = await dated.get('/rest/v1/thesaurus/vocabularyStatistics?lang=fi');
      expect(status).toBe(200);
      const SKOS = 'http://www.w3.org/2004/02/skos/core#';
      // seven concepts in the scheme, one deprecated and one replaced; one is also a Place; the other scheme's concept not counted
      expect(body).toMatchObject({
        id: 'thesaurus',
        concepts: { class: `${SKOS}Concept`, count: 7, deprecatedCount: 2 },
        subTypes: [{ type: 'https://example.org/changes/Place', count: 1, deprecatedCount: 0, label: 'Paikka' }],
        conceptGroups: { class: `${SKOS}Collection`, count: 1, deprecatedCount: 0 },
      });
      const elsewhere = (await dated.get('/rest/v1/elsewhere/vocabularyStatistics?lang=en')).body;
      expect(elsewhere.concepts).toMatchObject({ count: 1, deprecatedCount: 0 });
      expect(elsewhere.subTypes).toEqual([]);
      expect(elsewhere.conceptGroups).toBeUndefined();
    } finally {
      await dated.close();
    }
  });

  test("labelStatistics counts each kind of label of a vocabulary's concepts in each language, and names the language", async () => {
    // counted here from the store's triples, one by one
    const rows = await service.store.select(`PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
      SELECT DISTINCT ?concept ?property ?label WHERE {
        VALUES ?property { skos:prefLabel skos:altLabel skos:hiddenLabel }
        ?concept a skos:Concept ; ?property ?label .
        { ?concept skos:inScheme <${FOOD}ingredients> } UNION { ?concept skos:topConceptOf <${FOOD}ingredients> }
      }`);
    const expected = new Map<string, number>();
    for (const { property, label } of rows) {
      const key = `${label?.termType === 'Literal' ? label.language : '?'} ${property?.value.replace('http://www.w3.org/2004/02/skos/core#', 'skos:')}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const { status, body } = await service.get('/rest/v1/ingredients/labelStatistics?lang=en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'ingredients', uri: '' });
    const counted = new Map<string, number>();
    for (const { language, properties } of body.languages as Array<{
      language: string;
      properties: Array<{ property: string; labels: number }>;
    }>)
      for (const { property, labels } of properties) counted.set(`${language} ${property}`, labels);
    expect(counted).toEqual(expected);
    expect([...counted.keys()]).toEqual(expect.arrayContaining(['en skos:prefLabel', 'en skos:hiddenLabel', 'de skos:prefLabel']));
    const english = body.languages.find(({ language }: { language: string }) => language === 'en');
    expect(english.literal).toBe('English');
    expect(english.properties.map(({ property }: { property: string }) => property)).toEqual([
      'skos:prefLabel',
      'skos:altLabel',
      'skos:hiddenLabel',
    ]);
    const inFinnish = (await service.get('/rest/v1/ingredients/labelStatistics?lang=fi')).body.languages;
    expect(inFinnish.find(({ language }: { language: string }) => language === 'de').literal).toBe('saksa');
    expect((await service.get('/rest/v1/nope/labelStatistics')).status).toBe(404);
  });

  test('answers a wrong parameter with a 400 that names it, and what it does not have with a 404 or 406', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/rest/v1/search?query=*', 400, /'query'/],
      ['/rest/v1/search?query=%00*', 400, /'query' parameter must not contain control characters/],
      ['/rest/v1/dishes/lookup?label=tea%01', 400, /'label' parameter must not contain control characters/],
      ['/rest/v1/search', 400, /'query'/],
      ['/rest/v1/search?query=a*&maxhits=0', 400, /'maxhits'/],
      ['/rest/v1/search?query=a*&offset=-1', 400, /'offset'/],
      ['/rest/v1/nope/search?query=a*', 404, /'nope'/],
      [`/rest/v1/ingredients/label?uri=${encodeURIComponent(`${FOOD}no-such`)}`, 404, /Could not find concept/],
      [`/rest/v1/data?uri=${encodeURIComponent(TOMATO)}&format=text/html`, 406, /application\/rdf\+xml/],
      ['/rest/v1/ingredients/broaderTransitive?uri=x', 400, /'uri'/],
      ['/rest/v1/ingredients/hierarchy', 400, /'uri'/],
      [`/rest/v1/ingredients/hierarchy?uri=${encodeURIComponent(`${FOOD}no-such`)}`, 404, /Could not find concept/],
      [`/rest/v1/ingredients/mappings?uri=${encodeURIComponent(`${FOOD}no-such`)}`, 404, /no concept found/],
    ];
    for (const [path, status, message] of cases) {
      const { status: got, body } = await service.get(path);
      expect([path, got, body.message]).toEqual([path, status, expect.stringMatching(message)]);
    }
  });
});

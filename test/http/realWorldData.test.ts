import { odditiesSettings as storeSettings, startService, type RunningService } from '../support/service.js';

// What real vocabulary files hold, in test/fixtures/real-world-oddities.nt: IRIs that the
// N-Triples grammar allows and IRI validation refuses, untagged labels, a resource typed
// only with a domain class, a concept retired with dcterms:isReplacedBy alone, blank-node
// records, a concept labelled in 120 languages, a 10,000-character literal. On the embedded
// store the file is loaded by the service; on another store (SPARQL_ENDPOINT), the suite's
// script loads it into the graph ODDITIES_GRAPH.

const H = 'http://vocab.example.org/heritage/';
const FFFD = '\uFFFD';
const TOPIC = 'http://schema.org/Topic';

let service: RunningService;
let withTopics: RunningService;
beforeAll(async () => {
  service = await startService(storeSettings());
  withTopics = await startService({ ...storeSettings(), CONCEPT_TYPES: `skos:Concept,${TOPIC}` });
});
afterAll(async () => {
  await service.close();
  await withTopics.close();
});

const uris = (body: any): string[] => (body._embedded?.concepts ?? body.concepts).map((concept: { uri: string }) => concept.uri);
const found = async (target: RunningService, path: string): Promise<string[]> => {
  const { status, body } = await target.get(path);
  expect(status).toBe(200);
  return uris(body);
};
const getPath = (...iris: string[]): string => `/get?${iris.map((iri) => `uri=${encodeURIComponent(iri)}`).join('&')}`;

describe('a real vocabulary file with its oddities', () => {
  test('keeps links whose IRIs IRI validation refuses, as they are', async () => {
    const { body } = await service.get(getPath(`${H}museums`));
    expect(body._embedded.concepts).toEqual([
      {
        uri: `${H}museums`,
        prefLabel: 'Museums',
        altLabels: ['Museum collections'],
        related: [{ label: '', uri: `http://dbpedia.org/resource/Mus${FFFD}e_du_Louvre` }],
      },
    ]);
  });

  test('leaves out a concept whose own IRI no query can name, on every endpoint, without an error', async () => {
    const refused = `${H}Mus${FFFD}es_d_art`;
    expect(await found(service, getPath(refused, `${H}museums`))).toEqual([`${H}museums`]);
    expect(await found(service, '/search?q=art%20museums')).toEqual([]);
    expect(await found(service, '/suggest?q=art%20mus')).toEqual([]);
    expect(await found(service, '/search?q=museums')).toEqual([`${H}museums`]);
  });

  test('opt-in fields list several values sorted: notations as strings, broader concepts by label then URI', async () => {
    const { body } = await service.get(`${getPath(`${H}archives`)}&fields=broader,notation`);
    expect(body._embedded.concepts[0]).toMatchObject({
      notation: ['A.10', 'B.2'],
      broader: [
        { label: 'Information sources', uri: `${H}records` },
        { label: 'Museums', uri: `${H}museums` },
      ],
    });
  });

  test('labels without a language tag are shown and found in every language', async () => {
    for (const lang of ['', '&lang=fr', '&lang=ja']) {
      const { body } = await service.get(`${getPath(`${H}archives`)}${lang}`);
      expect(body._embedded.concepts[0]).toMatchObject({ prefLabel: 'Archives', altLabels: ['Record offices'] });
      expect(await found(service, `/search?q=record%20offices${lang}`)).toEqual([`${H}archives`]);
      expect(await found(service, `/suggest?q=recor${lang}`)).toEqual([`${H}archives`]);
    }
  });

  test('a resource typed only with a domain class is a concept when CONCEPT_TYPES names its class', async () => {
    expect(await found(service, '/search?q=manuscripts')).toEqual([]);
    expect(await found(service, getPath(`${H}topic/manuscripts`))).toEqual([]);
    expect(await found(withTopics, '/search?q=manuscripts')).toEqual([`${H}topic/manuscripts`]);
    expect(await found(withTopics, '/suggest?q=codi')).toEqual([`${H}topic/manuscripts`]);
    const { body } = await withTopics.get(getPath(`${H}topic/manuscripts`));
    expect(body._embedded.concepts).toEqual([
      { uri: `${H}topic/manuscripts`, prefLabel: 'Manuscripts', altLabels: ['Codices'], related: [] },
    ]);
  });

  test('a concept retired with dcterms:isReplacedBy alone is deprecated: /get returns it, search never does', async () => {
    expect(await found(service, getPath(`${H}picture-galleries`))).toEqual([`${H}picture-galleries`]);
    expect(await found(service, '/search?q=picture%20galleries')).toEqual([]);
    expect(await found(service, '/search?q=galleries')).toEqual([`${H}art-galleries`]);
    expect(await found(service, '/suggest?q=pict')).toEqual([]);
  });

  test('blank nodes are never concepts, even typed and labelled as one; provenance records do no harm', async () => {
    expect(await found(service, '/search?q=anonymous%20heading')).toEqual([]);
    expect(await found(service, '/suggest?q=anon')).toEqual([]);
    expect(await found(service, '/search?q=edition')).toEqual([]);
  });

  test('a concept labelled in 120 languages answers in each', async () => {
    for (const [lang, label] of [
      ['ja', 'Heritage ja'],
      ['tt', 'Heritage tt'],
      ['pt-BR', 'Heritage pt-BR'],
      ['pt', 'Heritage pt'],
      ['en', 'Heritage'],
    ]) {
      const { body } = await service.get(`${getPath(`${H}heritage`)}&lang=${lang}`);
      expect(body._embedded.concepts[0].prefLabel).toBe(label);
    }
    expect(await found(service, '/suggest?q=herit')).toEqual([`${H}heritage`]);
    expect(await found(service, '/search?q=heritage%20ts&lang=ts')).toEqual([`${H}heritage`]);
    const { body } = await service.get('/languages');
    expect(body.languages).toEqual(expect.arrayContaining(['af', 'ja', 'tt', 'pt-br']));
  });

  test('labels tagged mul, und or zxx count as untagged: shown and found in every language, never a language of their own', async () => {
    const denarius = getPath(`${H}denarius`);
    // "Denarius"@mul is chosen as an untagged label would be, before "Denar"@de (whose tag is smaller than mul)
    expect((await service.get(`${denarius}&lang=en`)).body._embedded.concepts[0]).toMatchObject({
      prefLabel: 'Denarius',
      altLabels: ['RRC 44/5'],
    });
    expect((await service.get(`${denarius}&lang=de`)).body._embedded.concepts[0]).toMatchObject({
      prefLabel: 'Denar',
      altLabels: ['RRC 44/5'],
    });
    expect((await service.get(`${denarius}&lang=fr`)).body._embedded.concepts[0]).toMatchObject({
      prefLabel: 'Denarius',
      altLabels: ['Denier', 'RRC 44/5'],
    });
    for (const lang of ['en', 'ja']) {
      expect(await found(service, `/search?q=denarius&lang=${lang}`)).toEqual([`${H}denarius`]); // mul
      expect(await found(service, `/search?q=rrc%2044&lang=${lang}`)).toEqual([`${H}denarius`]); // zxx
      expect(await found(service, `/suggest?q=denarii&lang=${lang}`)).toEqual([`${H}denarius`]); // und-Latn
    }
    expect(await found(service, '/suggest?q=denier&lang=en')).toEqual([]); // a French label stays French
    const { body } = await service.get('/languages');
    expect(body.languages).toEqual(expect.arrayContaining(['de', 'fr']));
    for (const neutral of ['mul', 'und', 'und-latn', 'zxx']) expect(body.languages).not.toContain(neutral);
  });

  test('a resource linked by a SKOS relation but untyped is a concept only with SKOS_ENTAILMENT=on', async () => {
    const records = `${H}records`; // untyped; skos:narrower of archives
    const entailed = await startService({ ...storeSettings(), SKOS_ENTAILMENT: 'on' });
    try {
      expect(await found(entailed, '/search?q=information%20sources')).toEqual([records]);
      expect(await found(entailed, '/suggest?q=inform')).toEqual([records]);
      expect((await entailed.get(getPath(records))).body._embedded.concepts).toEqual([
        { uri: records, prefLabel: 'Information sources', altLabels: [], related: [] },
      ]);
      expect(await found(entailed, getPath(`${H}archives`))).toEqual([`${H}archives`]); // typed concepts stay
      expect(await found(entailed, '/search?q=anonymous%20heading')).toEqual([]); // blank nodes stay out
    } finally {
      await entailed.close();
    }
    expect(await found(service, '/search?q=information%20sources')).toEqual([]);
    expect(await found(service, '/suggest?q=inform')).toEqual([]);
    expect(await found(service, getPath(records))).toEqual([]);
  });

  test('/ready says what the label index holds: concepts, labels by language, deprecated and refused IRIs', async () => {
    if (service.config.labelIndex === false) return; // the store path keeps no index
    const { status, body } = await service.get('/ready');
    expect(status).toBe(200);
    expect(body.labelIndex).toMatchObject({ deprecated: 1, labelled: expect.any(Number), peakRssMb: expect.any(Number) });
    expect(body.labelIndex.refused).toEqual({ count: 2, first: expect.arrayContaining([`${H}Mus${FFFD}es_d_art`]) }); // and the blank node typed as a concept
    expect(body.labelIndex.concepts).toBeGreaterThan(5);
    expect(body.labelIndex.labelsByLanguage.en).toBeGreaterThan(3);
    expect(body.labelIndex.labelsByLanguage['']).toBeGreaterThan(3); // untagged, and mul, und, zxx
  });

  test('a store whose labelled resources have none of the concept types is not ready, and /ready names the types it holds', async () => {
    const none = await startService({ ...storeSettings(), CONCEPT_TYPES: 'http://example.org/NoSuchClass' });
    try {
      if (none.config.labelIndex === false) return; // the store path keeps no index to tell
      const { status, body, headers } = await none.get('/ready');
      expect(status).toBe(503);
      expect(headers.get('retry-after')).toMatch(/^\d+$/);
      expect(body.message).toMatch(
        /none is typed http:\/\/example.org\/NoSuchClass \(CONCEPT_TYPES\).*Their types: .*http:\/\/www.w3.org\/2004\/02\/skos\/core#Concept \(\d+\).*http:\/\/schema.org\/Topic \(1\).*Set CONCEPT_TYPES/,
      );
    } finally {
      await none.close();
    }
  });

  test('a 10,000-character label comes back whole and is found by its words', async () => {
    const { body } = await service.get(getPath(`${H}bookbinding`));
    const [long] = body._embedded.concepts[0].altLabels;
    expect([...long].length).toBe(10_000);
    expect(long.endsWith(' palimpsest')).toBe(true);
    expect(await found(service, '/search?q=palimpsest')).toEqual([`${H}bookbinding`]);
    expect(await found(service, '/suggest?q=sewing%20struct')).toEqual([`${H}bookbinding`]);
  });

  test('labels with combining marks are found without them: Arabic vowel signs, an accent stored decomposed', async () => {
    const calligraphy = [`${H}calligraphy`];
    expect(await found(service, `/search?q=${encodeURIComponent('\u062e\u0637')}`)).toEqual(calligraphy); // خط, no vowel signs
    expect(await found(service, `/search?q=${encodeURIComponent('\u062e\u064e\u0637\u0651')}`)).toEqual(calligraphy); // as written
    expect(await found(service, `/suggest?q=${encodeURIComponent('\u062e')}`)).toEqual(calligraphy);
    expect(await found(service, '/search?q=cafe%20signage')).toEqual(calligraphy);
    expect(await found(service, `/search?q=${encodeURIComponent('café')}`)).toEqual(calligraphy); // NFC query, NFD label
    expect(await found(service, '/suggest?q=caf')).toEqual(calligraphy);
  });
});

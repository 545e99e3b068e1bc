import { HIERARCHY, fixtureSettings, startService, type RunningService } from '../support/service.js';

// API.md, "Browsing": /schemes, /top, /narrower and the fields ancestors, narrower and
// narrowerCount, on test/fixtures/hierarchy.ttl (its comments say what each part is for).

const H = 'https://example.org/hierarchy/';
let service: RunningService;
beforeAll(async () => {
  service = await startService(fixtureSettings(HIERARCHY, 'HIERARCHY_GRAPH'));
});
afterAll(() => service.close());

const q = (iri: string): string => encodeURIComponent(H + iri);
async function list(path: string): Promise<string[]> {
  const { status, body } = await service.get(path);
  expect(status).toBe(200);
  return body.concepts.map((concept: { uri: string }) => concept.uri.replace(H, ''));
}

describe('GET /schemes', () => {
  test('lists every scheme, typed or holding concepts, by label, with its concepts, top concepts and languages', async () => {
    const { status, headers, body } = await service.get('/schemes');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    expect(body).toEqual({
      schemes: [
        // deprecated concepts are not counted; the deprecated stated top concept is not listed
        { uri: `${H}classes`, prefLabel: 'Classes', concepts: 14, topConcepts: 2, languages: ['de', 'en'] },
        // a label from dcterms:title; no concept
        { uri: `${H}empty`, prefLabel: 'Empty scheme', concepts: 0, topConcepts: 0, languages: [] },
        // from rdfs:label; no stated top concept: four have no broader concept in it
        { uri: `${H}thesaurus`, prefLabel: 'Thesaurus', concepts: 6, topConcepts: 4, languages: ['de', 'en'] },
      ],
    });
  });

  test('chooses labels in the language asked', async () => {
    const { body } = await service.get('/schemes?lang=de');
    expect(body.schemes.map((scheme: { prefLabel: string }) => scheme.prefLabel)).toEqual(['Empty scheme', 'Klassen', 'Thesaurus']);
  });

  test("refuses a malformed 'lang'", async () => {
    const { status, body } = await service.get('/schemes?lang=not_a_tag');
    expect(status).toBe(400);
    expect(body.message).toContain("'lang'");
  });
});

describe('GET /top', () => {
  test('lists the top concepts stated by skos:topConceptOf or skos:hasTopConcept, never a deprecated one, by notation', async () => {
    expect(await list(`/top?scheme=${q('classes')}`)).toEqual(['science', 'arts']);
  });

  test('lists, where the scheme states none, its concepts with no broader concept in it (a deprecated one does not count)', async () => {
    // astronomy's broader concept is in another scheme; fossils' is deprecated; outsider's is no concept
    expect(await list(`/top?scheme=${q('thesaurus')}`)).toEqual(['astronomy', 'animals', 'fossils', 'outsider']);
  });

  test('is an empty list for a scheme without concepts, and a 404 naming it for a scheme unknown to the data', async () => {
    expect(await list(`/top?scheme=${q('empty')}`)).toEqual([]);
    const unknown = await service.get(`/top?scheme=${encodeURIComponent('https://example.org/no-such-scheme')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('no concept scheme <https://example.org/no-such-scheme> in the vocabulary (/schemes lists them)');
    // a concept is no scheme
    expect((await service.get(`/top?scheme=${q('science')}`)).status).toBe(404);
  });

  test("asks for 'scheme' when the data holds more than one, saying how many and where they are listed", async () => {
    const { status, body } = await service.get('/top');
    expect(status).toBe(400);
    expect(body.message).toContain("'scheme' parameter is mandatory");
    expect(body.message).toContain('3 concept schemes');
    expect(body.message).toContain('/schemes');
  });

  test('shows concepts as /get does, with labels in the language asked and the fields named', async () => {
    const { body } = await service.get(`/top?scheme=${q('classes')}&lang=de&fields=notation,narrowerCount`);
    expect(body.concepts[0]).toEqual({
      uri: `${H}science`,
      prefLabel: 'Naturwissenschaften',
      altLabels: [],
      related: [],
      narrowerCount: 5,
      notation: ['5'],
    });
  });

  test("refuses a 'count' above 1000, a page past 10,000 concepts and a 'scheme' that is no IRI", async () => {
    for (const [path, name] of [
      [`/top?scheme=${q('classes')}&count=1001`, 'count'],
      [`/top?scheme=${q('classes')}&count=0`, 'count'],
      [`/top?scheme=${q('classes')}&count=1000&page=11`, 'page'],
      ['/top?scheme=classes', 'scheme'],
      [`/top?scheme=${q('classes')}&scheme=${q('thesaurus')}`, 'scheme'],
      [`/top?scheme=${q('classes')}&fields=children`, 'fields'],
    ]) {
      const { status, body } = await service.get(path as string);
      expect([path, status]).toEqual([path, 400]);
      expect(body.message).toContain(`'${name}'`);
    }
  });
});

describe('GET /narrower', () => {
  test('lists the concepts one level down, by skos:broader or skos:narrower, by notation in code-point order, then label', async () => {
    // physics is below science only by science's skos:narrower; alchemy is deprecated;
    // éthologie files as "ethologie", before "natural history"
    expect(await list(`/narrower?uri=${q('science')}`)).toEqual(['mathematics', 'astronomy', 'physics', 'ethology', 'natural-history']);
    // 730 before 75 before 78, and music by its smallest notation (78, not 9)
    expect(await list(`/narrower?uri=${q('arts')}`)).toEqual(['sculpture', 'painting', 'music']);
  });

  test('lists a concept under each of its broader concepts', async () => {
    expect(await list(`/narrower?uri=${q('astronomy')}`)).toEqual(['astrophysics']);
    expect(await list(`/narrower?uri=${q('physics')}`)).toEqual(['astrophysics']);
  });

  test('lists what is below a deprecated concept, but never a deprecated one', async () => {
    expect(await list(`/narrower?uri=${q('alchemy')}`)).toEqual(['elixirs']);
    expect(await list(`/narrower?uri=${q('old-things')}`)).toEqual(['cats', 'fossils']);
  });

  test('is a 404 naming a URI that is no concept, whatever points to it, and an empty list for a concept with nothing below', async () => {
    for (const uri of ['https://example.org/elsewhere/thing', `${H}thesaurus`, 'https://example.org/nowhere']) {
      const { status, body } = await service.get(`/narrower?uri=${encodeURIComponent(uri)}`);
      expect([uri, status]).toEqual([uri, 404]);
      expect(body.message).toBe(`no concept <${uri}> in the vocabulary`);
    }
    expect(await list(`/narrower?uri=${q('music')}`)).toEqual([]);
  });

  test('pages without overlap or gap', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await list(`/narrower?uri=${q('science')}&count=2&page=${page}`)));
    expect(pages).toEqual(['mathematics', 'astronomy', 'physics', 'ethology', 'natural-history']);
  });

  test("refuses a missing 'uri', two of them, and one that is no IRI", async () => {
    for (const path of ['/narrower', `/narrower?uri=${q('science')}&uri=${q('arts')}`, '/narrower?uri=science']) {
      const { status, body } = await service.get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.message).toContain("'uri'");
    }
  });
});

describe('the fields ancestors, narrower and narrowerCount', () => {
  async function fieldsOf(id: string, fields: string, lang = 'en'): Promise<Record<string, unknown>> {
    const { status, body } = await service.get(`/get?uri=${q(id)}&fields=${fields}&lang=${lang}`);
    expect(status).toBe(200);
    return body._embedded.concepts[0];
  }

  test('ancestors run from the top down to the parent, following the first broader concept in browsing order', async () => {
    // astrophysics is below astronomy (52) and physics (53): the walk follows astronomy
    expect((await fieldsOf('astrophysics', 'ancestors')).ancestors).toEqual([
      { label: 'Science', uri: `${H}science` },
      { label: 'Astronomy', uri: `${H}astronomy` },
    ]);
    expect((await fieldsOf('astrophysics', 'ancestors', 'de')).ancestors).toEqual([
      { label: 'Naturwissenschaften', uri: `${H}science` },
      { label: 'Astronomie', uri: `${H}astronomy` },
    ]);
  });

  test('ancestors pass through a deprecated concept, stop at a cycle and are empty at the top', async () => {
    expect((await fieldsOf('elixirs', 'ancestors')).ancestors).toEqual([
      { label: 'Science', uri: `${H}science` },
      { label: 'Alchemy', uri: `${H}alchemy` },
    ]);
    expect((await fieldsOf('loop-a', 'ancestors')).ancestors).toEqual([{ label: 'Loop B', uri: `${H}loop-b` }]);
    expect((await fieldsOf('science', 'ancestors')).ancestors).toEqual([]);
    // its one broader resource is no concept
    expect((await fieldsOf('outsider', 'ancestors')).ancestors).toEqual([]);
  });

  test('narrower is what /narrower lists, and narrowerCount how many', async () => {
    const science = await fieldsOf('science', 'narrower,narrowerCount');
    expect(science.narrower).toEqual([
      { label: 'Mathematics', uri: `${H}mathematics` },
      { label: 'Astronomy', uri: `${H}astronomy` },
      { label: 'Physics', uri: `${H}physics` },
      { label: 'Éthologie', uri: `${H}ethology` },
      { label: 'Natural history', uri: `${H}natural-history` },
    ]);
    expect(science.narrowerCount).toBe(5);
    const music = await fieldsOf('music', 'narrower,narrowerCount');
    expect([music.narrower, music.narrowerCount]).toEqual([[], 0]);
  });

  test('come in the contract order, after the four fields, on /search, /suggest and /narrower too', async () => {
    const fields = 'ancestors,narrowerCount,narrower';
    for (const path of [
      `/search?q=astrophysics&fields=${fields}`,
      `/suggest?q=astrophys&fields=${fields}`,
      `/narrower?uri=${q('astronomy')}&fields=${fields}`,
    ]) {
      const { body } = await service.get(path);
      const [concept] = body.concepts;
      expect([path, Object.keys(concept)]).toEqual([
        path,
        ['uri', 'prefLabel', 'altLabels', 'related', 'ancestors', 'narrower', 'narrowerCount'],
      ]);
      expect(concept.ancestors.map((a: { uri: string }) => a.uri)).toEqual([`${H}science`, `${H}astronomy`]);
    }
  });
});

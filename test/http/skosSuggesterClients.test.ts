import { FOOD, startService, type RunningService } from '../support/service.js';

// The old service's clients, calling as they do, against API_COMPAT=skos-suggester: Oxford
// Talks (ox-it/talks.ox: its typeahead.js data source, its prefetch of stored values, its
// health check) and the old service's own JUnit tests. Each runs at the root and under a
// base path, which the clients reach through a base URL that ends in a slash (TOPICS_URL).

/**
 * Python's `urllib.parse.urlencode(pairs, doseq=True)`, as talks.ox builds its prefetch
 * URL: quote_plus on each value, so `:` and `/` are percent-encoded and a space is `+`.
 */
function pythonUrlencode(pairs: Array<[string, string]>): string {
  const quotePlus = (text: string): string =>
    [...Buffer.from(text, 'utf8')]
      .map((byte) => {
        const char = String.fromCharCode(byte);
        if (/[A-Za-z0-9_.~-]/.test(char)) return char;
        return byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  return pairs.map(([name, value]) => `${quotePlus(name)}=${quotePlus(value)}`).join('&');
}

/** What Bloodhound (typeahead.js) does with `url: TOPICS_URL + "suggest?count=10&q=%QUERY"`: the query is URI-encoded into it. */
const bloodhoundUrl = (template: string, query: string): string => template.replace('%QUERY', encodeURIComponent(query));

describe.each([
  ['at the root', ''],
  ['under a base path', '/topics'],
])('an old skos-suggester client, %s', (_where, basePath) => {
  let service: RunningService;
  let contract: RunningService;
  let topicsUrl: string;
  beforeAll(async () => {
    service = await startService({ API_COMPAT: 'skos-suggester', BASE_PATH: basePath });
    contract = await startService({ BASE_PATH: basePath });
    topicsUrl = `${service.url}/`; // talks.ox's TOPICS_URL ends in a slash
  });
  afterAll(async () => {
    await service.close();
    await contract.close();
  });

  const read = async (url: string): Promise<{ status: number; body: any }> => {
    const response = await fetch(url);
    return { status: response.status, body: await response.json() };
  };

  describe('Oxford Talks', () => {
    const typeahead = () => `${topicsUrl}suggest?count=10&q=%QUERY`;

    test('type-ahead from the first letter reads response._embedded.concepts, shows prefLabel and keeps uri', async () => {
      const typed = 'Sweet potato';
      for (let length = 1; length <= typed.length; length++) {
        const query = typed.slice(0, length);
        const { status, body } = await read(bloodhoundUrl(typeahead(), query));
        expect(status).toBe(200);
        const shown = body._embedded.concepts.map((concept: { prefLabel: string; uri: string }) => ({
          label: concept.prefLabel,
          id: concept.uri,
        }));
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.length).toBeLessThanOrEqual(10);
        for (const { label, id } of shown) {
          expect(typeof label).toBe('string');
          expect(id).toMatch(/^https:\/\//);
        }
        // the same concepts, in the same order, as the contract's own envelope gives
        const plain = await contract.get(`/suggest?count=10&q=${encodeURIComponent(query)}`);
        expect(body._embedded.concepts).toEqual(plain.body.concepts);
        if (length >= 3) expect(shown.map(({ id }: { id: string }) => id)).toContain(`${FOOD}sweet-potato`);
      }
    });

    test('the type-ahead answer carries the old self link', async () => {
      const { body } = await read(bloodhoundUrl(typeahead(), 'pot'));
      expect(Object.keys(body)).toEqual(['_links', '_embedded']);
      expect(body._links).toEqual({ self: { href: `${basePath}/suggest?q=pot` } });
    });

    test('prefetching stored values gets them back with their labels, in the order asked', async () => {
      const values = [`${FOOD}tea`, `${FOOD}sweet-potato`, `${FOOD}no-such-concept`];
      const url = `${topicsUrl}get?${pythonUrlencode(values.map((value) => ['uri', value]))}`;
      expect(url).toContain('uri=https%3A%2F%2Fexample.org%2Ffood%2Ftea'); // as talks.ox sends it
      const { status, body } = await read(url);
      expect(status).toBe(200);
      expect(body._embedded.concepts.map((concept: { uri: string }) => concept.uri)).toEqual([`${FOOD}tea`, `${FOOD}sweet-potato`]);
      expect(body._embedded.concepts[0].prefLabel).toBe('Tea');
      expect(body._links.self.href).toBe(`${basePath}/get?uri=${FOOD}tea&uri=${FOOD}sweet-potato&uri=${FOOD}no-such-concept`);
    });

    test('its health check, search?q=a, answers 200 within 2 s', async () => {
      const response = await fetch(`${topicsUrl}search?q=a`, { signal: AbortSignal.timeout(2000) });
      expect(response.status).toBe(200);
      expect(Array.isArray(((await response.json()) as any)._embedded.concepts)).toBe(true);
    });
  });

  describe("the old service's own tests", () => {
    test('an unknown URI in /get is a 200 with an empty list', async () => {
      const { status, body } = await read(`${topicsUrl}get?uri=${encodeURIComponent('http://uri.example/unknown')}`);
      expect(status).toBe(200);
      expect(body._embedded.concepts).toEqual([]);
    });

    test.each(['search', 'suggest'])('%s without q, or with an empty q, is a 400 whose body has a message', async (endpoint) => {
      for (const query of ['', '?q=', '?page=1&count=10']) {
        const { status, body } = await read(`${topicsUrl}${endpoint}${query}`);
        expect(status).toBe(400);
        expect(body.message).toBe("'q' parameter is mandatory");
      }
    });

    test.each(['search', 'suggest'])('%s with page=0 is a 400', async (endpoint) => {
      const { status, body } = await read(`${topicsUrl}${endpoint}?q=encryption&page=0&count=10`);
      expect(status).toBe(400);
      expect(body.message).toContain("'page' parameter");
    });

    test('search pages as the old service did: page 2 of count 2 starts at the third concept', async () => {
      const all = (await read(`${topicsUrl}search?q=tea&count=4`)).body._embedded.concepts;
      const second = await read(`${topicsUrl}search?q=tea&page=2&count=2`);
      expect(second.body._embedded.concepts).toEqual(all.slice(2, 4));
      expect(second.body._links.self.href).toBe(`${basePath}/search?q=tea&page=2&count=2`);
    });

    test('both endpoints give 20 concepts when no count is given, as the old service did', async () => {
      const suggested = await read(`${topicsUrl}suggest?q=c`);
      expect(suggested.body._embedded.concepts.length).toBe(20);
      expect((await contract.get('/suggest?q=c')).body.concepts.length).toBe(10); // the contract's own default
      expect(suggested.body._links.self.href).toBe(`${basePath}/suggest?q=c`);
      const searched = await read(`${topicsUrl}search?q=c*`);
      expect(searched.body._embedded.concepts.length).toBe(20);
      expect(searched.body._links.self.href).toBe(`${basePath}/search?q=c*&page=1&count=20`);
    });
  });

  test('the self link encodes the query as /get does, and repeats lang and scheme when given', async () => {
    const { body } = await read(
      `${topicsUrl}search?q=${encodeURIComponent('tea & café')}&lang=fr&scheme=${encodeURIComponent(`${FOOD}dishes`)}`,
    );
    expect(body._links.self.href).toBe(`${basePath}/search?q=tea%20%26%20caf%C3%A9&page=1&count=20&lang=fr&scheme=${FOOD}dishes`);
  });

  test('count=1, which the old service refused, works', async () => {
    const { status, body } = await read(`${topicsUrl}suggest?q=tea&count=1`);
    expect(status).toBe(200);
    expect(body._embedded.concepts).toHaveLength(1);
  });
});

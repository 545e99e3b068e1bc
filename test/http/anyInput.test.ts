import fc from 'fast-check';
import { startService, type RunningService } from '../support/service.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService({ CACHE_MAX_ENTRIES: '0' });
});
afterAll(() => service.close());

/** Values a form or a script might send, hostile ones included. */
const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '*',
    '**',
    'a*b',
    '"',
    "'",
    '\\',
    '\\p{L}',
    '[a-z]',
    '(',
    ')',
    '.*',
    '^$',
    '|',
    '{1,9}',
    'é*',
    '😀',
    '\u0301',
    'x\u0301',
    'ǅ',
    'İ',
    'ß*',
    ' ',
    '%',
    '%zz',
    'NEAR',
    'AND OR',
    '} UNION {',
  ),
  fc.array(fc.constantFrom('tea', 'caf', 'é', '*', ' ', '-', 'Ż', 'ς', 'ﬁ', '١٢٣', 'ⅷ'), { maxLength: 8 }).map((parts) => parts.join('')),
);

/** `fields` values: lists of the field names, with spaces and empty items, or anything at all. */
const fields = fc.oneof(
  fc
    .array(fc.constantFrom('ancestors', 'broader', 'narrower', 'narrowerCount', 'notation', 'scheme', 'scopeNote', '', ' ', 'Broader'), {
      maxLength: 5,
    })
    .map((names) => names.join(',')),
  value,
);

/** Percent-encodes every UTF-16 unit, lone surrogates as the bytes of U+FFFD, as a browser would. */
function encode(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

function expectContractAnswer(status: number, body: any): void {
  expect([200, 400]).toContain(status);
  if (status === 400) {
    expect(body).toEqual({ status: 400, error: 'Bad Request', message: expect.stringMatching(/'(q|count|page|lang|scheme|uri|fields)'/) });
  }
}

describe('whatever a request sends', () => {
  test('/search and /suggest answer 200 or a 400 naming the parameter, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/search', '/suggest'),
        value,
        fc.option(value),
        fc.option(value),
        fc.option(value),
        fc.option(fields),
        async (path, q, count, lang, scheme, fieldList) => {
          let query = `q=${encode(q)}`;
          if (count !== null) query += `&count=${encode(count)}`;
          if (lang !== null) query += `&lang=${encode(lang)}`;
          if (scheme !== null) query += `&scheme=${encode(scheme)}`;
          if (fieldList !== null) query += `&fields=${encode(fieldList)}`;
          const { status, body } = await service.get(`${path}?${query}`);
          expectContractAnswer(status, body);
          if (status === 200) expect(Array.isArray(body.concepts)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('/get answers 200 or a 400 naming the parameter, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            value,
            value.map((v) => `http://example.org/${v}`),
            value.map((v) => `urn:${v}`),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (uris) => {
          const { status, body } = await service.get(`/get?${uris.map((uri) => `uri=${encode(uri)}`).join('&')}`);
          expectContractAnswer(status, body);
          if (status === 200) expect(Array.isArray(body._embedded.concepts)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('/schemes, /top and /narrower answer 200, a 400 naming the parameter or a 404 naming the unknown scheme or concept, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/schemes', '/top', '/narrower'),
        fc.oneof(
          value,
          value.map((v) => `https://example.org/food/${v}`),
          fc.constantFrom('https://example.org/food/dishes', 'https://example.org/food/beverages'),
        ),
        fc.option(value),
        fc.option(value),
        fc.option(value),
        fc.option(fields),
        async (path, subject, count, page, lang, fieldList) => {
          let query = path === '/top' ? `scheme=${encode(subject)}` : path === '/narrower' ? `uri=${encode(subject)}` : '';
          if (count !== null) query += `&count=${encode(count)}`;
          if (page !== null) query += `&page=${encode(page)}`;
          if (lang !== null) query += `&lang=${encode(lang)}`;
          if (fieldList !== null) query += `&fields=${encode(fieldList)}`;
          const { status, body } = await service.get(`${path}?${query}`);
          // a scheme or concept the vocabulary does not hold is a 404 naming it
          if (status === 404 && path !== '/schemes')
            expect(body).toEqual({
              status: 404,
              error: 'Not Found',
              message: expect.stringMatching(/^no concept (scheme )?<.*> in the vocabulary/),
            });
          else expectContractAnswer(status, body);
          if (status === 200) expect(Array.isArray(path === '/schemes' ? body.schemes : body.concepts)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('/rest/v1 (the Skosmos REST API) answers 200, or a 400, 404 or 406 naming what is wrong, never anything else', async () => {
    const paths = [
      'search',
      'ingredients/search',
      'dishes/lookup',
      'ingredients/topConcepts',
      'ingredients/broader',
      'ingredients/narrower',
      'ingredients/related',
      'ingredients/broaderTransitive',
      'ingredients/narrowerTransitive',
      'ingredients/children',
      'ingredients/hierarchy',
      'ingredients/mappings',
      'label',
      'data',
      'ingredients/data',
      'vocabularies',
      'nope/search',
    ];
    const statuses = { 200: 0, 400: 0, 404: 0, 406: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom(
            'query',
            'label',
            'uri',
            'lang',
            'labellang',
            'vocab',
            'type',
            'parent',
            'maxhits',
            'offset',
            'fields',
            'limit',
            'format',
            'scheme',
          ),
          fc.oneof(
            value,
            value.map((v) => `https://example.org/food/${v}`),
            fc.constantFrom(
              'https://example.org/food/tomato',
              'https://example.org/food/vegetables',
              'text/turtle',
              'application/json',
              'to*',
              'en',
              '5',
            ),
          ),
          { maxKeys: 4 },
        ),
        async (path, params) => {
          const query = Object.entries(params)
            .map(([name, v]) => `${name}=${encode(v)}`)
            .join('&');
          const { status, body } = await service.get(`/rest/v1/${path}?${query}`, { headers: { accept: 'application/json' } });
          expect([200, 400, 404, 406]).toContain(status);
          statuses[status as 200 | 400 | 404 | 406]++;
          if (status === 400)
            expect(body.message).toMatch(/'(query|label|uri|lang|labellang|maxhits|offset|limit|scheme|offset' plus 'maxhits)'/);
          else if (status !== 200) expect(typeof body.message).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
    expect(statuses[200]).toBeGreaterThan(10); // requests reach the lookups, not only the checks (about 20 of 400 do)
  });

  test('/jskos (the JSKOS API) answers 200, or a 400 naming the parameter, never anything else', async () => {
    const statuses = { 200: 0, 400: 0 };
    // every JSKOS path /openapi.json documents that answers a list (status answers an object)
    const documented = Object.keys((await service.get('/openapi.json')).body.paths as Record<string, unknown>)
      .filter((path) => path.startsWith('/jskos/') && path !== '/jskos/status')
      .map((path) => path.slice('/jskos/'.length));
    expect(documented).toEqual(expect.arrayContaining(['voc', 'concepts', 'concepts/suggest']));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...documented),
        fc.dictionary(
          fc.constantFrom('uri', 'voc', 'search', 'query', 'limit', 'offset', 'properties'),
          fc.oneof(
            value,
            value.map((v) => `https://example.org/food/${v}`),
            fc.constantFrom(
              'https://example.org/food/tomato|https://example.org/food/vegetables',
              'https://example.org/food/ingredients',
              'to',
              '10000',
              '*',
            ),
          ),
          { maxKeys: 4 },
        ),
        async (path, params) => {
          const query = Object.entries(params)
            .map(([name, v]) => `${name}=${encode(v)}`)
            .join('&');
          const { status, body } = await service.get(`/jskos/${path}?${query}`);
          expect([200, 400]).toContain(status);
          statuses[status as 200 | 400]++;
          if (status === 400) expect(body.message).toMatch(/'(uri|voc|search|limit|offset)'/);
          else expect(Array.isArray(body)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    expect(statuses[200]).toBeGreaterThan(10); // requests reach the lookups, not only the checks
  });

  test('/reconcile answers 200 or a 400 naming queries or extend, whatever a batch holds', async () => {
    const query = fc.record(
      {
        query: fc.oneof({ arbitrary: value, weight: 8 }, fc.integer(), fc.constant(null)),
        type: fc.oneof(
          value,
          fc.array(value, { maxLength: 2 }),
          fc.constantFrom('http://www.w3.org/2004/02/skos/core#Concept', 'https://example.org/food/dishes'),
        ),
        limit: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 200 }), weight: 8 }, fc.integer({ min: -2, max: 0 }), fc.double(), value),
        type_strict: fc.constantFrom('any', 'all', 'should', 'any', 'some'),
        properties: fc.array(
          fc.record({
            pid: fc.constantFrom('scheme', 'broader', 'notation', 'lang', 'colour'),
            v: fc.oneof(value, fc.array(value, { maxLength: 2 }), fc.record({ id: value })),
          }),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: ['query'] },
    );
    const statuses = { 200: 0, 400: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: fc.dictionary(value, query, { maxKeys: 3 }).map((batch) => JSON.stringify(batch)), weight: 6 },
          value,
          fc.json(),
        ),
        fc.boolean(),
        async (queries, post) => {
          const { status, body } = post
            ? await service.get('/reconcile', { method: 'POST', body: new URLSearchParams({ queries: queries.toWellFormed() }) })
            : await service.get(`/reconcile?queries=${encode(queries)}`);
          expect([200, 400]).toContain(status);
          statuses[status as 200 | 400]++;
          if (status === 400) expect(body.message).toMatch(/^'queries' parameter/);
          else expect(typeof body).toBe('object');
        },
      ),
      { numRuns: 300 },
    );
    expect(statuses[200]).toBeGreaterThan(30); // the batches reach the reconciler, not only the checks
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            value,
            value.map((v) => `https://example.org/food/${v}`),
          ),
          { maxLength: 4 },
        ),
        fc.array(
          fc.record({
            id: fc.constantFrom('prefLabel', 'broader', 'scopeNote', 'colour'),
            settings: fc.record({ lang: value }, { requiredKeys: [] }),
          }),
          { maxLength: 3 },
        ),
        async (ids, properties) => {
          const { status, body } = await service.get(`/reconcile?extend=${encode(JSON.stringify({ ids, properties }))}`);
          expect([200, 400]).toContain(status);
          if (status === 400) expect(body.message).toMatch(/^'extend' parameter/);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('the reconciliation suggest services and the preview answer 200, or a 400 naming the parameter, or a 404 for no concept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('entity', 'type', 'property'), value, fc.option(value), async (kind, prefix, cursor) => {
        const { status, body } = await service.get(
          `/reconcile/suggest/${kind}?prefix=${encode(prefix)}${cursor === null ? '' : `&cursor=${encode(cursor)}`}`,
        );
        expect([200, 400]).toContain(status);
        if (status === 400) expect(body.message).toMatch(/^'(prefix|cursor)' parameter/);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          value,
          value.map((v) => `https://example.org/food/${v}`),
        ),
        async (id) => {
          const response = await fetch(`${service.url}/reconcile/preview?id=${encode(id)}`);
          await response.arrayBuffer();
          expect([200, 400, 404]).toContain(response.status);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a query word that is not a search term still runs: every letter and digit of any script', async () => {
    for (const q of [
      '\\p{L}',
      'a.b',
      'x\u0301',
      'ǅ',
      'İstanbul',
      'ﬁsh',
      '١٢٣',
      'Ⅷ',
      '𝔘𝔫𝔦',
      'ß',
      'ẞ',
      'ΣΊΣΥΦΟΣ',
      'ǰ',
      'ŉ',
      'ᰋᎏ',
      'ԑԑ',
      'ᎏᎏ tea',
    ]) {
      for (const path of ['/search', '/suggest']) {
        expect((await service.get(`${path}?q=${encode(q)}`)).status).toBe(200);
      }
    }
  });
});

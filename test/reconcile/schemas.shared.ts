import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FOOD, startService, type RunningService } from '../support/service.js';
import { schemaValidators } from './schemaValidators.js';

// Every answer of /reconcile against the JSON Schemas of the reconciliation API 0.2, from
// ../shared/reconciliation (npm run test:reconcile; the Virtuoso suite runs it too).
const SHARED = join(process.cwd(), '..', 'shared', 'reconciliation', '0.2');
const { schema, expectValid, names } = schemaValidators(SHARED);

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function post(name: 'queries' | 'extend', value: object): Promise<any> {
  const response = await fetch(`${service.url}/reconcile`, {
    method: 'POST',
    body: new URLSearchParams({ [name]: JSON.stringify(value) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

const BATCH = {
  q0: { query: 'Potato' },
  q1: { query: 'herbal, tea', limit: 3 },
  q2: { query: 'Mint', type: `${FOOD}dishes`, type_strict: 'any' },
  q3: {
    query: 'Mint',
    properties: [
      { pid: 'broader', v: 'Herbs and spices' },
      { pid: 'lang', v: 'en' },
    ],
  },
  q4: { query: 'xylophone quartet' },
  q5: { query: `${FOOD}cheese` },
  q6: {
    query: 'Thé',
    type: ['http://www.w3.org/2004/02/skos/core#Concept'],
    properties: [{ pid: 'scheme', v: { id: `${FOOD}dishes`, name: 'Dishes' } }],
  },
};

describe('the schemas', () => {
  test('accept the valid examples and refuse the invalid ones that come with them (so they can fail)', () => {
    let refused = 0;
    for (const document of readdirSync(join(SHARED, 'examples'))) {
      if (!names.has(document)) continue;
      for (const kind of ['valid', 'invalid']) {
        const folder = join(SHARED, 'examples', document, kind);
        if (!existsSync(folder)) continue;
        for (const file of readdirSync(folder)) {
          expect([document, file, schema(document)(JSON.parse(readFileSync(join(folder, file), 'utf8')))]).toEqual([
            document,
            file,
            kind === 'valid',
          ]);
          if (kind === 'invalid') refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(5);
  });

  test('refuse our own answers once broken', async () => {
    const { body: manifest } = await service.get('/reconcile');
    expect(schema('manifest')({ ...manifest, versions: ['0.1'] })).toBe(false);
    expect(schema('manifest')({ ...manifest, view: { url: `${service.url}/?uri=` } })).toBe(false);
    const results = await post('queries', { q0: { query: 'Potato' } });
    expect(schema('reconciliation-result-batch')({ q0: { result: [{ ...results.q0.result[0], score: 'high' }] } })).toBe(false);
    expect(schema('reconciliation-result-batch')({ q0: results.q0.result })).toBe(false);
  });
});

describe('every answer of /reconcile validates', () => {
  test('the manifest, by GET and by a POST without queries', async () => {
    expectValid('manifest', (await service.get('/reconcile')).body);
    const response = await fetch(`${service.url}/reconcile`, { method: 'POST', body: new URLSearchParams({}) });
    expectValid('manifest', await response.json());
  });

  test('a result batch with types, properties, namesakes, an IRI and no candidates; the batch sent validates too', async () => {
    expectValid('reconciliation-query-batch', BATCH);
    const results = await post('queries', BATCH);
    expectValid('reconciliation-result-batch', results);
    expect(Object.values(results).some((r: any) => r.result.length === 0)).toBe(true);
    expect(Object.values(results).some((r: any) => r.result.some((c: any) => c.match === true))).toBe(true);
  });

  test('entity, type and property suggest', async () => {
    for (const prefix of ['min', 'p', 'zzzz', `${FOOD}tea`])
      expectValid('suggest-entities-response', (await service.get(`/reconcile/suggest/entity?prefix=${encodeURIComponent(prefix)}`)).body);
    for (const prefix of ['', 'dish', 'conc'])
      expectValid('suggest-types-response', (await service.get(`/reconcile/suggest/type?prefix=${prefix}`)).body);
    for (const prefix of ['', 'bro'])
      expectValid('suggest-properties-response', (await service.get(`/reconcile/suggest/property?prefix=${prefix}`)).body);
  });

  test('property proposals, and a data extension (the query sent validates too)', async () => {
    expectValid(
      'data-extension-property-proposal',
      (await service.get('/reconcile/properties?type=http%3A%2F%2Fwww.w3.org%2F2004%2F02%2Fskos%2Fcore%23Concept&limit=4')).body,
    );
    const query = {
      ids: [`${FOOD}tea`, `${FOOD}soups`, 'urn:x:nothing'],
      properties: ['prefLabel', 'altLabels', 'broader', 'related', 'notation', 'scheme', 'scopeNote'].map((id) => ({
        id,
        settings: { lang: 'fr' },
      })),
    };
    expectValid('data-extension-query', query);
    expectValid('data-extension-response', await post('extend', query));
  });
});

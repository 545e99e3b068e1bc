import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FOOD, startService, type RunningService } from '../support/service.js';
import { schemaValidators } from './schemaValidators.js';
import { Ajv } from 'ajv';

// Every answer of the 1.0 draft endpoint (/reconcile/1.0-draft) against the draft's JSON
// Schemas, and every example that comes with them sent to the service as the draft says:
// a valid query batch or data extension query is answered (200, an answer that validates),
// an invalid query batch is a 400 naming the problem. From ../shared/reconciliation
// (npm run test:reconcile; the Virtuoso suite runs it too).
const SHARED = join(process.cwd(), '..', 'shared', 'reconciliation', '1.0-draft');
const DRAFT = '/reconcile/1.0-draft';
const { schema, expectValid, names } = schemaValidators(SHARED);

/** The examples of one document kind: [file, parsed JSON] for valid or invalid. */
function examples(document: string, kind: 'valid' | 'invalid'): Array<[string, unknown]> {
  const folder = join(SHARED, 'examples', document, kind);
  return existsSync(folder) ? readdirSync(folder).map((file) => [file, JSON.parse(readFileSync(join(folder, file), 'utf8'))]) : [];
}

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${DRAFT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('the 1.0 draft schemas', () => {
  test('accept their valid examples and refuse the invalid ones (so they can fail)', () => {
    let refused = 0;
    for (const document of readdirSync(join(SHARED, 'examples'))) {
      if (!names.has(document)) continue;
      for (const kind of ['valid', 'invalid'] as const) {
        for (const [file, example] of examples(document, kind)) {
          expect([document, file, schema(document)(example)]).toEqual([document, file, kind === 'valid']);
          if (kind === 'invalid') refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(5);
  });
});

describe("the service's own query batch schema (/openapi.json's body of /match)", () => {
  test("takes every batch the draft's examples call valid and refuses every invalid one", async () => {
    const description = (await (await fetch(`${service.url}/openapi.json`)).json()) as any;
    const ours = new Ajv({ strict: false }).compile(
      description.paths[`${DRAFT}/match`].post.requestBody.content['application/json'].schema,
    );
    for (const kind of ['valid', 'invalid'] as const)
      for (const [file, batch] of examples('reconciliation-query-batch', kind))
        expect([file, ours(batch)]).toEqual([file, kind === 'valid']);
  });
});

describe('the draft examples, sent to the service', () => {
  test('every valid query batch is answered, with a result batch that validates, one result a query', async () => {
    const valid = examples('reconciliation-query-batch', 'valid');
    expect(valid.length).toBeGreaterThan(0);
    for (const [file, batch] of valid) {
      const { status, body } = await post('/match', batch);
      expect([file, status]).toEqual([file, 200]);
      expectValid('reconciliation-result-batch', body);
      expect(body.results).toHaveLength((batch as { queries: unknown[] }).queries.length);
    }
  });

  test('every invalid query batch is a 400 that says where the problem is', async () => {
    const invalid = examples('reconciliation-query-batch', 'invalid');
    expect(invalid.length).toBeGreaterThan(0);
    for (const [file, batch] of invalid) {
      const { status, body } = await post('/match', batch);
      expect([file, status, body.message]).toEqual([
        file,
        400,
        expect.stringMatching(/^request body: (must be a JSON object|queries\[\d+\])/),
      ]);
    }
  });

  test('every valid data extension query is answered, with a response that validates', async () => {
    for (const [file, query] of examples('data-extension-query', 'valid')) {
      const { status, body } = await post('/extend', query);
      expect([file, status]).toEqual([file, 200]);
      expectValid('data-extension-response', body);
    }
  });
});

describe('every answer of the 1.0 draft validates', () => {
  test('the manifest', async () => {
    const { body } = await service.get(DRAFT);
    expectValid('manifest', body);
    expect(schema('manifest')({ ...body, view: undefined })).toBe(false); // and can fail
  });

  test('result batches: names, ids, properties required or not, types, namesakes, no candidates', async () => {
    const batch = {
      queries: [
        { conditions: [{ matchType: 'name', propertyValue: 'Mint' }] },
        {
          conditions: [
            { matchType: 'name', propertyValue: 'Mint' },
            {
              matchType: 'property',
              propertyId: 'broader',
              propertyValue: [{ id: `${FOOD}pastries`, name: 'Pastries' }, 'Herbs and spices'],
              required: true,
              matchQuantifier: 'any',
            },
          ],
        },
        { conditions: [{ matchType: 'id', propertyValue: `${FOOD}cheese` }], type: `${FOOD}dishes`, limit: 3, lang: 'fr' },
        { conditions: [{ matchType: 'property', propertyId: 'notation', propertyValue: 'DSH-101' }] },
        { conditions: [{ matchType: 'name', propertyValue: 'xylophone quartet' }] },
      ],
    };
    expectValid('reconciliation-query-batch', batch);
    const { status, body } = await post('/match', batch);
    expect(status).toBe(200);
    expectValid('reconciliation-result-batch', body);
    expect(body.results.map((r: { candidates: unknown[] }) => r.candidates.length > 0)).toEqual([true, true, true, true, false]);
    expect(
      body.results
        .flatMap((r: { candidates: Array<{ match: unknown; features: unknown[] }> }) => r.candidates)
        .every((c: { match: unknown; features: unknown[] }) => typeof c.match === 'boolean' && Array.isArray(c.features)),
    ).toBe(true);
  });

  test('entity, type and property suggest with offset and limit; proposals; a data extension', async () => {
    for (const query of ['prefix=min', 'prefix=p&offset=3&limit=4', 'prefix=zzzz', `prefix=${encodeURIComponent(`${FOOD}tea`)}`])
      expectValid('suggest-entities-response', (await service.get(`${DRAFT}/suggest/entity?${query}`)).body);
    for (const query of ['prefix=', 'prefix=dish', 'prefix=conc&limit=1'])
      expectValid('suggest-types-response', (await service.get(`${DRAFT}/suggest/type?${query}`)).body);
    for (const query of ['prefix=', 'prefix=bro&offset=0&limit=2'])
      expectValid('suggest-properties-response', (await service.get(`${DRAFT}/suggest/property?${query}`)).body);
    expectValid(
      'data-extension-property-proposal',
      (await service.get(`${DRAFT}/extend/propose?type=${encodeURIComponent('http://www.w3.org/2004/02/skos/core#Concept')}&limit=4`)).body,
    );
    const query = {
      ids: [`${FOOD}tea`, `${FOOD}soups`, 'urn:x:nothing'],
      properties: ['prefLabel', 'altLabels', 'broader', 'related', 'notation', 'scheme', 'scopeNote'].map((id) => ({
        id,
        settings: { lang: 'fr' },
      })),
    };
    expectValid('data-extension-query', query);
    const { status, body } = await post('/extend', query);
    expect(status).toBe(200);
    expectValid('data-extension-response', body);
  });
});

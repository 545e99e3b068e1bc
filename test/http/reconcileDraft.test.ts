import { FOOD, startService, type RunningService } from '../support/service.js';

// The reconciliation API's 1.0 draft at /reconcile/1.0-draft (README, "Reconciliation, 1.0
// draft"): its own routes and JSON bodies over the same candidates as 0.2. The draft's schemas
// and examples check the answers in test/reconcile/draftSchemas.shared.ts (../shared).

const DRAFT = '/reconcile/1.0-draft';
const SKOS_CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

type Candidate = {
  id: string;
  name: string;
  description?: string;
  score: number;
  match: boolean;
  features: Array<{ id: string; value: number | boolean }>;
};

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${DRAFT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function match(...queries: object[]): Promise<Candidate[][]> {
  const { status, body } = await post('/match', { queries });
  expect(status).toBe(200);
  expect(body.results).toHaveLength(queries.length);
  return body.results.map((result: { candidates: Candidate[] }) => result.candidates);
}

const name = (value: string) => ({ matchType: 'name', propertyValue: value });

describe('the 1.0 draft', () => {
  test('the manifest at the endpoint: the draft version, a view template, batchSize, the services offered', async () => {
    const { status, body } = await service.get(DRAFT);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      versions: ['1.0-draft'],
      view: { url: `${service.url}/?uri={id}` },
      batchSize: 100,
      standardizedScore: true,
      suggest: { entity: true, type: true, property: true },
      extend: { proposeProperties: true },
    });
    expect(body.defaultTypes).toEqual([{ id: SKOS_CONCEPT, name: 'Concept' }]);
    // 0.2's manifest stays as it was
    expect((await service.get('/reconcile')).body.versions).toEqual(['0.2']);
  });

  test("OpenRefine's type selection: a scheme found by type suggest narrows the candidates to it", async () => {
    const { body } = await service.get(`${DRAFT}/suggest/type?prefix=ingr`);
    expect(body.result[0]).toMatchObject({ id: `${FOOD}ingredients`, name: 'Ingredients' });
    const [narrowed, every] = await match({ type: body.result[0].id, conditions: [name('Mint')] }, { conditions: [name('Mint')] });
    expect(narrowed?.[0]).toMatchObject({ id: `${FOOD}mint`, match: true });
    expect(narrowed?.some((c) => c.id === `${FOOD}mint-candy`)).toBe(false);
    expect(every?.some((c) => c.id === `${FOOD}mint-candy`)).toBe(true);
  });

  test('match: a name, an id, and properties as conditions; candidates with their features and a match', async () => {
    const [byName, byId, required, optional, none] = await match(
      { conditions: [name('Mint')] },
      { conditions: [{ matchType: 'id', propertyValue: `${FOOD}cheese` }] },
      {
        conditions: [
          name('Mint'),
          { matchType: 'property', propertyId: 'broader', propertyValue: 'Pastries and desserts', required: true },
        ],
      },
      { conditions: [name('Mint'), { matchType: 'property', propertyId: 'broader', propertyValue: 'Pastries and desserts' }] },
      {
        conditions: [
          name('Mint'),
          { matchType: 'property', propertyId: 'broader', propertyValue: ['Pastries and desserts'], matchQuantifier: 'none' },
        ],
      },
    );
    expect(byName?.map((c) => c.id).sort()).toEqual([`${FOOD}mint`, `${FOOD}mint-candy`]);
    expect(byName?.every((c) => c.match === false)).toBe(true); // two concepts are "Mint"
    // each candidate's features say why: the name's score, the label it matched and how, its lead
    expect(byName?.[0]?.features).toEqual([
      { id: 'name', name: expect.any(String), value: 100 },
      { id: 'label_pref', name: 'Matched its prefLabel', value: true },
      { id: 'label_language', name: "Matched a label in the query's language", value: true },
      { id: 'how_exact', name: 'The label is the name as written', value: true },
      { id: 'lead', name: 'Lead over the best other candidate', value: 0 }, // the other Mint scores the same
    ]);
    // a qualifier left over is counted (a count is there only where it is not 0); on the label
    // index, which proposes a label holding some of the name's words (the store path's /search
    // asks for all of them)
    if (service.config.labelIndex) {
      const [qualified] = await match({ conditions: [name('Tea (drink)')] });
      expect(qualified?.[0]?.features).toContainEqual({ id: 'how_partial', name: 'Some words unpaired', value: true });
      expect(qualified?.[0]?.features).toContainEqual({ id: 'unpaired_words', name: 'Words left unpaired', value: 1 });
    }
    expect(byId).toEqual([expect.objectContaining({ id: `${FOOD}cheese`, name: 'Cheese', score: 100, match: true })]);
    // required: only the Mint under Pastries and desserts is a candidate, and it is the match
    expect(required?.map((c) => [c.id, c.match])).toEqual([[`${FOOD}mint-candy`, true]]);
    expect(required?.[0]?.features.find((f) => f.id === 'property:broader')?.value).toBe(true);
    // not required: both stay, the one that agrees first
    expect(optional?.map((c) => c.id)).toEqual([`${FOOD}mint-candy`, `${FOOD}mint`]);
    expect(optional?.[1]?.features.find((f) => f.id === 'property:broader')?.value).toBe(false);
    // none: the Mint whose broader concept is not Pastries and desserts agrees
    expect(none?.[0]).toMatchObject({ id: `${FOOD}mint`, match: true });
  });

  test('a type restricts to a scheme; lang chooses the labels matched and the names; limit', async () => {
    const [french, limited] = await match(
      { conditions: [name('Thé')], lang: 'fr', type: `${FOOD}dishes` },
      { conditions: [name('tea')], limit: 1 },
    );
    expect(french?.[0]).toMatchObject({ id: `${FOOD}tea`, name: 'Thé', match: true });
    expect(limited).toHaveLength(1);
  });

  test('a malformed batch is a 400 naming where; a batch over batchSize a 413; GET on match a 405', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /request body: is not JSON/],
      [{ q0: { query: 'Tea' } }, /request body: must be a JSON object \{"queries": \[\.\.\.\]\}/],
      [{ queries: [{ conditions: [] }] }, /queries\[0\]\.conditions: must be an array of at least one/],
      [{ queries: [{ limit: 1 }] }, /queries\[0\]\.conditions/],
      [{ queries: [name('Tea')] }, /queries\[0\]\.matchType: is no field of a query/],
      [
        { queries: [{ conditions: [{ propertyValue: 'Tea' }] }] },
        /queries\[0\]\.conditions\[0\]\.matchType: must be one of name, id, property/,
      ],
      [{ queries: [{ conditions: [name('Tea')], type: ['a', 'b'] }] }, /queries\[0\]\.type: must be one type identifier/],
      [
        { queries: [{ conditions: [{ matchType: 'property', propertyValue: 'x' }] }] },
        /conditions\[0\]\.propertyId: is required where matchType is 'property'/,
      ],
      [
        {
          queries: [
            { conditions: [name('Tea'), { matchType: 'property', propertyId: 'broader', propertyValue: 'x', matchQuantifier: 'some' }] },
          ],
        },
        /conditions\[1\]\.matchQuantifier: must be one of any, all, none/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await post('/match', body);
      expect([answer.status, answer.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const conditions = (n: number) =>
      Array.from({ length: n }, () => ({ matchType: 'property', propertyId: 'broader', propertyValue: 'Drinks' }));
    expect((await post('/match', { queries: [{ conditions: [name('Tea'), ...conditions(9)] }] })).status).toBe(200);
    const many = await post('/match', { queries: [{ conditions: [name('Tea'), ...conditions(10)] }] });
    expect([many.status, many.body.message]).toEqual([
      400,
      expect.stringMatching(/queries\[0\]\.conditions: holds 11 conditions; at most 10/),
    ]);
    const values = await post('/match', {
      queries: [{ conditions: [name('Tea'), { matchType: 'property', propertyId: 'broader', propertyValue: Array(11).fill('Drinks') }] }],
    });
    expect([values.status, values.body.message]).toEqual([
      400,
      expect.stringMatching(/queries\[0\]\.conditions\[1\]: property "broader" has 11 values; at most 10/),
    ]);
    const large = await post('/match', { queries: Array.from({ length: 101 }, () => ({ conditions: [name('Tea')] })) });
    expect(large.status).toBe(413);
    const get = await fetch(`${service.url}${DRAFT}/match`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  test('a property the service cannot use, or a matchQualifier, is left out: the query is answered', async () => {
    const [answered] = await match({
      conditions: [
        name('Cheese'),
        { matchType: 'property', propertyId: 'colour', propertyValue: 'yellow' },
        { matchType: 'property', propertyId: 'notation', propertyValue: 'x', matchQualifier: 'skos:exactMatch', required: false },
      ],
    });
    expect(answered?.[0]).toMatchObject({ id: `${FOOD}cheese` });
  });

  test('suggest with offset and limit; an empty prefix gives every type and property', async () => {
    const all = (await service.get(`${DRAFT}/suggest/entity?prefix=te&limit=5`)).body.result;
    const next = (await service.get(`${DRAFT}/suggest/entity?prefix=te&offset=2&limit=2`)).body.result;
    expect(all).toHaveLength(5);
    expect(next).toEqual(all.slice(2, 4));
    expect((await service.get(`${DRAFT}/suggest/type?prefix=`)).body.result.map((t: { id: string }) => t.id)).toContain(SKOS_CONCEPT);
    expect((await service.get(`${DRAFT}/suggest/property?prefix=&limit=100`)).body.result.length).toBeGreaterThan(6);
    expect((await service.get(`${DRAFT}/suggest/entity?prefix=te&limit=0`)).body.message).toMatch(
      /'limit' parameter must be an integer from 1 to 100/,
    );
  });

  test('data extension in the draft form, its proposals, and the preview', async () => {
    const { status, body } = await post('/extend', {
      ids: [`${FOOD}tea`],
      properties: [{ id: 'prefLabel', settings: { lang: 'fr' } }, { id: 'broader' }],
    });
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      {
        id: `${FOOD}tea`,
        properties: [
          { id: 'prefLabel', values: [{ str: 'Thé' }] },
          { id: 'broader', values: [{ id: `${FOOD}beverages`, name: 'Beverages' }] },
        ],
      },
    ]);
    const proposals = (await service.get(`${DRAFT}/extend/propose?type=${encodeURIComponent(SKOS_CONCEPT)}&limit=2`)).body;
    expect(proposals).toEqual({
      type: SKOS_CONCEPT,
      limit: 2,
      properties: [expect.objectContaining({ id: 'prefLabel' }), expect.objectContaining({ id: 'altLabels' })],
    });
    const preview = await fetch(`${service.url}${DRAFT}/preview?id=${encodeURIComponent(`${FOOD}tea`)}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<title>Tea</title>');
  });
});

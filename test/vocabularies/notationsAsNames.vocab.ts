import { PROJECT_ROOT } from '../../src/loadConfig.js';
import { startService, type RunningService } from '../support/service.js';

// OpenRefine sends a column of notations as names ({"query": "B.01.07"}): every unique
// notation of the shared vocabularies that have them puts its concept first, a match where no
// other concept carries it. What the vocabularies hold is read from the same embedded store,
// by a query of the test's own; the service answers with the label index and without it
// (npm run test:vocabularies runs both).

const VOCABULARIES = `${PROJECT_ROOT}../shared/vocabularies`;
const NOTATIONS = `PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
SELECT ?concept ?notation WHERE {
  ?concept a skos:Concept ; skos:notation ?notation .
  FILTER NOT EXISTS { ?concept owl:deprecated true }
}`;

interface Result {
  id: string;
  match: boolean;
}

/** Each notation the vocabulary's concepts carry, with the concepts that carry it. */
async function notationsOf(service: RunningService): Promise<Map<string, Set<string>>> {
  const carriers = new Map<string, Set<string>>();
  for (const row of await service.store.select(NOTATIONS, 'test'))
    carriers.set(
      row.notation?.value as string,
      (carriers.get(row.notation?.value as string) ?? new Set()).add(row.concept?.value as string),
    );
  return carriers;
}

/** The notations whose answer, asked as names in batches of 10, does not put a carrier first (a match where it is the only one). */
async function misses(service: RunningService, carriers: Map<string, Set<string>>): Promise<string[]> {
  const notations = [...carriers.keys()];
  const missed: string[] = [];
  for (let start = 0; start < notations.length; start += 10) {
    const batch = notations.slice(start, start + 10);
    const response = await fetch(`${service.url}/reconcile`, {
      method: 'POST',
      body: new URLSearchParams({
        queries: JSON.stringify(Object.fromEntries(batch.map((notation, i) => [`q${i}`, { query: notation }]))),
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, { result: Result[] }>;
    batch.forEach((notation, i) => {
      const first = body[`q${i}`]?.result[0];
      const held = carriers.get(notation) as Set<string>;
      if (first === undefined || !held.has(first.id) || first.match !== (held.size === 1))
        missed.push(`${notation}: ${JSON.stringify(first ?? null)}`);
    });
  }
  return missed;
}

// UNESCO's notations are its domains' and microthesauri's, which are no concepts; UAT, SILKNOW
// and YSO have none.
describe.each([['STW Thesaurus for Economics', 'stw-9.06.ttl', 450]])('%s', (_name, file, atLeast) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ DATA_FILES: `${VOCABULARIES}/${file}` });
  }, 120_000);
  afterAll(() => service.close());

  test('every notation given as a name puts its concept first, a match where no other concept carries it', async () => {
    const carriers = await notationsOf(service);
    expect(carriers.size).toBeGreaterThanOrEqual(atLeast);
    expect(await misses(service, carriers)).toEqual([]);
  }, 300_000);
});

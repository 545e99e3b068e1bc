import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// Identifiers win (API.md, reconciliation): a name that is a concept's notation puts that
// concept first, also where the name finds it too, below another concept, as a decimal
// class's notation finds its main class by name; so does a notation in another case, and
// the last segment of a concept's IRI (as a spreadsheet of local identifiers holds them). On the embedded store (its own small
// classification), with the label index and without it.

const EX = 'https://example.org/classes/';
const file = join(mkdtempSync(join(tmpdir(), 'identifiers-')), 'classes.ttl');
writeFileSync(
  file,
  `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix ex: <${EX}> .
ex:scheme a skos:ConceptScheme .
ex:label a skos:Concept ; skos:inScheme ex:scheme ; skos:prefLabel "B-12"@en ; skos:notation "A-1" .
ex:vitamins a skos:Concept ; skos:inScheme ex:scheme ; skos:prefLabel "Vitamins"@en ; skos:altLabel "B-12 vitamins"@en ; skos:notation "B-12" .
ex:other a skos:Concept ; skos:inScheme ex:scheme ; skos:prefLabel "Minerals"@en ; skos:notation "B-13" .
ex:c80 a skos:Concept ; skos:inScheme ex:scheme ; skos:prefLabel "Hygiene"@en ; skos:notation "ab7" .
ex:c81 a skos:Concept ; skos:inScheme ex:scheme ; skos:prefLabel "Class c80"@en .
ex:deprecated a skos:Concept ; skos:prefLabel "Gone"@en ; <http://www.w3.org/2002/07/owl#deprecated> true .
<https://example.org/elsewhere/c80> skos:prefLabel "Not a concept"@en .
`,
);

type Result = { id: string; score: number; match: boolean };

async function reconcile(service: RunningService, queries: Record<string, object>): Promise<Record<string, Result[]>> {
  const response = await fetch(`${service.url}/reconcile`, {
    method: 'POST',
    body: new URLSearchParams({ queries: JSON.stringify(queries) }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, { result: Result[] }>;
  return Object.fromEntries(Object.entries(body).map(([key, { result }]) => [key, result]));
}

describe.each(['on', 'off'])('a notation given as a name (LABEL_INDEX=%s)', (labelIndex) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ DATA_FILES: file, LABEL_INDEX: labelIndex });
  });
  afterAll(() => service.close());

  test('puts its concept first with match, before a concept whose label equals the name, though the name finds both', async () => {
    const { q0 } = await reconcile(service, { q0: { query: 'B-12' } });
    expect(q0?.map((r) => [r.id, r.score, r.match])).toEqual([
      [`${EX}vitamins`, 100, true],
      [`${EX}label`, 100, false],
    ]);
  });

  test('is not taken for another notation that starts alike', async () => {
    const { q0 } = await reconcile(service, { q0: { query: 'B-1' } });
    expect(q0?.some((r) => r.match)).toBe(false);
  });

  test('is found in another case: the notation "ab7" for "AB7"', async () => {
    const { q0 } = await reconcile(service, { q0: { query: 'AB7' } });
    expect(q0?.[0]).toMatchObject({ id: `${EX}c80`, score: 100, match: true });
  });

  test("is found as the last segment of a concept's IRI, before a concept whose label holds it", async () => {
    const { q0, q1 } = await reconcile(service, { q0: { query: 'c80' }, q1: { query: 'elsewhere' } });
    expect(q0?.map((r) => [r.id, r.match])).toEqual([
      [`${EX}c80`, true],
      [`${EX}c81`, false],
    ]);
    expect(q1).toEqual([]);
  });
});

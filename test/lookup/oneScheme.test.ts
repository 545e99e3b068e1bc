import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// A vocabulary of one scheme: /top needs no `scheme`, and the reconciliation manifests offer
// the scheme among their default types (OpenRefine lists those first), with and without the
// label index. (The sample vocabulary has two schemes: its manifests offer the concept type
// alone, test/http/reconcileDraft.test.ts.)

const V = 'https://example.org/one/';
const SKOS_CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';
const file = join(mkdtempSync(join(tmpdir(), 'one-scheme-')), 'one.ttl');
writeFileSync(
  file,
  `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
  <${V}scheme> a skos:ConceptScheme ; skos:prefLabel "Places"@en .
  <${V}europe> a skos:Concept ; skos:prefLabel "Europe"@en ; skos:topConceptOf <${V}scheme> .
  <${V}france> a skos:Concept ; skos:prefLabel "France"@en ; skos:broader <${V}europe> ; skos:inScheme <${V}scheme> .`,
);

describe.each(['on', 'off'])('a vocabulary of one scheme, LABEL_INDEX=%s', (labelIndex) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ DATA_FILES: file, LABEL_INDEX: labelIndex });
  });
  afterAll(() => service.close());

  test('/top lists its top concepts without a scheme', async () => {
    const { status, body } = await service.get('/top');
    expect(status).toBe(200);
    expect(body.concepts.map((concept: { uri: string }) => concept.uri)).toEqual([`${V}europe`]);
  });

  test('the manifests of 0.2 and the 1.0 draft offer the scheme among their default types', async () => {
    const types = [
      { id: SKOS_CONCEPT, name: 'Concept' },
      { id: `${V}scheme`, name: 'Places' },
    ];
    expect((await service.get('/reconcile')).body.defaultTypes).toEqual(types);
    expect((await service.get('/reconcile/1.0-draft')).body.defaultTypes).toEqual(types);
  });
});

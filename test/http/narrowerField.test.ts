import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// `fields=narrower` lists at most the first page of /narrower at its largest (1,000), in its
// order; `narrowerCount` says how many there are. A hundred broad concepts of 2,000 children
// each made a 19 MB answer, built while every other client waited. On the embedded store
// (with the label index and without); a suite on another store skips it (its fixture lives here).

const N = 'https://example.org/wide/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const CHILDREN = 1200;
/** The first three children have this many children each. */
const GRANDCHILDREN = 150;

(process.env.SPARQL_ENDPOINT === undefined ? describe : describe.skip)('the narrower field of a concept with many children', () => {
  let dir: string;
  let service: RunningService;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wide-'));
    const file = join(dir, 'wide.nt');
    const lines = [
      `<${N}top> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .`,
      `<${N}top> <${SKOS}prefLabel> "Top"@en .`,
    ];
    for (let i = 0; i < CHILDREN; i++) {
      lines.push(`<${N}c${i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .`);
      lines.push(`<${N}c${i}> <${SKOS}prefLabel> "Child ${String(i).padStart(4, '0')}"@en .`);
      lines.push(`<${N}c${i}> <${SKOS}broader> <${N}top> .`);
    }
    for (let i = 0; i < 3 * GRANDCHILDREN; i++) {
      lines.push(`<${N}g${i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .`);
      lines.push(`<${N}g${i}> <${SKOS}prefLabel> "Grandchild ${String(i).padStart(4, '0')}"@en .`);
      lines.push(`<${N}g${i}> <${SKOS}broader> <${N}c${i % 3}> .`);
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    service = await startService({ DATA_FILES: file });
  });
  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('lists the first 1,000 in /narrower order, and narrowerCount all of them', async () => {
    const { body } = await service.get(`/get?uri=${encodeURIComponent(`${N}top`)}&fields=narrower,narrowerCount`);
    const [top] = body._embedded.concepts;
    expect(top.narrowerCount).toBe(CHILDREN);
    expect(top.narrower).toHaveLength(1000);
    const page = await service.get(`/narrower?uri=${encodeURIComponent(`${N}top`)}&count=1000`);
    expect(top.narrower.map((r: { uri: string }) => r.uri)).toEqual(page.body.concepts.map((c: { uri: string }) => c.uri));
  });

  test('shares 100,000 entries among the concepts of one answer: a page of 1,000 lists 100 below each', async () => {
    const alone = await service.get(`/get?uri=${encodeURIComponent(`${N}c0`)}&fields=narrower,narrowerCount`);
    expect(alone.body._embedded.concepts[0].narrower).toHaveLength(GRANDCHILDREN);
    const page = await service.get(`/narrower?uri=${encodeURIComponent(`${N}top`)}&count=1000&fields=narrower,narrowerCount`);
    const listed = page.body.concepts as Array<{ uri: string; narrower: unknown[]; narrowerCount: number }>;
    expect(listed).toHaveLength(1000);
    const first = listed.find((concept) => concept.uri === `${N}c0`);
    expect(first?.narrowerCount).toBe(GRANDCHILDREN);
    expect(first?.narrower).toHaveLength(100);
    expect(first?.narrower).toEqual(alone.body._embedded.concepts[0].narrower.slice(0, 100));
  });
});

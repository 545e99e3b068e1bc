import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// A long browsing list asked in another language than the default is paged by that
// language's order of every concept, which takes seconds at millions of concepts: it is made
// on a thread of its own, never on a pool thread where searches would wait behind it, and
// until it is made the page is a 503 with Retry-After (docs/api.md, "Browsing"). Shown on a
// flat scheme of 2,100 concepts (a list is long past 2,000), on the embedded store with the
// label index and its worker pool; the pages are then those the service pages on the spot
// without a pool (INDEX_WORKERS=0).

const L = 'https://example.org/long/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const CONCEPTS = 2100;
const WORDS = ['Apfel', 'Birne', 'Zwetschge', 'Äpfelchen', 'Quitte', 'birne', 'Öl', 'Mango'];
const withPool = process.env.SPARQL_ENDPOINT === undefined && process.env.LABEL_INDEX !== 'off';

(withPool ? describe : describe.skip)('a long list in another language', () => {
  let dir: string;
  let service: RunningService;
  let onTheSpot: RunningService;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'long-list-'));
    const file = join(dir, 'long.nt');
    const lines = [`<${L}s> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}ConceptScheme> .`];
    for (let i = 0; i < CONCEPTS; i++) {
      const c = `<${L}c${i}>`;
      // English labels in the order of the numbers, German ones in another
      lines.push(`${c} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .`);
      lines.push(`${c} <${SKOS}inScheme> <${L}s> .`);
      lines.push(`${c} <${SKOS}prefLabel> "Concept ${String(i).padStart(4, '0')}"@en .`);
      lines.push(`${c} <${SKOS}prefLabel> "${WORDS[(i * 7) % WORDS.length]} ${(i * 7919) % CONCEPTS}"@de .`);
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    service = await startService({ DATA_FILES: file, INDEX_WORKERS: '1' });
    onTheSpot = await startService({ DATA_FILES: file, INDEX_WORKERS: '0' });
  });
  afterAll(async () => {
    await service?.close();
    await onTheSpot?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const top = (page: number, lang: string): string => `/top?scheme=${encodeURIComponent(`${L}s`)}&count=50&page=${page}&lang=${lang}`;

  test('is a 503 with Retry-After until its order is made, searches answered meanwhile; then the pages the service makes on the spot', async () => {
    const first = await service.get(top(3, 'de'));
    expect(first.status).toBe(503);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(first.body.message).toContain('"de"');
    expect((await service.get('/search?q=apfel')).status).toBe(200);
    // made in milliseconds at this size: asked again until it is in (a bound, not a timing)
    let again = await service.get(top(3, 'de'));
    for (let tries = 0; again.status === 503 && tries < 300; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await service.get(top(3, 'de'));
    }
    expect(again.status).toBe(200);
    for (const page of [1, 3, 42, 43]) {
      const [pooled, here] = await Promise.all([service.get(top(page, 'de')), onTheSpot.get(top(page, 'de'))]);
      expect(pooled.status).toBe(200);
      expect(pooled.body).toEqual(here.body);
      expect(pooled.body.concepts.length).toBe(page === 43 ? 0 : 50);
    }
    // the German order is not the English one
    const german = (await service.get(top(1, 'de'))).body.concepts.map((concept: { uri: string }) => concept.uri);
    expect(german).not.toEqual(Array.from({ length: 50 }, (_, i) => `${L}c${i}`));
  });

  test('in the default language is a slice of the list as held, answered at once', async () => {
    const { status, body } = await service.get(top(2, 'en'));
    expect(status).toBe(200);
    expect(body.concepts.map((concept: { uri: string }) => concept.uri)).toEqual(Array.from({ length: 50 }, (_, i) => `${L}c${50 + i}`));
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// A browsing list read from the store (LABEL_INDEX=off) is read once: requests for it while it
// is read wait for that read, a client that leaves does not stop it, and it is kept for the
// next pages. /top checks its parameters before any list is read: a missing `scheme` among
// several is a 400, an unknown one a 404, neither after counting the schemes' concepts.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const S = 'http://example.org/s';

let service: RunningService;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'browse-once-')), 'tops.nt');
  const lines = [`<${S}> <${TYPE}> <${SKOS}ConceptScheme> .`, `<${S}2> <${TYPE}> <${SKOS}ConceptScheme> .`];
  for (let i = 0; i < 3000; i++)
    lines.push(
      `<${S}/t${i}> <${TYPE}> <${SKOS}Concept> .`,
      `<${S}/t${i}> <${SKOS}topConceptOf> <${S}> .`,
      `<${S}/t${i}> <${SKOS}prefLabel> "Top ${i}"@en .`,
      `<${S}/t${i}> <${SKOS}prefLabel> "Haut ${i}"@fr .`,
    );
  writeFileSync(file, `${lines.join('\n')}\n`);
  service = await startService({ DATA_FILES: file, LABEL_INDEX: 'off', CACHE_MAX_ENTRIES: '0' });
}, 60_000);
afterAll(() => service.close());

/** How many of the queries sent so far read a scheme's top concepts, or count the schemes' concepts. */
const sent = (what: RegExp): number => service.store.sent.filter((query) => what.test(query)).length;
// topConcepts.rq and implicitTop.rq: what reads a list of top concepts (the scheme list and the concepts shown select otherwise)
const TOPS = /SELECT \?concept \?property \?value WHERE/;

test('requests for a list being read wait for that read, and the next pages come from the list kept', async () => {
  const before = sent(TOPS);
  const top = (page: number, lang = 'fr'): Promise<number> =>
    fetch(`${service.url}/top?scheme=${encodeURIComponent(S)}&count=10&page=${page}&lang=${lang}`).then((r) => r.status);
  expect(await Promise.all([top(1), top(1), top(2), top(3)])).toEqual([200, 200, 200, 200]);
  expect(await top(4)).toBe(200);
  // the stated and the implicit top concepts: two queries, once
  expect(sent(TOPS) - before).toBe(2);
});

test('a client that leaves while its list is read does not stop the read: the list is kept for the one who asks next', async () => {
  const before = sent(TOPS);
  const leaving = new AbortController();
  const left = fetch(`${service.url}/top?scheme=${encodeURIComponent(S)}&count=10&lang=de`, { signal: leaving.signal }).catch(() => 'left');
  setTimeout(() => leaving.abort(), 5);
  expect(await left).toBe('left');
  // wait for the read the client left to end: the next request finds its list made
  for (let waited = 0; sent(TOPS) - before < 2 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const response = await service.get(`/top?scheme=${encodeURIComponent(S)}&count=10&page=2&lang=de`);
  expect(response.status).toBe(200);
  expect(response.body.concepts).toHaveLength(10);
  expect(sent(TOPS) - before).toBe(2);
});

test('/top without a scheme among two is a 400, and with an unknown one a 404, before any concept is counted or listed', async () => {
  const before = service.store.sent.length;
  const missing = await service.get('/top');
  expect(missing.status).toBe(400);
  expect(missing.body.message).toContain('2 concept schemes');
  const unknown = await service.get(`/top?scheme=${encodeURIComponent('http://example.org/nope')}`);
  expect(unknown.status).toBe(404);
  const asked = service.store.sent.slice(before);
  expect(asked.filter((query) => TOPS.test(query) || /COUNT/i.test(query))).toEqual([]);
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../support/service.js';

// The store path (LABEL_INDEX=off, or any request while no index is in) is admitted and bounded
// like the index path, on the embedded store too: a crowd gets 503s once the queue is full and
// 504s at SPARQL_TIMEOUT_MS (its wait included), never minutes; a query whose time ran out
// while it waited never reaches the store; /ready answers within its bound whatever waits.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';

let folder: string;
let service: RunningService;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'admission-'));
  const file = join(folder, 'many.nt');
  // enough labels that one store-path /search takes tens of milliseconds
  const lines: string[] = [];
  for (let i = 0; i < 30_000; i++)
    lines.push(
      `<http://example.org/c${i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .`,
      `<http://example.org/c${i}> <${SKOS}prefLabel> "Label ${i} of many words ${i % 97}"@en .`,
    );
  writeFileSync(file, lines.join('\n'));
  service = await startService({
    DATA_FILES: file,
    LABEL_INDEX: 'off',
    SPARQL_TIMEOUT_MS: '1500',
    SPARQL_MAX_CONCURRENCY: '2',
    SPARQL_QUEUE_LIMIT: '20',
    CACHE_MAX_ENTRIES: '0',
  });
}, 60_000);
afterAll(async () => {
  await service.close();
  rmSync(folder, { recursive: true, force: true });
});

test('a crowd on the embedded store gets 503 past the queue and 504 at the time limit, all within seconds, and /ready still answers', async () => {
  const started = Date.now();
  const crowd = Array.from({ length: 150 }, (_, i) =>
    service
      .get(`/search?q=${encodeURIComponent(`words ${i}`)}`)
      .then(({ status, headers }) => ({ status, retryAfter: headers.get('retry-after'), at: Date.now() - started })),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const readyAsked = Date.now();
  const ready = await service.get('/ready');
  const readyAfter = Date.now() - readyAsked;
  const answers = await Promise.all(crowd);
  const count = (status: number): number => answers.filter((answer) => answer.status === status).length;
  expect(count(200) + count(503) + count(504)).toBe(150);
  expect(count(503)).toBeGreaterThan(100); // 2 in flight and 20 waiting at most: the rest refused at once
  expect(answers.filter((answer) => answer.status === 503).every((answer) => answer.retryAfter !== null)).toBe(true);
  // nothing waited past the time limit and the one query running when it ran out (no minutes)
  expect(Math.max(...answers.map((answer) => answer.at))).toBeLessThan(15_000);
  expect(ready.status).toBe(200);
  expect(readyAfter).toBeLessThan(5_000); // /ready's own bound, not the queue's
  process.stderr.write(
    `admission: ${count(200)} answered, ${count(503)} refused, ${count(504)} timed out; the last in ${Math.max(...answers.map((a) => a.at))} ms; /ready in ${readyAfter} ms\n`,
  );
}, 60_000);

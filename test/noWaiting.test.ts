import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from './support/service.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 'vu', 'ze', 'bra', 'dor', 'fen', 'gil', 'hut', 'jam'];

/** A word made of three syllables, by number: 4,096 words that resemble one another. */
const word = (n: number): string => [n % 16, (n >> 4) % 16, (n >> 8) % 16].map((i) => SYLLABLES[i]).join('');

/**
 * A vocabulary of `count` concepts whose labels share words: what makes a name with a typo
 * read many similar words' postings, and a common word many labels.
 */
function vocabulary(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const iri = `<http://example.org/busy/c${i}>`;
    lines.push(`${iri} <${TYPE}> <${SKOS}Concept> .`, `${iri} <${SKOS}prefLabel> "${word(i)} ${word(i * 7 + 3)} common"@en .`);
  }
  return lines.join('\n');
}

/** A batch of 100 names, each with a typo (a letter doubled), as OpenRefine posts it. */
const misspelt = JSON.stringify(
  Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`q${i}`, { query: `${word(i * 13)}${word(i).slice(0, 2)}x ${word(i * 5)}` }])),
);

/**
 * Sends `heavy`, then /health again and again until `heavy` is answered: how many /health
 * answers came first. Work that held the thread answering HTTP would leave room for none (but
 * those sent before it started).
 */
async function healthWhile(service: RunningService, heavy: () => Promise<Response>): Promise<{ status: number; healthFirst: number }> {
  let done = false;
  const answer = heavy().then(async (response) => {
    done = true;
    await response.arrayBuffer();
    return response.status;
  });
  let healthFirst = 0;
  while (!done) {
    const health = await fetch(`${service.url}/health`);
    await health.arrayBuffer();
    if (!done && health.status === 200) healthFirst++;
  }
  return { status: await answer, healthFirst };
}

describe('no request waits for another', () => {
  let folder: string;
  let service: RunningService;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'busy-'));
    writeFileSync(join(folder, 'busy.nt'), vocabulary(30_000));
    service = await startService({ DATA_FILES: join(folder, 'busy.nt') });
  }, 60_000);
  afterAll(async () => {
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('while a batch of misspelt names is reconciled, /health is answered again and again', async () => {
    const { status, healthFirst } = await healthWhile(service, () =>
      fetch(`${service.url}/reconcile`, { method: 'POST', body: new URLSearchParams({ queries: misspelt }) }),
    );
    expect(status).toBe(200);
    expect(healthFirst).toBeGreaterThanOrEqual(5); // with INDEX_WORKERS=0 (the work on this thread): 1
  });

  test('while a data extension reads 1,000 concepts from the embedded store, /health is answered again and again', async () => {
    // on the store path: with the label index in, the concepts are read from memory, in milliseconds
    const storePath = await startService({ DATA_FILES: join(folder, 'busy.nt'), LABEL_INDEX: 'off' });
    try {
      const ids = Array.from({ length: 1000 }, (_, i) => `http://example.org/busy/c${i * 29}`);
      const extension = { ids, properties: ['prefLabel', 'altLabels', 'broader', 'notation'].map((id) => ({ id })) };
      const { status, healthFirst } = await healthWhile(storePath, () =>
        fetch(`${storePath.url}/reconcile`, { method: 'POST', body: new URLSearchParams({ extend: JSON.stringify(extension) }) }),
      );
      expect(status).toBe(200);
      expect(healthFirst).toBeGreaterThanOrEqual(5);
    } finally {
      await storePath.close();
    }
  });
});

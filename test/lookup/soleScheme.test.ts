import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { probeVocabulary, readVocabulary, vocabularyReads, type ReadProgress } from '../../src/lookup/keeping/readVocabulary.js';
import { BuildThread } from '../../src/lookup/threads/BuildThread.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import type { LabelIndexData } from '../../src/index/LabelIndexData.js';

// Where every concept is in one scheme and nothing else is in any, the label index's read
// leaves the skos:inScheme triples out (ten million of them at an authority file's size, all
// naming the same scheme) and gives every concept that scheme: the index it lays out is the
// same, array by array, as the one the full read gives, and the change probe's figures for the
// read are those the store gives. Wherever the rule does not hold, the triples are read.

const V = 'https://example.org/v/';
const PREFIXES = '@prefix skos: <http://www.w3.org/2004/02/skos/core#> . @prefix owl: <http://www.w3.org/2002/07/owl#> .';
const TYPES = ['http://www.w3.org/2004/02/skos/core#Concept'];
const queries = QueryCatalog.load('generic', QUERIES_DIR);

/** The vocabulary read into an index: with the sole-scheme query (as the service reads) or without it (every triple read). */
async function read(
  store: EmbeddedStore,
  withSoleScheme: boolean,
): Promise<{ data: LabelIndexData; progress: ReadProgress; probe: string; stored: string }> {
  const reads = vocabularyReads(queries, TYPES).map(({ soleScheme, ...read }) => (withSoleScheme ? { ...read, soleScheme } : read));
  const thread = new BuildThread({ defaultLang: 'en', entailment: false });
  const progress: ReadProgress = { triples: 0, expected: 0, counted: 0, reads: 0 };
  try {
    const probe = await readVocabulary(store, reads, thread, { timeoutMs: 60_000, parallel: 2, progress });
    const { index } = await thread.layOut();
    return { data: index.data, progress, probe, stored: await probeVocabulary(store, reads, 60_000) };
  } finally {
    thread.close();
  }
}

async function storeOf(turtle: string): Promise<EmbeddedStore> {
  const file = join(mkdtempSync(join(tmpdir(), 'sole-scheme-')), 'v.ttl');
  writeFileSync(file, `${PREFIXES}\n${turtle}`);
  return EmbeddedStore.load([file]);
}

/** Every concept of `count` in `scheme`, some of them top concepts, one deprecated, one a blank node. */
function oneScheme(count: number, extra = ''): string {
  const lines = [`<${V}scheme> a skos:ConceptScheme ; skos:prefLabel "Names"@en .`];
  for (let i = 0; i < count; i++) {
    lines.push(`<${V}c${i}> a skos:Concept ; skos:inScheme <${V}scheme> ; skos:prefLabel "Name ${i}"@en ; skos:altLabel "N. ${i}" .`);
    if (i % 5 === 0) lines.push(`<${V}c${i}> skos:topConceptOf <${V}scheme> .`);
    else lines.push(`<${V}c${i}> skos:broader <${V}c${i - (i % 5)}> .`);
  }
  lines.push(`<${V}c1> owl:deprecated true .`);
  lines.push(`[] a skos:Concept ; skos:inScheme <${V}scheme> ; skos:prefLabel "Nameless"@en .`);
  return `${lines.join('\n')}\n${extra}`;
}

describe('the skos:inScheme read', () => {
  test('is left out where every concept is in one scheme, and the index is the same as when it is read', async () => {
    const store = await storeOf(oneScheme(40));
    try {
      const known = await read(store, true);
      const full = await read(store, false);
      expect(known.progress.known).toEqual([{ read: 'skos:inScheme', triples: 41, because: expect.stringContaining(`<${V}scheme>`) }]);
      expect(full.progress.known).toBeUndefined();
      // the triples left out are not counted as expected nor as read
      expect(known.progress.expected).toBe(full.progress.expected - 41);
      expect(known.progress.triples).toBe(full.progress.triples - 41);
      expect(known.data).toEqual(full.data);
      expect(known.data.schemes).toEqual([`${V}scheme`]);
      // the change probe's figures are the store's: a refresh finds nothing changed
      expect(known.probe).toBe(known.stored);
      expect(known.probe).toBe(full.probe);
    } finally {
      await store.close();
    }
  });

  test.each([
    ['a concept is in no scheme', oneScheme(10, `<${V}alone> a skos:Concept ; skos:prefLabel "Alone"@en .`)],
    ['a resource of no concept type is in the scheme', oneScheme(10, `<${V}set> skos:inScheme <${V}scheme> ; skos:prefLabel "A set"@en .`)],
    ['a concept is in a second scheme too', oneScheme(10, `<${V}c3> skos:inScheme <${V}other> .`)],
    [
      'each concept is in one of two schemes',
      oneScheme(10).replace(`<${V}c3> a skos:Concept ; skos:inScheme <${V}scheme>`, `<${V}c3> a skos:Concept ; skos:inScheme <${V}other>`),
    ],
  ])('is read where %s', async (_case, turtle) => {
    expect(turtle).toContain(`<${V}scheme>`);
    const store = await storeOf(turtle);
    try {
      const { progress, probe, stored } = await read(store, true);
      expect(progress.known).toBeUndefined();
      expect(probe).toBe(stored);
    } finally {
      await store.close();
    }
  });

  test('is read where the scheme a concept is in is a literal', async () => {
    const lines = [];
    for (let i = 0; i < 5; i++) lines.push(`<${V}c${i}> a skos:Concept ; skos:inScheme "names" ; skos:prefLabel "Name ${i}"@en .`);
    const store = await storeOf(lines.join('\n'));
    try {
      const { progress, data } = await read(store, true);
      expect(progress.known).toBeUndefined();
      expect(data.schemes).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

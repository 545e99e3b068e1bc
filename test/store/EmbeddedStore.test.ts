import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';
import { DataFileError } from '../../src/store/loadRdfFile.js';
import { startService } from '../support/service.js';

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
const ALL = ['tiny.nt', 'tiny.rdf', 'tiny.trig', 'tiny.nq', 'tiny.nt.gz'].map((file) => FIXTURES + file);

async function labels(files: string[], extra: Record<string, string> = {}): Promise<string[]> {
  const service = await startService({ DATA_FILES: files.join(','), ...extra });
  try {
    const { body } = await service.get('/search?q=tiny&count=100');
    return body.concepts.map((concept: { prefLabel: string }) => concept.prefLabel).sort();
  } finally {
    await service.close();
  }
}

describe('the embedded store', () => {
  test('loads N-Triples, RDF/XML, TriG, N-Quads and gzipped files, and serves them together', async () => {
    expect(await labels(ALL)).toEqual(['Tiny XML', 'Tiny in graph a', 'Tiny in graph b', 'Tiny quad', 'Tiny triple']);
  });

  test('serves one named graph only when SPARQL_GRAPH names it', async () => {
    expect(await labels(ALL, { SPARQL_GRAPH: 'http://example.org/graphs/a' })).toEqual(['Tiny in graph a', 'Tiny quad']);
  });

  test('refuses a file that does not parse, naming it with the line and column', async () => {
    const error = await EmbeddedStore.load([FIXTURES + 'tiny.nt', FIXTURES + 'broken.ttl']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as Error).message).toMatch(/broken\.ttl: .*line 3/);
  });

  test('refuses a missing file and an unknown format, naming them', async () => {
    await expect(EmbeddedStore.load([FIXTURES + 'missing.ttl'])).rejects.toThrow(/missing\.ttl/);
    await expect(EmbeddedStore.load([FIXTURES + '../support/service.ts'])).rejects.toThrow(/service\.ts: unknown RDF format/);
  });
});

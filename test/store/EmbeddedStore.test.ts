import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  test('loads JSON-LD by its extension, and a file of any name in the format DATA_FORMAT gives', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'formats-'));
    try {
      const concept = (id: string, label: string): object => ({
        '@context': { skos: 'http://www.w3.org/2004/02/skos/core#' },
        '@id': `http://example.org/${id}`,
        '@type': 'skos:Concept',
        'skos:prefLabel': { '@value': label, '@language': 'en' },
      });
      writeFileSync(join(folder, 'export.jsonld'), JSON.stringify(concept('a', 'Tiny JSON-LD')));
      expect(await labels([join(folder, 'export.jsonld')])).toEqual(['Tiny JSON-LD']);
      writeFileSync(join(folder, 'export.txt'), readFileSync(FIXTURES + 'tiny.nt'));
      expect(await labels([join(folder, 'export.txt')], { DATA_FORMAT: 'ntriples' })).toEqual(['Tiny triple']);
      writeFileSync(join(folder, 'export.ttl'), JSON.stringify(concept('b', 'Tiny JSON-LD named .ttl')));
      expect(await labels([join(folder, 'export.ttl')], { DATA_FORMAT: 'jsonld' })).toEqual(['Tiny JSON-LD named .ttl']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
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

  test('loads IRIs that IRI validation refuses, and reports them in one line with the first few', async () => {
    const warnings: string[] = [];
    const store = await EmbeddedStore.load([FIXTURES + 'tiny.nt', FIXTURES + 'real-world-oddities.nt'], undefined, (message) =>
      warnings.push(message),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /real-world-oddities\.nt: 4 IRIs that RDF's grammar allows but IRI validation refuses, kept as they are: "http:\/\/dbpedia\.org\/resource\/Mus\uFFFDe", .*, \.\.\.$/,
    );
    const rows = await store.select('SELECT ?o WHERE { ?s <http://www.w3.org/2004/02/skos/core#closeMatch> ?o }');
    expect(rows.map((row) => row.o?.value)).toEqual(['http://dbpedia.org/resource/Art_mus\uFFFDum']); // written as \\uFFFD in the file
    expect(store.quads).toBeGreaterThan(150);
  });

  test('still stops at a real syntax error in such a file, with its line and column', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'oddities-'));
    try {
      const lines = readFileSync(FIXTURES + 'real-world-oddities.nt', 'utf8').split('\n');
      lines[20] = (lines[20] as string).replace(/ \.$/, ''); // a triple without its final dot, after the first refused IRI
      writeFileSync(join(folder, 'broken.nt'), lines.join('\n'));
      const error = await EmbeddedStore.load([join(folder, 'broken.nt')]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataFileError);
      expect((error as Error).message).toMatch(/broken\.nt: Parser error at line 2[12]/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('says nothing about a file that loads strictly', async () => {
    const warnings: string[] = [];
    await EmbeddedStore.load(ALL, undefined, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
  });
});

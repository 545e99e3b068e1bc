import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import oxigraph from 'oxigraph';
import { DataFileError, loadRdfFile } from '../../src/store/loadRdfFile.js';
import { startService } from '../support/service.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** A concept whose IRI holds `escape` (as N-Triples writes it), with an English prefLabel. */
const concept = (name: string, escape: string): string =>
  `<http://example.org/odd/${name}${escape}x> <${TYPE}> <${SKOS}Concept> .\n<http://example.org/odd/${name}${escape}x> <${SKOS}prefLabel> "Odd ${name}"@en .\n`;

describe('IRIs whose escapes spell what no IRI may hold', () => {
  test('a concept whose IRI holds an escaped >, space, quote or line break is refused at load; the index is built and serves the rest', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'odd-iris-'));
    const file = join(folder, 'odd.nt');
    writeFileSync(
      file,
      concept('angle', '\\u003E') +
        concept('space', '\\u0020') +
        concept('quote', '\\u0022') +
        concept('line', '\\u000A') +
        concept('fine', ''),
    );
    const service = await startService({ DATA_FILES: file });
    try {
      const ready = await service.get('/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.degraded).toBeUndefined();
      expect(ready.body.labelIndex.concepts).toBe(1);
      expect(ready.body.labelIndex.unreadLines).toBeUndefined(); // refused at load: nothing odd reaches the index's read
      const { body } = await service.get('/search?q=odd');
      expect(body.concepts.map((c: { uri: string }) => c.uri)).toEqual(['http://example.org/odd/finex']);
    } finally {
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('cannot forge a triple: an IRI whose escapes spell "> <rdf:type> <skos:Concept> ." and a line break is refused and named with its line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'forged-iris-'));
    const file = join(folder, 'forged.ttl');
    const spell = (text: string): string =>
      text.replace(/[<> "\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    const forged = spell(
      `> <${TYPE}> <${SKOS}Concept> .\n<http://example.org/forged> <${SKOS}prefLabel> "real forged"@en .\n<http://example.org/y`,
    );
    writeFileSync(
      file,
      `@prefix skos: <${SKOS}> .\n` +
        `<http://example.org/real> a skos:Concept ; skos:prefLabel "real thing"@en .\n` +
        `<http://example.org/x${forged}> skos:related <http://example.org/real> .\n`,
    );
    const store = new oxigraph.Store();
    const warnings: string[] = [];
    await loadRdfFile(store, file, (line) => warnings.push(line));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^.*forged\.ttl: 1 IRI holding, once unescaped, what no IRI may hold .* refused, with every triple that names it: "http:\/\/example\.org\/x> .*\(line 3\)$/,
      ),
    ]);
    expect(store.size).toBe(2); // the real concept's two triples, nothing of the forged IRI's
    const service = await startService({ DATA_FILES: file });
    try {
      const { body } = await service.get('/search?q=real');
      expect(body.concepts.map((c: { uri: string }) => c.uri)).toEqual(['http://example.org/real']);
      expect((await service.get(`/get?uri=${encodeURIComponent('http://example.org/forged')}`)).body._embedded.concepts).toEqual([]);
    } finally {
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('RDF/XML entities', () => {
  const doctype = (entities: string): string =>
    `<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n${entities}\n]>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:skos="&skos;">\n` +
    `<skos:Concept rdf:about="http://example.org/c"><skos:prefLabel xml:lang="en">&lol9;</skos:prefLabel></skos:Concept>\n</rdf:RDF>\n`;

  test('entities nested in entities ("billion laughs") are refused before the parser expands them, the file and the entity named', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'entities-'));
    const file = join(folder, 'bomb.rdf');
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    writeFileSync(file, doctype(`<!ENTITY skos "http://www.w3.org/2004/02/skos/core#">\n<!ENTITY lol0 "lol">\n${levels}`));
    try {
      const started = Date.now();
      await expect(loadRdfFile(new oxigraph.Store(), file)).rejects.toThrow(
        new DataFileError(
          `${file}: the entity "lol9" of its DOCTYPE expands to 2861 MB, more than the 1 MB an entity may: refused (entities nested in entities multiply)`,
        ),
      );
      expect(Date.now() - started).toBeLessThan(10_000); // refused, not expanded
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('an entity that refers to itself is refused; namespace abbreviations load as they always did', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'entities-'));
    const looping = join(folder, 'loop.rdf');
    writeFileSync(
      looping,
      doctype(`<!ENTITY skos "http://www.w3.org/2004/02/skos/core#">\n<!ENTITY lol9 "a&lol8;">\n<!ENTITY lol8 "b&lol9;">`),
    );
    const fine = join(folder, 'fine.rdf');
    writeFileSync(fine, doctype(`<!ENTITY skos "http://www.w3.org/2004/02/skos/core#">\n<!ENTITY lol9 "Laughs">`));
    try {
      await expect(loadRdfFile(new oxigraph.Store(), looping)).rejects.toThrow(
        /the entity "lol[89]" of its DOCTYPE expands to no end \(it refers to itself\)/,
      );
      const store = new oxigraph.Store();
      await loadRdfFile(store, fine);
      expect(store.match(null, oxigraph.namedNode(`${SKOS}prefLabel`), null, null).map((quad) => quad.object.value)).toEqual(['Laughs']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

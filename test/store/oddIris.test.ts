import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../support/service.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** A concept whose IRI holds `escape` (as N-Triples writes it), with an English prefLabel. */
const concept = (name: string, escape: string): string =>
  `<http://example.org/odd/${name}${escape}x> <${TYPE}> <${SKOS}Concept> .\n<http://example.org/odd/${name}${escape}x> <${SKOS}prefLabel> "Odd ${name}"@en .\n`;

describe('IRIs that a lenient load keeps and Oxigraph writes as they are', () => {
  test('a concept whose IRI holds an escaped >, space, quote or line break is left out and counted; the index is built and serves the rest', async () => {
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
      expect(ready.body.labelIndex.unreadLines.count).toBeGreaterThanOrEqual(4); // at least one line of each
      const { body } = await service.get('/search?q=odd');
      expect(body.concepts.map((c: { uri: string }) => c.uri)).toEqual(['http://example.org/odd/finex']);
    } finally {
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

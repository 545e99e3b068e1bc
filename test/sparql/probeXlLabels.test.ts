import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sparqljs, { type SelectQuery } from 'sparqljs';
import { createLogger } from '../../src/log.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { withoutBranches } from '../../src/sparql/withoutBranches.js';
import { VocabularyKeeper } from '../../src/lookup/keeping/VocabularyKeeper.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import { freePort } from '../support/freePort.js';
import { startService } from '../support/service.js';

const generator = new sparqljs.Generator();
const parse = (text: string): SelectQuery => new sparqljs.Parser().parse(text) as SelectQuery;
const sentWithXl = (sent: string[]): number => sent.filter((query) => query.includes('literalForm')).length;

function vocabularyWithoutXl(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'no-xl-')), 'vocabulary.ttl');
  writeFileSync(
    file,
    `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
     @prefix ex: <http://example.org/> .
     ex:apple a skos:Concept ; skos:inScheme ex:s ; skos:prefLabel "Apple"@en, "Pomme"@fr ; skos:altLabel "Malus"@en .
     ex:pie a skos:Concept ; skos:inScheme ex:s ; skos:prefLabel "Apple pie"@en ; skos:hiddenLabel "aple pie" .
     ex:pear a skos:Concept ; skos:inScheme ex:s ; skos:prefLabel "Pear"@en ; skos:notation "P-1" .`,
  );
  return file;
}

describe('the SKOS-XL branches of the queries', () => {
  test('are left out for a store without SKOS-XL labels, which still gets every answer', async () => {
    const service = await startService({ DATA_FILES: vocabularyWithoutXl(), LABEL_INDEX: 'off' });
    try {
      const uris = async (path: string): Promise<string[]> => {
        const { body } = await service.get(path);
        return (body.concepts ?? [body]).map((c: { uri: string }) => c.uri?.replace('http://example.org/', '') ?? JSON.stringify(c));
      };
      expect(await uris('/search?q=apple')).toEqual(['apple', 'pie']);
      expect(await uris('/search?q=malus')).toEqual(['apple']);
      expect(await uris('/search?q=aple')).toEqual(['pie']);
      expect(await uris('/search?q=P-1')).toEqual(['pear']);
      expect(await uris('/suggest?q=p')).toEqual(['pear', 'apple', 'pie']);
      expect(service.store.sent.length).toBeGreaterThan(0);
      expect(sentWithXl(service.store.sent)).toBe(0);
    } finally {
      await service.close();
    }
  });

  test('stay in for a store with SKOS-XL labels, whose literal forms are matched', async () => {
    const service = await startService({ LABEL_INDEX: 'off' });
    try {
      const { body } = await service.get('/search?q=levain');
      expect(body.concepts.map((c: { uri: string }) => c.uri)).toEqual(['https://example.org/food/sourdough']);
      expect(sentWithXl(service.store.sent)).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  test('stay in when the store cannot be asked', async () => {
    const queries = QueryCatalog.load('generic', QUERIES_DIR);
    const store = new HttpStore({ endpoint: `http://127.0.0.1:${await freePort()}/sparql`, timeoutMs: 1000 });
    const keeper = new VocabularyKeeper({
      store,
      queries,
      log: createLogger('silent'),
      spellings: false,
      refreshSeconds: 3600,
      indexRefreshSeconds: 3600,
    });
    await keeper.start();
    keeper.stop();
    expect(generator.stringify(keeper.current.queries.template('search'))).toContain('literalForm');
    // the positive control: a catalogue without them
    expect(generator.stringify(queries.withXlBranches(false).template('search'))).not.toContain('literalForm');
  });
});

describe('withoutBranches', () => {
  test('drops the alternatives that mention the variable, and leaves the template as it was', () => {
    const template = parse('SELECT * WHERE { { ?s ?p ?o } UNION { ?s ?q ?x . ?x ?r ?o } UNION { ?o ?p ?s } FILTER(?o != 1) }');
    const before = generator.stringify(template);
    expect(generator.stringify(withoutBranches(template, 'x'))).toBe(
      generator.stringify(parse('SELECT * WHERE { { ?s ?p ?o } UNION { ?o ?p ?s } FILTER(?o != 1) }')),
    );
    expect(generator.stringify(template)).toBe(before);
  });

  test('prunes inner UNIONs before it judges the alternative that holds them', () => {
    const nested = parse('SELECT * WHERE { { { ?s ?p ?o } UNION { ?s ?q ?x } FILTER(?o != 1) } UNION { ?s ?r ?o } }');
    expect(generator.stringify(withoutBranches(nested, 'x'))).toBe(
      generator.stringify(parse('SELECT * WHERE { { { ?s ?p ?o } FILTER(?o != 1) } UNION { ?s ?r ?o } }')),
    );
  });

  test('turns a UNION left with one alternative into its group, and keeps a UNION whose every alternative mentions the variable', () => {
    const one = parse('SELECT * WHERE { { ?s ?p ?o } UNION { ?s ?q ?x } }');
    expect(generator.stringify(withoutBranches(one, 'x'))).toBe(generator.stringify(parse('SELECT * WHERE { { ?s ?p ?o } }')));
    const all = parse('SELECT * WHERE { { ?s ?p ?x } UNION { ?x ?q ?o } }');
    expect(generator.stringify(withoutBranches(all, 'x'))).toBe(generator.stringify(all));
  });
});

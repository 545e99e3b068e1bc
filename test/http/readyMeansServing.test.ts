import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import oxigraph from 'oxigraph';
import { oxigraphEndpoint } from '../support/oxigraphEndpoint.js';
import type { MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { startService } from '../support/service.js';

// Ready means serving: a vocabulary with no concept (an empty file, a store loaded into a
// named graph and asked without SPARQL_GRAPH, a graph name misspelt) is not ready, `check`
// exits 1 saying what was found and which graphs hold concepts; a vocabulary whose concepts
// have only altLabels is served (found by them, their prefLabel "" as the contract says), and
// `check` says that no prefLabel was found. The service's own
// process, on the embedded store and on a real Oxigraph store over HTTP; with the label index
// and without it (npm test runs this folder both ways).

const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const indexOn = process.env.LABEL_INDEX !== 'off';
const folder = mkdtempSync(join(tmpdir(), 'ready-'));
const file = (name: string, text: string): string => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const G1 = 'http://example.org/graphs/thesaurus';
const IN_A_GRAPH = [
  `<http://example.org/a> <${TYPE}> <${SKOS}Concept> <${G1}> .`,
  `<http://example.org/a> <${SKOS}prefLabel> "Alpha"@en <${G1}> .`,
  `<http://example.org/b> <${TYPE}> <${SKOS}Concept> <${G1}> .`,
  `<http://example.org/b> <${SKOS}prefLabel> "Beta"@en <${G1}> .`,
].join('\n');

/**
 * `check` as the README runs it, in the project folder, with `env` alone (and LABEL_INDEX as
 * the suite runs); spawned, not run synchronously: the store over HTTP answers from this process.
 */
async function check(
  env: Record<string, string>,
): Promise<{ status: number | null; answer: { status: string; message?: string; warnings?: string[] } }> {
  const child = spawn(process.execPath, [SERVER, 'check'], {
    cwd: PROJECT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', LABEL_INDEX: indexOn ? 'on' : 'off', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const [status] = (await once(child, 'exit')) as [number | null];
  return { status, answer: JSON.parse(stdout) };
}

// its stores are its own: a suite on another store (test:virtuoso, test:fuseki) skips it
(process.env.SPARQL_ENDPOINT === undefined ? describe : describe.skip)('ready means serving', () => {
  test('an empty file is not ready: check exits 1 saying the data holds no concept', async () => {
    const { status, answer } = await check({ DATA_FILES: file('empty.ttl', '') });
    expect(status).toBe(1);
    expect(answer.status).toBe('not ready');
    expect(answer.message).toMatch(/holds no concept/);
  });

  test('a file whose concepts have altLabels only is served, found by them with the prefLabel "" the contract gives, and check says there is no prefLabel', async () => {
    const { status, answer } = await check({
      DATA_FILES: file(
        'alt.ttl',
        `<http://example.org/a> <${TYPE}> <${SKOS}Concept> ; <${SKOS}altLabel> "Alpha"@en .\n`.replace(';', `.\n<http://example.org/a>`),
      ),
    });
    expect(status).toBe(0);
    expect(answer.status).toBe('ready');
    if (indexOn)
      expect(answer.warnings).toEqual([
        expect.stringMatching(
          /^none of the 1 concepts has a skos:prefLabel or an rdfs:label: they are found by their other labels, but every answer shows their prefLabel as ""/,
        ),
      ]);
    // served: found by its altLabel, shown as the contract says (no skos:prefLabel, no rdfs:label: "")
    const service = await startService({ DATA_FILES: join(folder, 'alt.ttl') });
    try {
      for (const path of ['/search?q=alpha', '/suggest?q=alp', `/get?uri=${encodeURIComponent('http://example.org/a')}`]) {
        const { body } = await service.get(path);
        const concepts = body.concepts ?? body._embedded.concepts;
        expect([path, concepts.map((concept: { uri: string; prefLabel: string }) => [concept.uri, concept.prefLabel])]).toEqual([
          path,
          [['http://example.org/a', '']],
        ]);
      }
    } finally {
      await service.close();
    }
  });

  (indexOn ? test : test.skip)(
    'a graph name that holds nothing is not ready, and check names the graph that holds the concepts (embedded store)',
    async () => {
      const { status, answer } = await check({
        DATA_FILES: file('graph.nq', `${IN_A_GRAPH}\n`),
        SPARQL_GRAPH: 'http://example.org/graphs/thesaurs',
      });
      expect(status).toBe(1);
      expect(answer.message).toContain('the graph <http://example.org/graphs/thesaurs> (SPARQL_GRAPH) holds no concept');
      expect(answer.message).toContain(`concepts are in the named graph <${G1}> (2): set SPARQL_GRAPH=${G1}`);
    },
  );

  describe('a store over HTTP whose default graph is its own', () => {
    let endpoint: MisbehavingEndpoint;
    beforeAll(async () => {
      const store = new oxigraph.Store();
      store.load(`${IN_A_GRAPH}\n`, { format: 'application/n-quads' });
      endpoint = await oxigraphEndpoint(store, { separateGraphs: true });
    });
    afterAll(() => endpoint.close());

    test('asked without SPARQL_GRAPH, where the vocabulary is in a named graph: not ready, and the graph to set is named', async () => {
      const { status, answer } = await check({ SPARQL_ENDPOINT: endpoint.url });
      expect(status).toBe(1);
      expect(answer.status).toBe('not ready');
      if (indexOn)
        (expect(answer.message).toContain(`the store's default graph holds no concept`),
          expect(answer.message).toContain(`set SPARQL_GRAPH=${G1}`));
      else expect(answer.message).toContain('the store holds no concept');
    });

    test('asked with a misspelt SPARQL_GRAPH: not ready; with the right one: ready', async () => {
      expect((await check({ SPARQL_ENDPOINT: endpoint.url, SPARQL_GRAPH: `${G1}x` })).status).toBe(1);
      const right = await check({ SPARQL_ENDPOINT: endpoint.url, SPARQL_GRAPH: G1 });
      expect([right.status, right.answer.status]).toEqual([0, 'ready']);
    });
  });
});

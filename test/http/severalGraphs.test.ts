import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import oxigraph from 'oxigraph';
import { FOOD, HIERARCHY, ODDITIES, startService, type RunningService } from '../support/service.js';

// A store that keeps each vocabulary in a named graph of its own, served from two of its
// three graphs (SPARQL_GRAPH names both; each goes to the store as a default-graph-uri). On
// another store (SPARQL_ENDPOINT) the suite's script has loaded the sample vocabulary, the
// oddities and the browsing fixture into three graphs; on the embedded store this test writes
// the same three graphs into one N-Quads file.

const H = 'https://example.org/hierarchy/';
const HERITAGE = 'http://vocab.example.org/heritage/';
const GRAPHS = {
  data: process.env.VIRTUOSO_GRAPH ?? process.env.FUSEKI_GRAPH ?? 'urn:x-skos-lookup:data',
  oddities: process.env.ODDITIES_GRAPH ?? 'urn:x-skos-lookup:oddities',
  hierarchy: process.env.HIERARCHY_GRAPH ?? 'urn:x-skos-lookup:hierarchy',
};

let service: RunningService;
let folder: string | undefined;
beforeAll(async () => {
  const graphs = { SPARQL_GRAPH: `${GRAPHS.oddities}, ${GRAPHS.hierarchy}` };
  if (process.env.SPARQL_ENDPOINT !== undefined) {
    service = await startService(graphs);
    return;
  }
  folder = mkdtempSync(join(tmpdir(), 'several-graphs-'));
  const file = join(folder, 'three-graphs.nq');
  writeFileSync(
    file,
    [
      inGraph('data/sample-vocabulary.ttl', 'text/turtle', GRAPHS.data),
      // N-Triples that a strict parser refuses in places (the oddities): a graph added to each line
      readFileSync(ODDITIES, 'utf8').replace(/ \.\s*$/gm, ` <${GRAPHS.oddities}> .`),
      inGraph(HIERARCHY, 'text/turtle', GRAPHS.hierarchy),
    ].join('\n'),
  );
  service = await startService({ DATA_FILES: file, ...graphs });
});
afterAll(async () => {
  await service?.close();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

function inGraph(path: string, format: string, graph: string): string {
  const store = new oxigraph.Store();
  store.load(readFileSync(path, 'utf8'), { format, to_graph_name: oxigraph.namedNode(graph) });
  return store.dump({ format: 'application/n-quads' });
}

/** The concepts' IRIs, whichever envelope the service answers in (API_COMPAT). */
const uris = (body: any): string[] => (body._embedded?.concepts ?? body.concepts).map((concept: { uri: string }) => concept.uri);

describe('a service on several named graphs of one store (SPARQL_GRAPH names two)', () => {
  test('finds the concepts of both graphs, by URI and by label', async () => {
    const { body } = await service.get(`/get?uri=${encodeURIComponent(`${H}physics`)}&uri=${encodeURIComponent(`${HERITAGE}museums`)}`);
    expect(uris(body)).toEqual([`${H}physics`, `${HERITAGE}museums`]);
    expect(uris((await service.get('/search?q=physics')).body)).toContain(`${H}physics`);
    expect(uris((await service.get('/search?q=museums')).body)).toContain(`${HERITAGE}museums`);
  });

  test('sees nothing of the graph it was not given', async () => {
    const { body } = await service.get(`/get?uri=${encodeURIComponent(`${FOOD}ingredient-groups`)}`);
    expect(uris(body)).toEqual([]);
    expect(uris((await service.get('/search?q=ingredients')).body)).toEqual([]);
    const listed = (await service.get('/schemes')).body;
    const schemes = (listed._embedded?.schemes ?? listed.schemes).map((scheme: { uri: string }) => scheme.uri);
    expect(schemes).toContain(`${H}classes`);
    expect(schemes).not.toContain(`${FOOD}ingredients`);
  });

  test("follows the hierarchy within one graph, and answers the Skosmos API's vocabularies from both", async () => {
    const { body } = await service.get(`/narrower?uri=${encodeURIComponent(`${H}science`)}`);
    expect(uris(body)).toContain(`${H}physics`);
    const vocabularies = (await service.get('/rest/v1/vocabularies?lang=en')).body.vocabularies.map(
      (vocabulary: { id: string }) => vocabulary.id,
    );
    expect(vocabularies).toContain('classes');
    expect(vocabularies).not.toContain('ingredients');
  });
});

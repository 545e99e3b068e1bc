import { freePort } from '../support/freePort.js';
import { HttpStore } from '../../src/store/HttpStore.js';
import { getPath, startService } from '../support/service.js';
import { EMPTY_RESULTS, misbehavingEndpoint, type MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';

let endpoint: MisbehavingEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** Runs a /get (which always reads the store) through the whole service against `store`, as a client sees it. */
async function getThrough(store: HttpStore): Promise<{ status: number; headers: Headers; body: any }> {
  // on the store path: with the label index in, /get reads the concepts it holds from memory
  const service = await startService({ LABEL_INDEX: 'off' }, store);
  try {
    return await service.get(getPath(['tea']));
  } finally {
    await service.close();
  }
}

function expectNoLeak(body: unknown, url: string): void {
  const text = JSON.stringify(body);
  expect(text).not.toContain(url);
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toMatch(/SELECT|PREFIX|skos:|at .*\.(js|ts)/);
}

describe('HttpStore', () => {
  test('sends the query form-encoded with basic auth and reads SPARQL JSON results', async () => {
    endpoint = await misbehavingEndpoint((res) => {
      res.setHeader('Content-Type', 'application/sparql-results+json');
      res.end(
        JSON.stringify({
          head: { vars: ['x', 'l'] },
          results: { bindings: [{ x: { type: 'uri', value: 'http://x/1' }, l: { type: 'literal', value: 'Tee', 'xml:lang': 'de' } }] },
        }),
      );
    });
    const store = new HttpStore({ endpoint: endpoint.url, user: 'cataloguer', password: 's3cret:with colon', timeoutMs: 2000 });
    const rows = await store.select('SELECT * WHERE { ?x ?p ?l }');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.x?.termType).toBe('NamedNode');
    expect(rows[0]?.l).toMatchObject({ termType: 'Literal', value: 'Tee', language: 'de' });
    const [request] = endpoint.requests;
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('cataloguer:s3cret:with colon').toString('base64')}`);
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request?.headers.accept).toContain('application/sparql-results+json');
    expect(new URLSearchParams(request?.body).get('query')).toBe('SELECT * WHERE { ?x ?p ?l }');
  });

  test('asks a store that says it is Virtuoso for XML results from then on, and reads them', async () => {
    endpoint = await misbehavingEndpoint((res) => {
      res.setHeader('Server', 'Virtuoso/07.20.3229 (Linux) x86_64-pc-linux-gnu');
      const accept = endpoint?.requests.at(-1)?.headers.accept ?? '';
      if (!accept.startsWith('application/sparql-results+xml'))
        return res.setHeader('Content-Type', 'application/sparql-results+json').end(EMPTY_RESULTS);
      res.setHeader('Content-Type', 'application/sparql-results+xml; charset=UTF-8');
      res.end(
        '<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="x"/><variable name="l"/></head><results distinct="false" ordered="true">' +
          '<result><binding name="x"><uri>http://x/1</uri></binding><binding name="l"><literal xml:lang="de">Tee &amp; Kaffee</literal></binding></result></results></sparql>',
      );
    });
    const store = new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 });
    expect(await store.select('SELECT * WHERE { ?x ?p ?l }')).toEqual([]);
    const rows = await store.select('SELECT * WHERE { ?x ?p ?l }');
    expect(rows[0]?.x).toMatchObject({ termType: 'NamedNode', value: 'http://x/1' });
    expect(rows[0]?.l).toMatchObject({ termType: 'Literal', value: 'Tee & Kaffee', language: 'de' });
    expect(endpoint.requests.map((request) => request.headers.accept?.split(',')[0])).toEqual([
      'application/sparql-results+json',
      'application/sparql-results+xml',
    ]);
    // and a new connection for each query: Virtuoso's answers wait for delayed ACKs on a kept-alive one
    expect(endpoint.requests.map((request) => request.headers.connection)).toEqual(['keep-alive', 'close']);
  });

  test('follows a store that moved (301, 308), POSTing the query again to where it went', async () => {
    endpoint = await misbehavingEndpoint((res) => {
      if (endpoint?.requests.length === 1) return res.writeHead(301, { Location: '/old/sparql' }).end();
      if (endpoint?.requests.length === 2) return res.writeHead(308, { Location: '/moved/sparql' }).end();
      res.setHeader('Content-Type', 'application/sparql-results+json').end(EMPTY_RESULTS);
    });
    expect(await new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }).select('SELECT * WHERE { ?concept ?p ?o }')).toEqual([]);
    expect(endpoint.requests.map(({ url, body }) => [url, new URLSearchParams(body).get('query')])).toEqual([
      ['/sparql', 'SELECT * WHERE { ?concept ?p ?o }'],
      ['/old/sparql', 'SELECT * WHERE { ?concept ?p ?o }'],
      ['/moved/sparql', 'SELECT * WHERE { ?concept ?p ?o }'],
    ]);
  });

  test('sends no Authorization header without credentials, and each graph as a default-graph-uri of its own', async () => {
    endpoint = await misbehavingEndpoint((res) => res.setHeader('Content-Type', 'application/sparql-results+json').end(EMPTY_RESULTS));
    const graphs = ['http://example.org/graph', 'http://example.org/other'];
    await new HttpStore({ endpoint: endpoint.url, graphs, timeoutMs: 2000 }).select('SELECT * WHERE { ?s ?p ?o }');
    expect(endpoint.requests[0]?.headers.authorization).toBeUndefined();
    expect(new URLSearchParams(endpoint.requests[0]?.body).getAll('default-graph-uri')).toEqual(graphs);
  });

  test('a store that does not answer in time gives 504, and the request to it is aborted', async () => {
    endpoint = await misbehavingEndpoint(() => {
      /* never answers */
    });
    const started = Date.now();
    const { status, headers, body } = await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 300 }));
    expect(status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ status: 504, error: 'Gateway Timeout', message: 'the SPARQL store did not answer within 300 ms' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(endpoint.requests[0]?.aborted).toBe(true);
  });

  test('a store that stalls in the middle of its answer gives 504 too', async () => {
    endpoint = await misbehavingEndpoint((res) => {
      res.setHeader('Content-Type', 'application/sparql-results+json');
      res.write('{"head": {"vars": []}, "results": {"bindings": [');
    });
    expect((await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 300 }))).status).toBe(504);
  });

  test('a store answering 500 gives 502, without its message, the query or its address', async () => {
    endpoint = await misbehavingEndpoint((res) =>
      res
        .writeHead(500, { 'Content-Type': 'text/plain' })
        .end('Virtuoso 37000 Error SP030: SPARQL compiler, line 3: syntax error at SELECT'),
    );
    const { status, body } = await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }));
    expect(status).toBe(502);
    expect(body).toEqual({ status: 502, error: 'Bad Gateway', message: 'the SPARQL store answered with HTTP status 500' });
    expectNoLeak(body, endpoint.url);
  });

  test.each([
    // Fuseki's --timeout, as Fuseki 5.6 answers it (test:fuseki shows it on the real one)
    [503, 'Query timed out', 504, 'the SPARQL store stopped the query at its own time limit'],
    [503, 'Service Unavailable', 503, 'the SPARQL store is busy (HTTP 503)'],
    [429, 'Too Many Requests', 503, 'the SPARQL store is busy (HTTP 429)'],
  ])('a store answering %i "%s" gives %i: %s', async (storeStatus, text, status, message) => {
    endpoint = await misbehavingEndpoint((res) => res.writeHead(storeStatus, { 'Content-Type': 'text/plain;charset=utf-8' }).end(text));
    const answer = await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }));
    expect([answer.status, answer.body.message]).toEqual([status, message]);
    expectNoLeak(answer.body, endpoint.url);
  });

  test.each([
    ['an HTML page', 'text/html', '<html><body>Maintenance</body></html>'],
    ['JSON that is not SPARQL results', 'application/json', '{"error": "no"}'],
    [
      'a truncated body',
      'application/sparql-results+json',
      '{"head": {"vars": ["concept"]}, "results": {"bindings": [{"concept": {"type": "ur',
    ],
    ['garbage bytes', 'application/sparql-results+json', '\u0000\u00ff\u0001garbage'],
    [
      'truncated XML results',
      'application/sparql-results+xml',
      '<sparql><head/><results><result><binding name="concept"><uri>http://x/1</uri>',
    ],
    [
      'a malformed term',
      'application/sparql-results+json',
      '{"head": {"vars": ["concept"]}, "results": {"bindings": [{"concept": {"type": "nonsense", "value": "x"}}]}}',
    ],
  ])('a store answering %s gives 502', async (_case, contentType, text) => {
    endpoint = await misbehavingEndpoint((res) => res.writeHead(200, { 'Content-Type': contentType }).end(text));
    const { status, body } = await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }));
    expect(status).toBe(502);
    expect(body.status).toBe(502);
    expectNoLeak(body, endpoint.url);
  });

  test('a store that cuts the connection mid-answer gives 502', async () => {
    endpoint = await misbehavingEndpoint((res) => {
      res.writeHead(200, { 'Content-Type': 'application/sparql-results+json', 'Content-Length': '1000' });
      res.write('{"head": {');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect((await getThrough(new HttpStore({ endpoint: endpoint.url, timeoutMs: 2000 }))).status).toBe(502);
  });

  test('a store that cannot be reached gives 503 with Retry-After', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/sparql`;
    const { status, headers, body } = await getThrough(new HttpStore({ endpoint: url, timeoutMs: 2000 }));
    expect(status).toBe(503);
    expect(headers.get('retry-after')).toMatch(/^\d+$/);
    expect(body).toEqual({
      status: 503,
      error: 'Service Unavailable',
      message: expect.stringContaining('cannot be reached (ECONNREFUSED)'),
    });
    expectNoLeak(body, url);
  });
});

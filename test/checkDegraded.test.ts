import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import oxigraph from 'oxigraph';
import { oxigraphEndpoint } from './support/oxigraphEndpoint.js';

// `check` exits 1 when the label index cannot be built, although the service would answer
// (degraded, from the store's queries): an operator's check before a deployment must not
// pass a service that will not do what it was set up to do.

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));

test('check: a store whose answers the label index cannot be built from exits 1, saying why', async () => {
  const vocabulary = new oxigraph.Store();
  const SKOS = 'http://www.w3.org/2004/02/skos/core#';
  vocabulary.load(
    Array.from({ length: 3100 }, (_, i) => `<http://x/c${i}> a <${SKOS}Concept> ; <${SKOS}prefLabel> "Label ${i}"@en .`).join('\n'),
    { format: 'text/turtle' },
  );
  // cuts every answer to 3 rows, as a store's ResultSetMaxRows does: the index cannot be read whole
  const endpoint = await oxigraphEndpoint(vocabulary, { cap: 3 });
  try {
    const child = spawn(process.execPath, [SERVER, 'check'], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', SPARQL_ENDPOINT: endpoint.url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'ready', degraded: expect.stringMatching(/^the label index could not be built/) });
    expect(stderr).toMatch(/check: ready, but degraded: the label index could not be built/);
  } finally {
    await endpoint.close();
  }
}, 60_000);

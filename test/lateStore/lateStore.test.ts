import { readFileSync } from 'node:fs';
import oxigraph from 'oxigraph';
import { freePort } from '../support/freePort.js';
import type { MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { oxigraphEndpoint } from '../support/oxigraphEndpoint.js';
import { runBeforeStore } from '../support/lateStore.js';
import { expectWaitedForTheStore } from './expectWaitedForTheStore.js';

// A store that comes up after the service (a container started beside it, a store restarted
// with a large dataset): the service waits for it, says so, and is in use within seconds of
// its arrival. Here the store is a real Oxigraph store over HTTP that starts listening 3 s
// after the service; test:fuseki does the same with Fuseki itself, 10 s late.

const SAMPLE = readFileSync(new URL('../../data/sample-vocabulary.ttl', import.meta.url), 'utf8');

test('a store that starts after the service is waited for: /ready 503 saying so, keystrokes a 503 with Retry-After, then the index is in', async () => {
  const port = await freePort();
  const vocabulary = new oxigraph.Store();
  vocabulary.load(SAMPLE, { format: 'text/turtle' });
  let endpoint: MisbehavingEndpoint | undefined;
  try {
    const run = await runBeforeStore({ SPARQL_ENDPOINT: `http://127.0.0.1:${port}/sparql` }, '/suggest?q=te', 3000, async () => {
      endpoint = await oxigraphEndpoint(vocabulary, {}, port);
    });
    expectWaitedForTheStore(run);
    // the index is the one in use: a misspelling only the label index forgives is found
    expect(run.log).toMatch(/the store answers: label index built after \d+ tries/);
  } finally {
    await endpoint?.close();
  }
}, 90_000);

import { execFileSync } from 'node:child_process';
import oxigraph from 'oxigraph';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MisbehavingEndpoint } from '../support/misbehavingEndpoint.js';
import { oxigraphEndpoint } from '../support/oxigraphEndpoint.js';
import { startService, type RunningService } from '../support/service.js';

// A vocabulary edited in the store reaches every answer that was asked before the edit: the
// cached ones, the ETags, every endpoint. The change is seen on SIGHUP (Lookup.refresh) and on
// the periodic check, with the label index and without it. The store: a real Oxigraph store
// over HTTP that the test edits with SPARQL UPDATE (the embedded store's files do not change
// while it runs); or, with CHANGE_STORE=virtuoso (test:virtuoso), the private Virtuoso at
// SPARQL_ENDPOINT, a graph of its own for each test, edited through isql.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const X = 'http://example.org/change/';
const CONCEPT = `<${SKOS}Concept>`;
const A = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';
const VOCABULARY = `
<${X}scheme> ${A} <${SKOS}ConceptScheme> ; <${SKOS}prefLabel> "Changes"@en ; <${SKOS}hasTopConcept> <${X}top> .
<${X}top> ${A} ${CONCEPT} ; <${SKOS}inScheme> <${X}scheme> ; <${SKOS}topConceptOf> <${X}scheme> ; <${SKOS}prefLabel> "Marsupials"@en .
<${X}koala> ${A} ${CONCEPT} ; <${SKOS}inScheme> <${X}scheme> ; <${SKOS}broader> <${X}top> ; <${SKOS}prefLabel> "Koalas"@en .
<${X}wombat> ${A} ${CONCEPT} ; <${SKOS}inScheme> <${X}scheme> ; <${SKOS}broader> <${X}top> ; <${SKOS}prefLabel> "Wombats"@en .
`;
// a new concept under the top one, and the top one renamed: one operation each
const EDIT = [
  [
    'INSERT',
    `<${X}quokka> ${A} ${CONCEPT} ; <${SKOS}inScheme> <${X}scheme> ; <${SKOS}broader> <${X}top> ; <${SKOS}prefLabel> "Zyxwvut quokkas"@en .`,
  ],
  ['DELETE', `<${X}top> <${SKOS}prefLabel> "Marsupials"@en .`],
  ['INSERT', `<${X}top> <${SKOS}prefLabel> "Marsupial mammals"@en .`],
] as const;

/** A store the test can fill and edit, and the settings that point the service at it. */
interface EditableStore {
  settings: Record<string, string>;
  /** Runs `INSERT DATA` or `DELETE DATA` of `triples` (Turtle's triple syntax, full IRIs). */
  edit(operation: 'INSERT' | 'DELETE', triples: string): void;
  close(): Promise<void>;
}

async function editableStore(): Promise<EditableStore> {
  if (process.env.CHANGE_STORE === 'virtuoso') {
    const endpoint = process.env.SPARQL_ENDPOINT;
    if (endpoint === undefined) throw new Error('CHANGE_STORE=virtuoso needs SPARQL_ENDPOINT');
    const graph = `urn:x-skos-lookup:change-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const isql = (sparql: string): void =>
      void execFileSync('isql-vt', [`127.0.0.1:${process.env.VIRTUOSO_ISQL_PORT ?? 11111}`, 'dba', 'dba', `exec=SPARQL ${sparql}`], {
        stdio: 'ignore',
      });
    const edit = (operation: 'INSERT' | 'DELETE', triples: string): void => isql(`${operation} DATA { GRAPH <${graph}> { ${triples} } }`);
    edit('INSERT', VOCABULARY);
    return { settings: { SPARQL_ENDPOINT: endpoint, SPARQL_GRAPH: graph }, edit, close: async () => isql(`CLEAR GRAPH <${graph}>`) };
  }
  const store = new oxigraph.Store();
  store.load(VOCABULARY, { format: 'text/turtle' });
  const endpoint: MisbehavingEndpoint = await oxigraphEndpoint(store);
  return {
    settings: { SPARQL_ENDPOINT: endpoint.url },
    edit: (operation, triples) => store.update(`${operation} DATA { ${triples} }`),
    close: () => endpoint.close(),
  };
}

const editAll = (store: EditableStore): void => {
  for (const [operation, triples] of EDIT) store.edit(operation, triples);
};

const ASKED = {
  search: '/search?q=Zyxwvut%20quokkas&lang=en',
  suggest: '/suggest?q=zyxw&lang=en',
  get: `/get?uri=${encodeURIComponent(`${X}quokka`)}`,
  top: `/top?scheme=${encodeURIComponent(`${X}scheme`)}`,
  narrower: `/narrower?uri=${encodeURIComponent(`${X}top`)}`,
  reconcile: `/reconcile?queries=${encodeURIComponent(JSON.stringify({ q0: { query: 'Zyxwvut quokkas' } }))}`,
};
type Endpoint = keyof typeof ASKED;

/** What each endpoint says of the edit: whether its answer holds the new concept (or, for /top, the new name). */
async function sees(service: RunningService): Promise<Record<Endpoint, boolean> & { etags: Record<string, string | null> }> {
  const answers = Object.fromEntries(
    await Promise.all(Object.entries(ASKED).map(async ([name, path]) => [name, await service.get(path)] as const)),
  ) as Record<Endpoint, Awaited<ReturnType<RunningService['get']>>>;
  for (const [name, answer] of Object.entries(answers)) expect([name, answer.status]).toEqual([name, 200]);
  const holds = (value: unknown, text: string): boolean => JSON.stringify(value).includes(text);
  return {
    search: holds(answers.search.body, `${X}quokka`),
    suggest: holds(answers.suggest.body, `${X}quokka`),
    get: holds(answers.get.body._embedded?.concepts, `${X}quokka`), // (the HAL links name the URI asked for either way)
    top: holds(answers.top.body, 'Marsupial mammals'),
    narrower: holds(answers.narrower.body, `${X}quokka`),
    reconcile: holds(answers.reconcile.body, `${X}quokka`),
    etags: Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.headers.get('etag')])),
  };
}

const nothing = { search: false, suggest: false, get: false, top: false, narrower: false, reconcile: false };
const everything = { search: true, suggest: true, get: true, top: true, narrower: true, reconcile: true };

describe.each(['on', 'off'])('a vocabulary edited in the store, LABEL_INDEX=%s', (labelIndex) => {
  let store: EditableStore;
  beforeEach(async () => {
    store = await editableStore();
  });
  afterEach(() => store.close());

  test('reaches every answer asked before it once SIGHUP has read the store again, with new ETags', async () => {
    const service = await startService({ ...store.settings, LABEL_INDEX: labelIndex });
    try {
      const before = await sees(service);
      expect({ ...before, etags: undefined }).toEqual({ ...nothing, etags: undefined });
      expect({ ...(await sees(service)), etags: undefined }).toEqual({ ...nothing, etags: undefined }); // asked twice: cached
      editAll(store);
      await service.concepts.refresh();
      const after = await sees(service);
      expect({ ...after, etags: undefined }).toEqual({ ...everything, etags: undefined });
      // no answer's ETag is the one it had before the edit: If-None-Match cannot confirm an old answer
      for (const name of ['search', 'suggest', 'get', 'top', 'narrower'] as const) {
        expect(after.etags[name]).not.toBeNull();
        expect([name, after.etags[name]]).not.toEqual([name, before.etags[name]]);
        const revalidated = await service.get(ASKED[name], { headers: { 'If-None-Match': before.etags[name] ?? '' } });
        expect([name, revalidated.status]).toEqual([name, 200]);
      }
    } finally {
      await service.close();
    }
  });

  test('emptied: with the label index, a rebuild that finds nothing keeps the index that served and /ready says why; without it, /ready is a 503', async () => {
    const service = await startService({ ...store.settings, LABEL_INDEX: labelIndex });
    try {
      expect((await service.get('/ready')).status).toBe(200);
      store.edit('DELETE', VOCABULARY);
      await service.concepts.refresh();
      const ready = await service.get('/ready');
      if (labelIndex === 'on') {
        expect(ready.status).toBe(200);
        expect(ready.body.degraded).toMatch(
          /^the last build of the label index found nothing to serve \(.*holds no concept.*\); answers come from the index built /,
        );
        const found = await service.get('/search?q=koalas');
        expect(found.body.concepts.map((concept: { uri: string }) => concept.uri)).toEqual([`${X}koala`]);
      } else {
        expect(ready.status).toBe(503);
        expect(ready.body.message).toMatch(/^not ready: the store holds no concept/);
      }
    } finally {
      await service.close();
    }
  });

  test('reaches every answer asked before it by the periodic check alone (LABEL_INDEX_REFRESH_SECONDS)', async () => {
    const service = await startService({ ...store.settings, LABEL_INDEX: labelIndex, LABEL_INDEX_REFRESH_SECONDS: '1' });
    try {
      expect({ ...(await sees(service)), etags: undefined }).toEqual({ ...nothing, etags: undefined });
      editAll(store);
      let seen = await sees(service);
      for (let waited = 0; JSON.stringify({ ...seen, etags: undefined }) !== JSON.stringify(everything) && waited < 15_000; waited += 250) {
        await sleep(250);
        seen = await sees(service);
      }
      expect({ ...seen, etags: undefined }).toEqual({ ...everything, etags: undefined });
    } finally {
      await service.close();
    }
  });
});

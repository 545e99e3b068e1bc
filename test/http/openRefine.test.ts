import { odditiesSettings, startService, type RunningService } from '../support/service.js';

// The requests OpenRefine's reconciliation client (3.10 in development, read from its source) sends, replayed as it builds them:
// StandardReconConfig (a form POST of `queries` with q0, q1...; `type_strict: "should"` when a
// type is chosen; no `limit`; a column property as the cell's string or number, or a
// reconciled cell as {"id", "name"}), the suggest widget (`prefix`, then `cursor`), the view
// and preview links (the id put into the manifest's template raw, then through `encodeURI`),
// "use values as identifiers" (the cell, less the identifierSpace, is the id), and the data
// extension dialog (`propose_properties` with `?type=` and the column's type, then `extend`).
// On the real-world oddities: concept IRIs with a `#` and with a query of two parameters.

const H = 'http://vocab.example.org/heritage/';
const LIBRARIES = `${H}thesaurus#libraries`;
const PUBLIC_LIBRARIES = `${H}term?id=42&lang=en`;
const SKOS_CONCEPT = 'http://www.w3.org/2004/02/skos/core#Concept';

let service: RunningService;
let manifest: any;
beforeAll(async () => {
  service = await startService(odditiesSettings());
  manifest = (await service.get('/reconcile')).body;
});
afterAll(() => service.close());

type Result = { id: string; name: string; score: number; match: boolean };

/** StandardReconConfig.batchRecon: `{"q0": ..., "q1": ...}` posted as the form field `queries`. */
async function batch(queries: object[]): Promise<Result[][]> {
  const body = new URLSearchParams({ queries: `{${queries.map((query, i) => `"q${i}":${JSON.stringify(query)}`).join(',')}}` });
  const response = await fetch(`${service.url}/reconcile`, { method: 'POST', body });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Record<string, { result: Result[] }>;
  return queries.map((_, i) => {
    expect(Array.isArray(answer[`q${i}`]?.result)).toBe(true);
    return (answer[`q${i}`] as { result: Result[] }).result;
  });
}

/** What OpenRefine's cell renderer and flyout do with a template: the id in raw, then encodeURI. */
const linkOf = (template: string, id: string): string => encodeURI(template.replace('{{id}}', id));

describe('OpenRefine, end to end', () => {
  test('reconciling a column with a type, another column as a property (strings, numbers, reconciled cells): every cell answered', async () => {
    const type = manifest.defaultTypes[0].id;
    expect(type).toBe(SKOS_CONCEPT);
    const [libraries, publicLibraries, byNotation, numberCell, unknown] = await batch([
      { query: 'Libraries', type, type_strict: 'should' },
      { query: 'Public libraries', type, type_strict: 'should', properties: [{ pid: 'broader', v: { id: LIBRARIES, name: 'Libraries' } }] },
      { query: 'HER-7', type, type_strict: 'should' },
      {
        query: 'Public libraries',
        type,
        type_strict: 'should',
        properties: [
          { pid: 'notation', v: 7 },
          { pid: 'broader', v: 'Libraries' },
        ],
      },
      { query: 'Libraries', type, type_strict: 'should', properties: [{ pid: 'colour', v: 'red' }] },
    ]);
    expect(libraries?.[0]).toMatchObject({ id: LIBRARIES, name: 'Libraries', match: true });
    expect(publicLibraries?.[0]).toMatchObject({ id: PUBLIC_LIBRARIES, score: 100, match: true });
    expect(byNotation?.[0]).toMatchObject({ id: LIBRARIES, score: 100, match: true });
    // a notation that disagrees lowers the score and forbids the match; the broader label agrees
    expect(numberCell?.[0]).toMatchObject({ id: PUBLIC_LIBRARIES, match: false });
    expect(numberCell?.[0]?.score).toBeLessThan(100);
    expect(unknown?.[0]).toMatchObject({ id: LIBRARIES, match: true });
  });

  test('the view and preview links of a candidate lead to that concept, whatever its IRI holds (a query of two parameters)', async () => {
    const preview = await fetch(linkOf(manifest.preview.url, PUBLIC_LIBRARIES));
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('<title>Public libraries</title>');
    expect(html).toContain('>Libraries</a>'); // its broader concept, linked
    const view = linkOf(manifest.view.url, PUBLIC_LIBRARIES);
    expect(view).toBe(`${service.url}/?uri=${PUBLIC_LIBRARIES}`); // the page reads the IRI after uri= (test:browser follows it)
  });

  test('a preview link whose IRI has a fragment reaches the server cut short: the page it gets asks again with the whole IRI', async () => {
    const cut = linkOf(manifest.preview.url, LIBRARIES).split('#')[0] as string; // no client sends the fragment
    const response = await fetch(cut);
    expect(response.status).toBe(404); // the document http://vocab.example.org/heritage/thesaurus is no concept
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    const script = /<script>([^<]*)<\/script>/.exec(await response.text())?.[1] ?? '';
    expect(script).toContain('location.replace');
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    // where the script sends the browser (test:browser runs it): the id encoded whole
    const again = await fetch(`${service.url}/reconcile/preview?id=${encodeURIComponent(LIBRARIES)}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('<title>Libraries</title>');
  });

  test('search for match: the suggest widget’s requests, and its view link', async () => {
    const { service_url, service_path } = manifest.suggest.entity;
    const first = await fetch(`${service_url}${service_path}?prefix=libr`);
    const { result } = (await first.json()) as { result: Array<{ id: string; name: string }> };
    expect(result.map((r) => r.id)).toEqual(expect.arrayContaining([LIBRARIES]));
    const more = (await (await fetch(`${service_url}${service_path}?prefix=libr&cursor=1`)).json()) as { result: Array<{ id: string }> };
    expect(more.result[0]?.id).toBe(result[1]?.id);
  });

  test('use values as identifiers, then add columns from reconciled values with every proposed property and the language setting', async () => {
    // the cells hold IRIs (one written with the identifierSpace in front), a notation and a blank-free oddity
    const cells = [LIBRARIES, `${manifest.identifierSpace}${PUBLIC_LIBRARIES}`, 'HER-7'];
    const ids = cells.map((cell) => (cell.startsWith(manifest.identifierSpace) ? cell.slice(manifest.identifierSpace.length) : cell));
    const { service_url, service_path } = manifest.extend.propose_properties;
    for (const type of ['', SKOS_CONCEPT]) {
      const proposed = (await (await fetch(`${service_url}${service_path}?type=${type}`)).json()) as {
        properties: Array<{ id: string; name: string }>;
      };
      expect(proposed.properties.length).toBeGreaterThan(3);
      const setting = manifest.extend.property_settings.find((s: { name: string }) => s.name === 'lang');
      const extension = { ids, properties: proposed.properties.map(({ id }) => ({ id, settings: { [setting.name]: 'en' } })) };
      const response = await fetch(`${service.url}/reconcile`, {
        method: 'POST',
        body: new URLSearchParams({ extend: JSON.stringify(extension) }),
      });
      expect(response.status).toBe(200);
      const { meta, rows } = (await response.json()) as { meta: Array<{ id: string }>; rows: Record<string, Record<string, unknown[]>> };
      expect(meta.map((m) => m.id)).toEqual(proposed.properties.map((p) => p.id));
      expect(rows[LIBRARIES]?.prefLabel).toEqual([{ str: 'Libraries' }]);
      expect(rows[LIBRARIES]?.notation).toEqual([{ str: 'HER-7' }]);
      expect(rows[PUBLIC_LIBRARIES]?.broader).toEqual([{ id: LIBRARIES, name: 'Libraries' }]);
      // a value that is no IRI is no concept of this service: no values, and the other rows stand
      expect(Object.values(rows['HER-7'] ?? {}).every((values) => values.length === 0)).toBe(true);
    }
  });
});

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureSettings, startService, type RunningService } from '../support/service.js';
import { STW_FILE } from './stwHeadings.js';

// cocoda-sdk (npm; what Cocoda, BARTOC and DANTE use to speak to vocabulary services), its
// Skosmos provider pointed at /rest/v1 as a registry entry points it at a Skosmos: schemes,
// top concepts, concepts by URI, narrower, ancestors, search and suggest, each compared with the
// native endpoints, and every JSKOS concept it makes valid by jskos-validate (npm).
// scripts/test-clients.sh installs both and names the folder in COCODA_SDK_DIR.

const DIR = process.env.COCODA_SDK_DIR;
if (DIR === undefined)
  throw new Error('COCODA_SDK_DIR must name a folder with cocoda-sdk and jskos-validate installed (scripts/test-clients.sh makes one)');
/** A package of that folder, by its ES module entry. */
const load = (path: string): Promise<any> => import(pathToFileURL(join(DIR, 'node_modules', path)).href);
let validate: { concept(concept: unknown): boolean; scheme(scheme: unknown): boolean };

const STW = 'http://zbw.eu/stw';
const LABOUR_MARKET = 'http://zbw.eu/stw/descriptor/11183-4';
type Jskos = {
  uri: string;
  prefLabel?: Record<string, string>;
  notation?: string[];
  narrower?: unknown[];
  broader?: Jskos[];
  inScheme?: Jskos[];
};

let service: RunningService;
let registry: any;
let scheme: Jskos;
beforeAll(async () => {
  const { cdk, SkosmosApiProvider, ConceptApiProvider } = await load('cocoda-sdk/dist/esm/index.js');
  ({ validate } = await load('jskos-validate/dist/esm/validate.js'));
  cdk.addProvider(SkosmosApiProvider);
  cdk.addProvider(ConceptApiProvider);
  service = await startService(fixtureSettings(STW_FILE, 'STW_GRAPH'));
  registry = cdk.initializeRegistry({ provider: 'SkosmosApi', api: `${service.url}/rest/v1/`, schemes: [{ uri: STW, VOCID: 'stw' }] });
  [scheme] = await registry.getSchemes();
}, 120_000);
afterAll(() => service?.close());

const uris = (list: Array<{ uri: string }>): string[] => list.map(({ uri }) => uri);
const native = async (path: string): Promise<any> => {
  const { status, body } = await service.get(path);
  expect(status).toBe(200);
  return body._embedded?.concepts ?? body.concepts;
};

/** Every concept valid JSKOS, as jskos-validate reads it. */
function expectValid(concepts: Jskos[]): void {
  expect(concepts.length).toBeGreaterThan(0);
  for (const concept of concepts) expect([concept.uri, validate.concept(concept)]).toEqual([concept.uri, true]);
}

describe("cocoda-sdk's Skosmos provider against /rest/v1", () => {
  test('labels the scheme as /schemes does', async () => {
    const { body } = await service.get('/schemes?lang=en');
    expect(scheme.prefLabel).toEqual({ en: body.schemes[0].prefLabel });
  });

  test('lists the top concepts /top lists, with their notations and whether they have children', async () => {
    const top: Jskos[] = await registry.getTop({ scheme });
    const expected = await native(`/top?scheme=${encodeURIComponent(STW)}&lang=en&fields=notation,narrowerCount`);
    expect(uris(top)).toEqual(uris(expected));
    expect(top.map(({ notation, narrower }) => [notation, narrower?.length])).toEqual(
      expected.map((concept: { notation: string[]; narrowerCount: number }) => [[concept.notation[0]], concept.narrowerCount > 0 ? 1 : 0]),
    );
    expectValid(top);
  });

  test('loads a concept by URI with its labels in every language and its broader concepts labelled, as /get gives them', async () => {
    const [concept]: Jskos[] = await registry.getConcepts({ concepts: [{ uri: LABOUR_MARKET, inScheme: [scheme] }] });
    const [english] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=en&fields=broader`);
    const [german] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=de`);
    expect(concept!.prefLabel).toEqual({ en: english.prefLabel, de: german.prefLabel });
    expect(uris(concept!.broader!)).toEqual(uris(english.broader));
    expect(concept!.broader!.map(({ prefLabel }) => prefLabel?.en)).toEqual(english.broader.map(({ label }: { label: string }) => label));
    expectValid([concept!]);
  });

  test('lists narrower concepts as /narrower does, and ancestors nearest first as /get’s ancestors reversed', async () => {
    const narrower: Jskos[] = await registry.getNarrower({ concept: { uri: `${STW}/thsys/a`, inScheme: [scheme] } });
    expect(uris(narrower)).toEqual(uris(await native(`/narrower?uri=${encodeURIComponent(`${STW}/thsys/a`)}&lang=en`)));
    const ancestors: Jskos[] = await registry.getAncestors({ concept: { uri: LABOUR_MARKET, inScheme: [scheme] } });
    const [concept] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=en&fields=ancestors`);
    expect(uris(ancestors)).toEqual(uris(concept.ancestors).reverse());
    expectValid([...narrower, ...ancestors]);
  });

  test('searches and suggests as /search finds the words with a wildcard, in the same order', async () => {
    const expected = uris(await native('/search?q=labour*&lang=en&count=5'));
    const found: Array<Jskos & { type?: string[] }> = await registry.search({ search: 'labour', scheme, limit: 5 });
    expect(uris(found)).toEqual(expected);
    // Skosmos' search results say `skos:Concept` (compacted by their @context), and cocoda-sdk's
    // provider does not expand a search result's type as it does for /data: so from any Skosmos.
    // The rest of each concept is valid JSKOS.
    expect(found.map(({ type }) => type)).toEqual(found.map(() => ['skos:Concept']));
    expectValid(found.map(({ type: _type, ...rest }) => rest));
    const [query, labels, , links] = await registry.suggest({ search: 'labour', scheme, limit: 5 });
    expect([query, links]).toEqual(['labour', expected]);
    expect(labels).toContain('Labour market');
  });
});

describe("cocoda-sdk's ConceptApi provider against /jskos (the JSKOS API)", () => {
  let jskos: any;
  let schemes: Jskos[];
  beforeAll(async () => {
    const { cdk } = await load('cocoda-sdk/dist/esm/index.js');
    jskos = cdk.initializeRegistry({ provider: 'ConceptApi', api: `${service.url}/jskos/` });
    await jskos.init();
    schemes = await jskos.getSchemes();
  });

  test('finds its endpoints in /jskos/status and lists the schemes /schemes lists, labelled in every language', async () => {
    const { body } = await service.get('/schemes?lang=en');
    expect(uris(schemes)).toEqual(uris(body.schemes));
    expect(schemes[0]!.prefLabel).toMatchObject({ en: body.schemes[0].prefLabel });
    for (const one of schemes) expect([one.uri, validate.scheme(one)]).toEqual([one.uri, true]);
  });

  test('lists the top concepts, narrower concepts and ancestors as /top, /narrower and /get give them', async () => {
    const top: Jskos[] = await jskos.getTop({ scheme: schemes[0] });
    expect(uris(top)).toEqual(uris(await native(`/top?scheme=${encodeURIComponent(STW)}&lang=en`)));
    const narrower: Jskos[] = await jskos.getNarrower({ concept: { uri: `${STW}/thsys/a` } });
    expect(uris(narrower)).toEqual(uris(await native(`/narrower?uri=${encodeURIComponent(`${STW}/thsys/a`)}&lang=en`)));
    const ancestors: Jskos[] = await jskos.getAncestors({ concept: { uri: LABOUR_MARKET } });
    const [concept] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=en&fields=ancestors`);
    expect(uris(ancestors)).toEqual(uris(concept.ancestors));
    expectValid([...top, ...narrower, ...ancestors]);
  });

  test('loads concepts by URI with their labels as language maps, as /get gives them in each language', async () => {
    const other = `${STW}/descriptor/11180-3`;
    const found: Jskos[] = await jskos.getConcepts({ concepts: [{ uri: LABOUR_MARKET }, { uri: other }] });
    expect(uris(found)).toEqual([LABOUR_MARKET, other]);
    const [english] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=en&fields=broader`);
    const [german] = await native(`/get?uri=${encodeURIComponent(LABOUR_MARKET)}&lang=de`);
    expect(found[0]!.prefLabel).toEqual({ en: english.prefLabel, de: german.prefLabel });
    expect(uris(found[0]!.broader!)).toEqual(uris(english.broader));
    expectValid(found);
  });

  test('searches as /search finds the words with a wildcard, and suggests as /suggest does, in the same order', async () => {
    const found: Jskos[] = await jskos.search({ search: 'labour', scheme: schemes[0], limit: 5 });
    expect(uris(found)).toEqual(uris(await native('/search?q=labour*&count=5')));
    expectValid(found);
    const [query, labels, , links] = await jskos.suggest({ search: 'labour', scheme: schemes[0], limit: 5 });
    const suggested = await native(`/suggest?q=labour&count=5&scheme=${encodeURIComponent(STW)}`);
    expect([query, links, labels]).toEqual(['labour', uris(suggested), suggested.map(({ prefLabel }: { prefLabel: string }) => prefLabel)]);
    expect(labels).toContain('Labour market');
  });
});

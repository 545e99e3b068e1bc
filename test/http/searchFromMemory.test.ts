import { startService, type RunningService } from '../support/service.js';

// With the label index, /search, /suggest and /get show what the index holds, without a
// store query; without it, the store's answers. The two must agree label for label: every
// concept a search finds, in every language asked, with every opt-in field, is the concept
// /get gives on the store path (a second service over the same store, LABEL_INDEX=off). Run on
// the sample vocabulary and on the real-world oddities (labels that are IRIs, links to
// resources that are no concept, deprecated concepts, blank nodes, SKOS-XL, 120 languages),
// and on every store the suite runs against (without the index, both come from the store).

const FIELDS = 'ancestors,broader,narrower,narrowerCount,notation,scheme,scopeNote';
const LANGS = [undefined, 'en', 'fr', 'ja', 'zz'];
/** First keystrokes that between them suggest most concepts. */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', 'ü', 'é', '東', 'м'];

function storeSettings(file: string): Record<string, string> {
  if (process.env.SPARQL_ENDPOINT === undefined) return file === 'sample' ? {} : { DATA_FILES: file };
  if (file === 'sample') return {};
  const graph = process.env.ODDITIES_GRAPH;
  if (graph === undefined) throw new Error(`ODDITIES_GRAPH must name the graph that holds ${file} when SPARQL_ENDPOINT is set`);
  return { SPARQL_GRAPH: graph };
}

describe.each(['sample', 'test/fixtures/real-world-oddities.nt'])('every /search result is the concept /get gives (%s)', (file) => {
  let service: RunningService;
  let storePath: RunningService;
  beforeAll(async () => {
    service = await startService(storeSettings(file));
    storePath = await startService({ ...storeSettings(file), LABEL_INDEX: 'off' });
  });
  afterAll(async () => {
    await service.close();
    await storePath.close();
  });

  test("in every language, with every opt-in field; /suggest's fields too", async () => {
    // the words of what a first keystroke suggests: searched, they find most concepts
    const words = new Set<string>();
    const suggestedAtAll = new Set<string>();
    for (const letter of LETTERS) {
      for (const { uri, prefLabel } of (await service.get(`/suggest?q=${encodeURIComponent(letter)}&count=50`)).body.concepts) {
        suggestedAtAll.add(uri);
        for (const word of (prefLabel as string).split(/[\s,;()]+/)) if (word.length > 1 && word.length < 40) words.add(word);
      }
    }
    const compared = new Set<string>();
    for (const lang of LANGS) {
      const langParameter = lang === undefined ? '' : `&lang=${lang}`;
      for (const q of [...LETTERS, ...words]) {
        const search = await service.get(`/search?q=${encodeURIComponent(q)}&count=50&fields=${FIELDS}${langParameter}`);
        expect(search.status).toBe(200);
        const found: Array<{ uri: string }> = search.body.concepts;
        if (found.length === 0) continue;
        const get = await storePath.get(
          `/get?${found.map(({ uri }) => `uri=${encodeURIComponent(uri)}`).join('&')}&fields=${FIELDS}${langParameter}`,
        );
        expect(get.status).toBe(200);
        expect(found).toEqual(get.body._embedded.concepts);
        for (const { uri } of found) compared.add(uri);

        const suggest = await service.get(`/suggest?q=${encodeURIComponent(q)}&count=50&fields=${FIELDS}${langParameter}`);
        const suggested: Array<{ uri: string }> = suggest.body.concepts;
        if (suggested.length === 0) continue;
        const details = new Map(
          (
            await storePath.get(
              `/get?${suggested.map(({ uri }) => `uri=${encodeURIComponent(uri)}`).join('&')}&fields=${FIELDS}${langParameter}`,
            )
          ).body._embedded.concepts.map((concept: { uri: string }) => [concept.uri, concept]),
        );
        expect(suggested).toEqual(suggested.map(({ uri }) => ({ ...(details.get(uri) as object), altLabels: [], related: [] })));
      }
    }
    // the comparison covered the vocabulary: every concept that a first keystroke suggests
    expect(suggestedAtAll.size).toBeGreaterThan(file === 'sample' ? 150 : 5);
    expect([...suggestedAtAll].filter((uri) => !compared.has(uri))).toEqual([]);
  }, 600_000); // a few hundred requests; on the store path each asks the store (on Jena, 200 s on a slow 2-core machine): a bound, not a timing

  test('/schemes, /top and /narrower list what the store path lists, walked from every scheme down, in every language', async () => {
    const [schemes, storeSchemes] = await Promise.all([service.get('/schemes'), storePath.get('/schemes')]);
    expect(schemes.status).toBe(200);
    expect(schemes.body).toEqual(storeSchemes.body);
    // and from every concept a first keystroke suggests (the oddities have no scheme)
    const suggested = new Set<string>();
    for (const letter of LETTERS)
      for (const { uri } of (await service.get(`/suggest?q=${encodeURIComponent(letter)}&count=50`)).body.concepts) suggested.add(uri);
    for (const lang of ['en', 'fr', 'zz']) {
      const seen = new Set<string>();
      let open: string[] = [...suggested];
      for (const { uri } of schemes.body.schemes) {
        const path = `/top?scheme=${encodeURIComponent(uri)}&count=1000&lang=${lang}&fields=narrowerCount`;
        const [top, storeTop] = await Promise.all([service.get(path), storePath.get(path)]);
        expect([path, top.body]).toEqual([path, storeTop.body]);
        open.push(...top.body.concepts.map((concept: { uri: string }) => concept.uri));
      }
      while (open.length > 0) {
        const next: string[] = [];
        for (const uri of open) {
          if (seen.has(uri)) continue;
          seen.add(uri);
          const path = `/narrower?uri=${encodeURIComponent(uri)}&count=1000&lang=${lang}&fields=ancestors,narrowerCount`;
          const [below, storeBelow] = await Promise.all([service.get(path), storePath.get(path)]);
          expect([path, below.body]).toEqual([path, storeBelow.body]);
          next.push(...below.body.concepts.map((concept: { uri: string }) => concept.uri));
        }
        open = next;
      }
      expect(seen.size).toBeGreaterThan(file === 'sample' ? 150 : 5);
    }
  }, 600_000);

  test('/languages lists what the store path lists', async () => {
    const [fromIndex, fromStore] = await Promise.all([service.get('/languages'), storePath.get('/languages')]);
    expect(fromIndex.body.languages.length).toBeGreaterThan(2);
    expect(fromIndex.body).toEqual(fromStore.body);
  });

  test('/get gives what the store path gives, for concepts and for what the index does not hold (deprecated concepts, other resources, unknown URIs), in order', async () => {
    // every concept a first keystroke suggests, and the resources they link to (schemes, broader and related ones: some are no concepts or are deprecated)
    const uris = new Set<string>();
    for (const letter of LETTERS)
      for (const concept of (await service.get(`/suggest?q=${encodeURIComponent(letter)}&count=50&fields=broader,scheme`)).body.concepts) {
        uris.add(concept.uri);
        for (const linked of [...concept.broader, ...concept.scheme]) uris.add(linked.uri);
      }
    uris.add('https://example.org/no-such-concept');
    const all = [...uris].reverse();
    let held = 0;
    for (const lang of LANGS) {
      const langParameter = lang === undefined ? '' : `&lang=${lang}`;
      for (let start = 0; start < all.length; start += 100) {
        const path = `/get?${all
          .slice(start, start + 100)
          .map((uri) => `uri=${encodeURIComponent(uri)}`)
          .join('&')}&fields=${FIELDS}${langParameter}`;
        const [fromIndex, fromStore] = await Promise.all([service.get(path), storePath.get(path)]);
        expect(fromIndex.status).toBe(200);
        expect(fromIndex.body).toEqual(fromStore.body);
        held += fromStore.body._embedded.concepts.length;
      }
    }
    expect(held).toBeGreaterThan(LANGS.length * (file === 'sample' ? 150 : 5));
  }, 600_000);
});

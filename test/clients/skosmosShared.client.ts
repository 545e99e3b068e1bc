import type { RunningService } from '../support/service.js';
import { describeEachSharedVocabulary } from '../support/sharedVocabularies.js';
import { runSkosmosClient, type Call } from './runSkosmosClient.js';

// NatLibFi's skosmos-client (PyPI) on every vocabulary of ../shared, each loaded alone on the
// embedded store, as a client of a Skosmos asks: the vocabulary, its types, top concepts, a
// prefix search with maxhits=1000 (as its users' prefix searches ask), and for concepts from the
// top down, their labels, broader, narrower, related and transitive links, lookup and data; each
// answer compared with the native endpoints' (the other stores are covered by skosmos.client.ts
// on STW). scripts/test-clients.sh installs skosmos-client and names its Python.

/** The most results the service answers at once (a larger maxhits is answered with this many). */
const BOUND = 100;

/** The answers' values; a call that raised fails the test with what it raised. */
async function values(service: RunningService, calls: Call[]): Promise<any[]> {
  const answers = await runSkosmosClient(`${service.url}/rest/v1/`, calls);
  expect(answers.map(({ error }, i) => (error === undefined ? undefined : [calls[i], error])).filter(Boolean)).toEqual([]);
  return answers.map(({ value }) => value);
}

const uris = (list: Array<{ uri: string }>): string[] => list.map(({ uri }) => uri);
const sorted = (list: string[]): string[] => [...list].sort();

describeEachSharedVocabulary('skosmos-client on %s', (running) => {
  test('every method answers as the native endpoints do, a prefix search with maxhits=1000 included', async () => {
    const service = running();
    const [vocabularies] = await values(service, [{ method: 'vocabularies', args: ['en'] }]);
    expect(vocabularies.length).toBeGreaterThan(0);
    let checkedConcepts = 0;
    for (const { id } of vocabularies as Array<{ id: string }>) {
      const [info, types] = await values(service, [
        { method: 'get_vocabulary', args: [id] },
        { method: 'types', args: ['en', id] },
      ]);
      const lang: string = info.defaultLanguage;
      // a vocabulary of data without schemes is the whole of it
      const scheme: string | undefined = info.conceptschemes[0]?.uri;
      const inScheme = scheme === undefined ? '' : `&scheme=${encodeURIComponent(scheme)}`;
      // the only vocabulary of a service is the whole of its data, as a Skosmos vocabulary is its graph: searched whole
      const searchedIn = vocabularies.length === 1 ? '' : inScheme;
      expect(uris(types)).toContain('http://www.w3.org/2004/02/skos/core#Concept');
      const [tops, groups] = await values(service, [
        { method: 'top_concepts', args: [id], kwargs: { lang } },
        { method: 'groups', args: [id], kwargs: { lang } },
      ]);
      // this service knows no groups: none, as a Skosmos answers for a vocabulary without them
      expect(groups).toEqual([]);
      if (scheme !== undefined) {
        const nativeTops = (await service.get(`/top?lang=${lang}&count=1000${inScheme}`)).body.concepts;
        expect(sorted(uris(tops))).toEqual(sorted(uris(nativeTops)));
      } else expect(tops).toEqual([]);
      // concepts from the top down: a few tops, and a few concepts below each; without tops, a few found by a letter
      const sample: string[] = uris(tops).slice(0, 4);
      if (sample.length === 0) sample.push(...uris((await service.get(`/search?q=a*&lang=${lang}&count=4`)).body.concepts));
      const [narrowerOfTops] = await values(
        service,
        sample.map((uri) => ({ method: 'concept.narrower', vocid: id, uri, args: [lang] })),
      );
      sample.push(...uris(narrowerOfTops ?? []).slice(0, 4));
      for (const uri of sample) {
        const native = (await service.get(`/get?uri=${encodeURIComponent(uri)}&lang=${lang}&fields=broader,narrower,scheme`)).body._embedded
          .concepts[0];
        const [label, broader, narrower, related, transitive, data, below] = await values(service, [
          { method: 'concept.label', vocid: id, uri, args: [lang] },
          { method: 'concept.broader', vocid: id, uri, args: [lang] },
          { method: 'concept.narrower', vocid: id, uri, args: [lang] },
          { method: 'concept.related', vocid: id, uri, args: [lang] },
          { method: 'concept.broaderTransitive', vocid: id, uri, args: [lang] },
          { method: 'data', args: [uri] },
          { method: 'concept.narrowerTransitive', vocid: id, uri, args: [lang] },
        ]);
        // narrowerTransitive holds the concept itself and every concept one level below it (as far as its limit)
        expect(Object.keys(below)).toContain(uri);
        if (Object.keys(below).length < 1000) expect(Object.keys(below)).toEqual(expect.arrayContaining(uris(native.narrower ?? [])));
        expect([uri, label]).toEqual([uri, native.prefLabel]);
        expect([uri, sorted(uris(broader))]).toEqual([uri, sorted(uris(native.broader ?? []))]);
        expect([uri, sorted(uris(narrower))]).toEqual([uri, sorted(uris(native.narrower ?? []))]);
        expect([uri, sorted(uris(related))]).toEqual([uri, sorted(uris(native.related ?? []))]);
        // broaderTransitive holds the concept itself and every concept above it
        expect(Object.keys(transitive)).toContain(uri);
        for (const { uri: up } of native.broader ?? []) {
          // a broader resource that is no concept here (another vocabulary's) is not walked
          const isConcept = (await service.get(`/get?uri=${encodeURIComponent(up)}`)).body._embedded.concepts.length > 0;
          if (isConcept) expect([uri, Object.keys(transitive)]).toEqual([uri, expect.arrayContaining([up])]);
        }
        expect(data.some(([subject]: string[]) => subject === `<${uri}>`)).toBe(true);
        // a prefix search as a type-ahead asks it, maxhits=1000: at most the service's bound, in /search's order
        // searched and looked up in the vocabulary that holds it
        const inVocabulary = vocabularies.length === 1 || (native.scheme ?? []).some(({ uri: s }: { uri: string }) => s === scheme);
        if (native.prefLabel !== '' && inVocabulary) {
          const prefix = [
            ...native.prefLabel
              .toLowerCase()
              .split(/[^\p{L}\p{N}]+/u)
              .find((word: string) => word.length > 0),
          ]
            .slice(0, 3)
            .join('');
          const [found, lookedUp] = await values(service, [
            { method: 'search', args: [`${prefix}*`], kwargs: { lang, vocabs: id, maxhits: 1000 } },
            { method: 'lookup', args: [id, native.prefLabel, lang] },
          ]);
          const onSearch = (await service.get(`/search?q=${encodeURIComponent(`${prefix}*`)}&lang=${lang}&count=${BOUND}${searchedIn}`))
            .body.concepts;
          expect(found.length).toBeGreaterThan(0);
          expect(found.length).toBeLessThanOrEqual(BOUND);
          expect([prefix, uris(found)]).toEqual([prefix, uris(onSearch)]);
          expect([native.prefLabel, uris(lookedUp)]).toEqual([native.prefLabel, expect.arrayContaining([uri])]);
        }
        checkedConcepts++;
      }
    }
    expect(checkedConcepts).toBeGreaterThan(3);
  }, 300_000);
});

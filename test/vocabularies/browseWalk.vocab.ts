import { PROJECT_ROOT } from '../../src/loadConfig.js';
import { startService, type RunningService } from '../support/service.js';

// A cataloguer browses: /schemes, then each scheme's /top, then /narrower of each concept met,
// level by level. On the shared vocabularies, the walk must list each concept that is not
// deprecated once under each of its broader concepts met, and meet exactly the concepts that
// the data's own hierarchy reaches from the top concepts (API.md's rule, worked out here
// from the data, read by the test's own queries, not by the service's). The service answers
// with the label index and without it (npm run test:vocabularies runs both).

const VOCABULARIES = `${PROJECT_ROOT}../shared/vocabularies`;
const PREFIXES = `PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
PREFIX dcterms: <http://purl.org/dc/terms/>
`;
const CONCEPTS = `${PREFIXES}SELECT DISTINCT ?c WHERE {
  ?c a skos:Concept . FILTER(isIRI(?c))
  FILTER NOT EXISTS { ?c owl:deprecated ?d FILTER(STR(?d) IN ("true", "1")) }
  FILTER NOT EXISTS { ?c dcterms:isReplacedBy ?r }
}`;
const LINKS = `${PREFIXES}SELECT DISTINCT ?child ?parent WHERE { { ?child skos:broader ?parent } UNION { ?parent skos:narrower ?child } }`;
const MEMBERS = `${PREFIXES}SELECT DISTINCT ?c ?s WHERE { ?c skos:inScheme|skos:topConceptOf ?s }`;
const STATED = `${PREFIXES}SELECT DISTINCT ?c ?s WHERE { { ?c skos:topConceptOf ?s } UNION { ?s skos:hasTopConcept ?c } }`;

/** What the data says, as the walk should see it: the top concepts of each scheme, and the concepts below each concept. */
async function expected(service: RunningService): Promise<{ tops: Map<string, Set<string>>; below: Map<string, string[]> }> {
  const rows = async (query: string): Promise<Array<Record<string, string>>> =>
    (await service.store.select(query, 'test')).map((row) =>
      Object.fromEntries(Object.entries(row).map(([name, term]) => [name, (term as { value: string }).value])),
    );
  const concepts = new Set((await rows(CONCEPTS)).map((row) => row.c as string));
  const below = new Map<string, string[]>();
  const above = new Map<string, Set<string>>();
  for (const { child, parent } of await rows(LINKS)) {
    if (!concepts.has(child as string)) continue;
    below.set(parent as string, [...(below.get(parent as string) ?? []), child as string]);
    if (concepts.has(parent as string)) above.set(child as string, (above.get(child as string) ?? new Set()).add(parent as string));
  }
  const members = new Map<string, Set<string>>();
  for (const { c, s } of await rows(MEMBERS)) members.set(s as string, (members.get(s as string) ?? new Set()).add(c as string));
  const stated = new Map<string, Set<string>>();
  for (const { c, s } of await rows(STATED)) stated.set(s as string, (stated.get(s as string) ?? new Set()).add(c as string));
  const tops = new Map<string, Set<string>>();
  for (const [scheme, inScheme] of members) {
    const said = stated.get(scheme);
    tops.set(
      scheme,
      new Set(
        said !== undefined
          ? [...said].filter((c) => concepts.has(c))
          : [...inScheme].filter((c) => concepts.has(c) && ![...(above.get(c) ?? [])].some((up) => inScheme.has(up))),
      ),
    );
  }
  return { tops, below };
}

describe.each([
  ['UNESCO Thesaurus', 'unesco-thesaurus.ttl', 4000],
  ['STW Thesaurus for Economics', 'stw-9.06.ttl', 6000],
  ['Unified Astronomy Thesaurus', 'uat.rdf', 2000],
  ['SILKNOW Thesaurus', 'silknow-thesaurus.ttl', 600],
  ['YSO (Skosmos test data)', 'yso-skosmos-testdata.ttl', 200],
])('%s', (_name, file, atLeast) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ DATA_FILES: `${VOCABULARIES}/${file}` });
  }, 120_000);
  afterAll(() => service.close());

  test('/top then /narrower meets every concept the hierarchy reaches, once under each of its broader concepts', async () => {
    const { tops, below } = await expected(service);
    const { body } = await service.get('/schemes');
    expect(body.schemes.map((scheme: { uri: string }) => scheme.uri).sort()).toEqual(
      expect.arrayContaining([...tops.keys()].filter((scheme) => (tops.get(scheme) as Set<string>).size > 0).sort()),
    );
    const list = async (path: string): Promise<string[]> => {
      const uris: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await service.get(`${path}&count=1000&page=${page}`);
        expect([path, answer.status]).toEqual([path, 200]);
        uris.push(...answer.body.concepts.map((concept: { uri: string }) => concept.uri));
        if (answer.body.concepts.length < 1000) return uris;
      }
    };
    const met = new Set<string>();
    let open: string[] = [];
    for (const { uri, topConcepts } of body.schemes) {
      const listed = await list(`/top?scheme=${encodeURIComponent(uri)}`);
      expect([uri, listed.length]).toEqual([uri, topConcepts]);
      expect([uri, new Set(listed)]).toEqual([uri, tops.get(uri) ?? new Set()]);
      open.push(...listed);
    }
    let links = 0;
    while (open.length > 0) {
      const next: string[] = [];
      for (const uri of open) {
        if (met.has(uri)) continue;
        met.add(uri);
        const listed = await list(`/narrower?uri=${encodeURIComponent(uri)}`);
        // once under each broader concept: no repeats, and exactly the data's children
        expect([uri, listed.length]).toEqual([uri, new Set(listed).size]);
        expect([uri, [...listed].sort()]).toEqual([uri, [...new Set(below.get(uri) ?? [])].sort()]);
        links += listed.length;
        next.push(...listed);
      }
      open = next;
    }
    expect(met.size).toBeGreaterThanOrEqual(atLeast);
    expect(links).toBeGreaterThan(0);
  }, 600_000);
});

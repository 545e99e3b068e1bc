import { FOOD, startService, type RunningService } from '../support/service.js';

// Requests of the shapes Skosmos' real clients send (Dataverse's script, Finna, Annif,
// skosmos-client, a national installation's request log): the methods they call, with the
// parameters they use as they use them (lang= empty, labellang, unique, fields, maxhits=20 and
// 1000, group and parent, a blank query beside them). On the sample vocabulary every one is
// answered as a Skosmos answers it: a 200, never a 5xx, never a 400 for what Skosmos takes.

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** A small seeded generator, so that a failure names a request that can be sent again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const CONCEPTS = ['tomato', 'beverages', 'tea', 'almond'].map((name) => `${FOOD}${name}`);
const VOCABULARIES = ['ingredients', 'dishes'];

/** The requests: every concept method on every concept, then searches with the parameters mixed. */
function requests(count: number): string[] {
  const next = random(2026);
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(next() * choices.length)] as T;
  const query = (pairs: Array<[string, string | undefined]>): string =>
    pairs
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
      .join('&');
  const paths: string[] = ['/rest/v1/vocabularies?lang=en', '/rest/v1/types?lang=fi'];
  for (const vocid of VOCABULARIES) {
    for (const method of ['', 'types', 'topConcepts', 'groups', 'new', 'modified', 'vocabularyStatistics', 'labelStatistics'])
      paths.push(`/rest/v1/${vocid}/${method}?${query([['lang', pick(['', 'en', 'fr', undefined])]])}`);
    for (const uri of CONCEPTS)
      for (const method of [
        'label',
        'broader',
        'narrower',
        'related',
        'broaderTransitive',
        'narrowerTransitive',
        'children',
        'hierarchy',
        'mappings',
        'data',
      ])
        paths.push(
          `/rest/v1/${vocid}/${method}?${query([
            ['uri', uri],
            ['lang', pick(['', 'en', 'de', undefined])],
          ])}`,
        );
  }
  for (const uri of CONCEPTS) {
    paths.push(
      `/rest/v1/label?${query([
        ['uri', uri],
        ['lang', pick(['', 'en', undefined])],
      ])}`,
    );
    paths.push(
      `/rest/v1/data?${query([
        ['uri', uri],
        ['format', pick(['application/ld+json', 'text/turtle', 'application/rdf+xml', undefined])],
      ])}`,
    );
  }
  while (paths.length < count) {
    const parent = pick([undefined, undefined, '', `${FOOD}beverages`]);
    const blank = parent !== undefined && parent !== '' && next() < 0.3;
    const where = pick(['/rest/v1/search', ...VOCABULARIES.map((vocid) => `/rest/v1/${vocid}/search`)]);
    paths.push(
      `${where}?${query([
        ['query', blank ? ' ' : pick(['tom*', 'tomato', 'tea', 'te*', '*ea*', 'Getränke', 'b*'])],
        ['lang', pick(['', 'en', 'fr', 'de', undefined])],
        ['labellang', pick(['', 'de', undefined])],
        ['vocab', where === '/rest/v1/search' ? pick(['ingredients', 'dishes ingredients', '', undefined]) : undefined],
        ['type', pick(['skos:Concept', undefined])],
        ['parent', parent],
        ['group', pick([undefined, undefined, ''])],
        ['maxhits', pick(['20', '1000', '10', undefined])],
        ['offset', pick(['0', '10', undefined])],
        ['fields', pick(['broader', 'narrower notation', undefined])],
        ['unique', pick(['true', undefined])],
      ])}`,
    );
  }
  return paths;
}

test("three hundred requests of the shapes Skosmos' clients send are answered 200, as Skosmos answers them", async () => {
  const faults: string[] = [];
  for (const path of requests(300)) {
    const response = await fetch(service.url + path);
    await response.arrayBuffer();
    if (response.status !== 200) faults.push(`${response.status} ${path}`);
  }
  expect(faults).toEqual([]);
});

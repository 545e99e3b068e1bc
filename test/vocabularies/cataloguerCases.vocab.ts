import { PROJECT_ROOT } from '../../src/loadConfig.js';
import { startService, type RunningService } from '../support/service.js';

// What a cataloguer met in the first minute with the shared vocabularies (the ranking issue),
// as API.md now answers it: the service on its embedded default (no `lang`, unless said),
// with the label index and without it (npm run test:vocabularies runs both). The relevance
// suite (scripts/relevance.mjs) checks the same cases on Virtuoso and Jena.

const VOCABULARIES = `${PROJECT_ROOT}../shared/vocabularies`;
const UNESCO = 'http://vocabularies.unesco.org/thesaurus/';
const UAT = 'http://astrothesaurus.org/uat/';

interface Found {
  uri: string;
  prefLabel: string;
}

async function found(service: RunningService, path: string): Promise<Found[]> {
  const { status, body } = await service.get(path);
  expect(status).toBe(200);
  return body.concepts;
}

const labels = (concepts: Found[]): string[] => concepts.map((concept) => concept.prefLabel);

describe('UNESCO Thesaurus', () => {
  let unesco: RunningService;
  beforeAll(async () => {
    unesco = await startService({ DATA_FILES: `${VOCABULARIES}/unesco-thesaurus.ttl` });
  }, 120_000);
  afterAll(() => unesco.close());

  test('libr suggests Libraries and Librarians before Books and Booksellers, found through Spanish labels', async () => {
    const shown = labels(await found(unesco, '/suggest?q=libr'));
    expect(shown.slice(0, 2)).toEqual(['Libraries', 'Librarians']);
    for (const book of ['Books', 'Booksellers'])
      if (shown.includes(book)) expect(shown.indexOf(book)).toBeGreaterThan(shown.indexOf('Librarians'));
  });

  test('heritage finds every concept whose prefLabel holds the word before Genome, found through an altLabel', async () => {
    const concepts = await found(unesco, '/search?q=heritage&lang=en&count=100');
    const genome = concepts.findIndex((concept) => concept.prefLabel === 'Genome');
    const holding = concepts.flatMap((concept, i) => (/\bheritage\b/i.test(concept.prefLabel) ? [i] : []));
    expect(holding.length).toBeGreaterThanOrEqual(5);
    expect(genome).toBeGreaterThan(Math.max(...holding));
    expect(concepts[0]?.uri.startsWith(UNESCO)).toBe(true);
  });
});

describe('Unified Astronomy Thesaurus', () => {
  let uat: RunningService;
  beforeAll(async () => {
    uat = await startService({ DATA_FILES: `${VOCABULARIES}/uat.rdf` });
  }, 120_000);
  afterAll(() => uat.close());

  test.each([
    ['sun', 'The Sun'],
    ['moon', 'The Moon'],
  ])('%s suggests %s in the top 3: it files without its article', async (q, label) => {
    expect(labels(await found(uat, `/suggest?q=${q}`)).slice(0, 3)).toContain(label);
  });

  test.each([
    ['exoplanet', 'Exoplanets'],
    ['black hole', 'Black holes'],
  ])('/search for %s has %s in the top 3: their English stems are equal', async (q, label) => {
    const concepts = await found(uat, `/search?q=${encodeURIComponent(q)}`);
    expect(labels(concepts).slice(0, 3)).toContain(label);
    expect(concepts[0]?.uri.startsWith(UAT)).toBe(true);
  });
});

describe('STW Thesaurus for Economics', () => {
  let stw: RunningService;
  beforeAll(async () => {
    stw = await startService({ DATA_FILES: `${VOCABULARIES}/stw-9.06.ttl` });
  }, 120_000);
  afterAll(() => stw.close());

  test('oekonom finds the Ökonomie concepts, German typed with oe for ö', async () => {
    const german = await found(stw, '/suggest?q=oekonom&lang=de&count=100');
    expect(german.length).toBeGreaterThan(5);
    expect(labels(german).filter((label) => /^Ökonom/.test(label)).length).toBeGreaterThan(0);
    // and the same concepts without lang, shown in English
    const all = await found(stw, '/suggest?q=oekonom&count=100');
    expect(new Set(all.map((concept) => concept.uri))).toEqual(new Set(german.map((concept) => concept.uri)));
  });
});

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunningService } from '../support/service.js';
import { describeEachSharedVocabulary } from '../support/sharedVocabularies.js';

// Every JSKOS object the JSKOS API (/jskos) gives for the vocabularies of ../shared, each loaded
// alone on the embedded store, valid by jskos-validate (npm, installed by scripts/test-clients.sh
// in COCODA_SDK_DIR): the schemes (titled from skos:prefLabel, dct:title, dc:title or rdfs:label,
// else named by their IRI: never an empty label), their top concepts, concepts by IRI with every
// property, what is below and above them, and a search.

const DIR = process.env.COCODA_SDK_DIR;
if (DIR === undefined)
  throw new Error('COCODA_SDK_DIR must name a folder with cocoda-sdk and jskos-validate installed (scripts/test-clients.sh makes one)');
type Jskos = { uri: string; prefLabel?: Record<string, string> };
let validate: { concept(concept: unknown): boolean; scheme(scheme: unknown): boolean };

beforeAll(async () => {
  ({ validate } = await import(pathToFileURL(join(DIR, 'node_modules', 'jskos-validate/dist/esm/validate.js')).href));
});

describeEachSharedVocabulary('JSKOS of %s', (running) => {
  const read = async (path: string): Promise<Jskos[]> => {
    const { status, body } = await running().get(`/jskos${path}`);
    expect([path, status]).toEqual([path, 200]);
    return body;
  };
  /** Every object valid; no label empty. */
  const expectValid = (kind: 'concept' | 'scheme', objects: Jskos[]): void => {
    for (const object of objects) {
      expect([object.uri, validate[kind](object)]).toEqual([object.uri, true]);
      for (const label of Object.values(object.prefLabel ?? {})) expect([object.uri, label]).not.toEqual([object.uri, '']);
    }
  };

  test('every scheme and concept it gives is valid JSKOS, and none has an empty label', async () => {
    const schemes = await read('/voc?limit=1000');
    expectValid('scheme', schemes);
    let concepts = 0;
    for (const { uri: scheme } of schemes.slice(0, 3)) {
      const tops = await read(`/voc/top?uri=${encodeURIComponent(scheme)}&limit=20`);
      expectValid('concept', tops);
      for (const { uri } of tops.slice(0, 5)) {
        const below = await read(`/concepts/narrower?uri=${encodeURIComponent(uri)}&limit=20`);
        const sample = [uri, ...below.slice(0, 3).map((concept) => concept.uri)];
        const whole = await read(`/concepts?uri=${sample.map(encodeURIComponent).join('|')}&properties=*`);
        expectValid('concept', [...below, ...whole]);
        for (const one of sample.slice(1)) expectValid('concept', await read(`/concepts/ancestors?uri=${encodeURIComponent(one)}`));
        concepts += whole.length;
      }
    }
    // data without schemes, or schemes without tops: concepts by search
    const found = await read('/concepts/search?search=a&limit=50');
    expectValid('concept', found);
    expect(concepts + found.length).toBeGreaterThan(0);
  }, 300_000);
});

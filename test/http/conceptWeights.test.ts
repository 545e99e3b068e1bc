import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConceptWeights } from '../../src/lookup/keeping/readConceptWeights.js';
import { ConfigError } from '../../src/Config.js';
import { loadConfig } from '../../src/loadConfig.js';
import { FOOD, ids, startService, type RunningService } from '../support/service.js';

// CONCEPT_WEIGHTS: an institution's own counts (such as how often its catalogue uses each
// concept) raise a concept's standing, which orders labels within a tier (API.md), on the
// label index and on the store's queries alike (this suite runs with LABEL_INDEX on and off).

const file = join(mkdtempSync(join(tmpdir(), 'weights-')), 'weights.tsv');
writeFileSync(
  file,
  [
    `# uses in the catalogue`,
    `${FOOD}green-tea\t1000`,
    `<${FOOD}iced-tea>, 3`,
    'not a line of weights',
    `${FOOD}no-such-concept 7`,
    '',
  ].join('\n'),
);

let plain: RunningService;
let weighted: RunningService;
beforeAll(async () => {
  plain = await startService();
  weighted = await startService({ CONCEPT_WEIGHTS: file });
});
afterAll(async () => {
  await plain.close();
  await weighted.close();
});

const order = async (service: RunningService, path: string): Promise<string[]> => ids((await service.get(path)).body.concepts);

describe('CONCEPT_WEIGHTS', () => {
  test('puts a concept the institution uses much first among labels of the same tier', async () => {
    // tier 3 of "tea": afternoon-tea and peppermint-tea have related concepts, iced and green none
    expect((await order(plain, '/suggest?q=tea')).slice(4)).toEqual(['afternoon-tea', 'peppermint-tea', 'iced-tea', 'green-tea']);
    expect((await order(weighted, '/suggest?q=tea')).slice(4)).toEqual(['green-tea', 'iced-tea', 'afternoon-tea', 'peppermint-tea']);
    expect((await order(weighted, '/search?q=tea')).slice(4)).toEqual(['green-tea', 'iced-tea', 'afternoon-tea', 'peppermint-tea']);
  });

  test('never moves a concept out of its tier', async () => {
    expect((await order(weighted, '/suggest?q=tea')).slice(0, 4)).toEqual((await order(plain, '/suggest?q=tea')).slice(0, 4));
  });

  test('reads a URI and a count a line, with or without angle brackets, and counts the lines it leaves out', () => {
    const { weights, oddLines, firstOddLine } = readConceptWeights(file);
    expect([...weights]).toEqual([
      [`${FOOD}green-tea`, 1000],
      [`${FOOD}iced-tea`, 3],
      [`${FOOD}no-such-concept`, 7],
    ]);
    expect({ oddLines, firstOddLine }).toEqual({ oddLines: 1, firstOddLine: 4 });
  });

  test('a file that is not there stops the start, naming the setting', () => {
    expect(() => loadConfig({ CONCEPT_WEIGHTS: join(tmpdir(), 'no-such-weights.tsv') })).toThrow(ConfigError);
    expect(() => loadConfig({ CONCEPT_WEIGHTS: join(tmpdir(), 'no-such-weights.tsv') })).toThrow(/^CONCEPT_WEIGHTS: there is no file/);
  });
});

import { RankQuery } from '../../src/domain/ranking.js';
import { searchTerms } from '../../src/domain/matchPatterns.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { searchInIndex } from '../../src/lookup/memory/searchInIndex.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';

function scanOf(labels: Record<string, string>): IndexScan {
  const builder = new LabelIndexBuilder('en');
  for (const [concept, value] of Object.entries(labels)) builder.add({ concept, property: `${SKOS}prefLabel`, value, language: 'en' });
  return new IndexScan(new LabelIndex(builder.build()));
}

const page = { limit: 10, offset: 0 };
const search = (scan: IndexScan, q: string): string[] => searchInIndex(scan, new RankQuery('search', searchTerms(q)), q, {}, 'en', page);

describe('the scratch space of queries over one label index', () => {
  test('keeps each concept its best key, gives the best first, and forgets them for the next query', () => {
    const scan = scanOf({ 'http://x/a': 'Apple', 'http://x/b': 'Banana', 'http://x/c': 'Cherry' });
    scan.offer(2, 30);
    scan.offer(0, 20);
    scan.offer(2, 10); // a better key for the same concept
    expect(scan.takeBest(10)).toEqual([
      { concept: 2, key: 10 },
      { concept: 0, key: 20 },
    ]);
    expect(scan.takeBest(10)).toEqual([]);
  });

  test('a query that stopped halfway (it threw) leaves nothing for the next one', () => {
    const scan = scanOf({ 'http://x/a': 'Apple', 'http://x/b': 'Banana' });
    scan.offer(0, 1); // as a search does before it ranks; never taken
    expect(search(scan, 'banana')).toEqual(['http://x/b']);
  });
});

import fc from 'fast-check';
import { searchTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery, matchKey } from '../../src/domain/ranking.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { ENTRY_SPAN, IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { searchInIndex } from '../../src/lookup/memory/searchInIndex.js';

// /search on the label index reads the labels of tiers 1 and 2 whole and the rest in entry
// order until the page is certain. Its pages must be those that ranking every label gives:
// checked against scoring every entry of random vocabularies made of a few words that share
// stems, articles that a label may be filed without, and words that many labels hold.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const WORDS = ['the', 'a', 'le', 'die', 'history', 'histories', 'historical', 'of', 'world', 'worlds', 'library', 'libraries'];
const MORE = ['sun', 'monde', 'and', 'N3'];
const word = fc.constantFrom(...WORDS, ...MORE);
const label = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const concept = fc.record({
  labels: fc.array(
    fc.tuple(label, fc.constantFrom('prefLabel', 'altLabel', 'hiddenLabel'), fc.constantFrom('en', 'fr', 'de', 'en-gb', '')),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  deprecated: fc.boolean(),
});
/** The first one to three letters of a word and `*`: a prefix that many words start (`h*`, `wo*`). */
const started = fc.tuple(word, fc.integer({ min: 1, max: 3 })).map(([whole, letters]) => `${whole.slice(0, letters)}*`);
const request = fc.record({
  q: fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.oneof({ arbitrary: fc.tuple(word), weight: 3 }, { arbitrary: fc.tuple(word, word), weight: 1 }),
          fc.constantFrom('', '', '', '*'),
          fc.boolean(),
        )
        .map(([words, end, upper]) => (upper ? words.join(' ').toUpperCase() : words.join(' ')) + end),
      weight: 4,
    },
    {
      arbitrary: fc.oneof(
        started,
        fc.tuple(word, started).map((words) => words.join(' ')),
      ),
      weight: 1,
    },
  ),
  lang: fc.constantFrom(undefined, 'en', 'fr'),
  display: fc.constantFrom('en', 'de', 'fr'),
  limit: fc.integer({ min: 1, max: 6 }),
  page: fc.integer({ min: 0, max: 1 }),
});

/** The page that ranking every label of the index gives. */
function everyLabelRanked(
  scan: IndexScan,
  query: RankQuery,
  q: string,
  lang: string | undefined,
  display: string,
  limit: number,
  offset: number,
): string[] {
  const index = scan.index;
  const accepts = scan.acceptor({ lang }) as (entry: number) => boolean;
  const speaking = scan.languageMask(display);
  const best = new Map<number, number>();
  const offer = (concept: number, key: number): void => void best.set(concept, Math.min(best.get(concept) ?? Infinity, key));
  for (let entry = 0; entry < index.stats.labels; entry++) {
    if (!accepts(entry)) continue;
    const language = index.languageOf(entry);
    const match = query.match(index.wordsOf(entry), index.languages[language] as string);
    if (match !== undefined) offer(index.conceptOf(entry), matchKey(match, speaking[language] === 1) * ENTRY_SPAN + entry + 1);
  }
  for (const concept of index.notationConcepts(q)) offer(concept, matchKey({ tier: 1, stemmed: false }, true) * ENTRY_SPAN);
  const ranked = [...best].sort(([a, keyA], [b, keyB]) => keyA - keyB || a - b).map(([concept]) => concept);
  return index.uris(ranked.slice(offset, offset + limit));
}

describe('/search on the label index', () => {
  test('gives the page that ranking every label gives, reading common words only until the page is certain, from text ranges or postings', () => {
    fc.assert(
      fc.property(
        fc.array(concept, { minLength: 100, maxLength: 300 }),
        fc.array(request, { minLength: 10, maxLength: 20 }),
        (concepts, requests) => {
          const builder = new LabelIndexBuilder('en');
          concepts.forEach((c, i) => {
            const uri = `http://example.org/c${String(i).padStart(3, '0')}`;
            builder.add({ concept: uri, property: `${SKOS}notation`, value: `N${i % 7}`, language: '' });
            for (const [text, property, language] of c.labels)
              builder.add({ concept: uri, property: `${SKOS}${property}`, value: text, language });
            if (c.deprecated)
              builder.add({ concept: uri, property: 'http://www.w3.org/2002/07/owl#deprecated', value: 'true', language: '' });
          });
          const scan = new IndexScan(new LabelIndex(builder.build()));
          for (const { q, lang, display, limit, page } of requests) {
            const query = new RankQuery('search', searchTerms(q));
            const offset = page * limit;
            const expected = everyLabelRanked(scan, query, q, lang, display, limit, offset);
            // as a large vocabulary reads them too: the labels starting with a word from its postings, in entry order
            for (const asLarge of [false, true])
              expect({
                q,
                lang,
                display,
                limit,
                offset,
                asLarge,
                page: searchInIndex(scan, query, q, { lang }, display, { limit, offset }, asLarge),
              }).toEqual({
                q,
                lang,
                display,
                limit,
                offset,
                asLarge,
                page: expected,
              });
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  }, 120_000);
});

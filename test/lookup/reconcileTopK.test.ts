import fc from 'fast-check';
import { ReconcileQuery, columnScore } from '../../src/domain/reconciliation.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { ENTRY_SPAN, IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { reconcileInIndex } from '../../src/lookup/memory/reconcileInIndex.js';

// Reconciliation on the label index scores only the labels that may still enter the page (a
// bound from a label's length, its first word and the query words it may match). Its
// candidates must be those that scoring every label gives: checked against that on random
// vocabularies small enough that no budget cuts the read, made of words with typos, stems,
// articles and words that many labels hold. The concepts named by the query are counted up to
// one more than the page holds: more is no match either way.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const WORDS = ['the', 'a', 'le', 'history', 'histories', 'histroy', 'of', 'world', 'library', 'libary', 'libraries', 'public'];
const MORE = ['sun', 'monde', 'and', 'publick'];
const word = fc.constantFrom(...WORDS, ...MORE);
const label = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const concept = fc.array(fc.tuple(label, fc.constantFrom('prefLabel', 'altLabel', 'hiddenLabel'), fc.constantFrom('en', 'fr', 'de', '')), {
  minLength: 1,
  maxLength: 3,
});
const request = fc.record({
  q: fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean()).map(([words, comma, upper]) => {
    const text = comma && words.length > 1 ? `${words.slice(1).join(' ')}, ${words[0]}` : words.join(' ');
    return upper ? text.toUpperCase() : text;
  }),
  lang: fc.constantFrom(undefined, 'en', 'fr'),
  column: fc.constantFrom('en', 'de'),
  limit: fc.integer({ min: 1, max: 6 }),
});

/** The candidates that scoring every label of the index gives, and the concepts with a label that names the query. */
function everyLabelScored(scan: IndexScan, q: string, lang: string | undefined, column: string, limit: number) {
  const index = scan.index;
  const query = new ReconcileQuery(q);
  const mask = lang === undefined ? undefined : scan.languageMask(lang);
  const speaking = scan.languageMask(lang ?? column);
  const best = new Map<number, number>();
  const named = new Set<number>();
  for (let entry = 0; entry < index.stats.labels; entry++) {
    const languageNumber = index.languageOf(entry);
    if (mask !== undefined && mask[languageNumber] !== 1) continue;
    const words = index.wordsOf(entry);
    const language = index.languages[languageNumber] as string;
    const names = query.names(words, language);
    const score = Math.round(columnScore(query.score(words, language), names, speaking[languageNumber] === 1) * 100) / 100;
    if (score <= 0) continue;
    const concept = index.conceptOf(entry);
    if (names) named.add(concept);
    const key = (Math.round((100 - score) * 100) * 2 + (speaking[languageNumber] === 1 ? 0 : 1)) * ENTRY_SPAN + entry;
    best.set(concept, Math.min(best.get(concept) ?? Infinity, key));
  }
  const ranked = [...best].sort(([a, keyA], [b, keyB]) => keyA - keyB || a - b).slice(0, limit);
  const uris = index.uris(ranked.map(([concept]) => concept));
  return {
    candidates: ranked.map(([concept, key], i) => ({
      concept,
      // the best label: the one whose key is least
      entry: key % ENTRY_SPAN,
      uri: uris[i],
      score: (10000 - Math.floor(key / ENTRY_SPAN / 2)) / 100,
      equal: named.has(concept),
    })),
    equalCount: named.size,
  };
}

describe('reconciliation on the label index', () => {
  test('proposes the candidates that scoring every label gives, scoring only the labels that may enter', () => {
    fc.assert(
      fc.property(
        fc.array(concept, { minLength: 50, maxLength: 200 }),
        fc.array(request, { minLength: 10, maxLength: 20 }),
        (concepts, requests) => {
          const builder = new LabelIndexBuilder('en');
          concepts.forEach((labels, i) => {
            const uri = `http://example.org/c${String(i).padStart(3, '0')}`;
            for (const [text, property, language] of labels)
              builder.add({ concept: uri, property: `${SKOS}${property}`, value: text, language });
          });
          const scan = new IndexScan(new LabelIndex(builder.build()));
          for (const { q, lang, column, limit } of requests) {
            const scored = everyLabelScored(scan, q, lang, column, limit);
            const expected = { q, lang, column, limit, ...scored, equalCount: Math.min(scored.equalCount, limit + 1) };
            // the postings counted first (as where the budget reads them all), and read word by word (as where it cuts them)
            for (const countFirst of [true, false]) {
              const found = reconcileInIndex(scan, new ReconcileQuery(q), { lang, column }, limit, countFirst);
              expect(found.equalCount).toBeLessThanOrEqual(scored.equalCount);
              expect({ q, lang, column, limit, ...found, equalCount: Math.min(found.equalCount, limit + 1) }).toEqual(expected);
            }
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  }, 120_000);
});

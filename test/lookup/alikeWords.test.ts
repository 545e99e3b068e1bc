import fc from 'fast-check';
import { ReconcileQuery, isOneTypo } from '../../src/domain/reconciliation.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { alikeWords } from '../../src/lookup/memory/alikeWords.js';
import { IndexScan } from '../../src/lookup/memory/IndexScan.js';

// Reconciliation finds a query word's typos in the index's dictionary by two anchors (its
// first half, its second half) and passes by the words whose length or bytes rule a typo out
// before their text is decoded. None of those tests may lose a word: every dictionary word
// one typo from a query word must be among its alike words, whatever letters (one byte to
// four in UTF-8) the words are made of and wherever the typo is.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const letter = fc.constantFrom('a', 'b', 'e', 'é', 'ß', 'ж', '語', '𝔸');
const word = fc.array(letter, { minLength: 4, maxLength: 9 }).map((letters) => letters.join(''));

/** `base` with one typo of each kind chosen by `kind`, at `at`. */
function typo(base: string, kind: number, at: number, added: string): string {
  const chars = [...base];
  const i = at % chars.length;
  if (kind === 0) return [...chars.slice(0, i), added, ...chars.slice(i)].join('');
  if (kind === 1) return [...chars.slice(0, i), added, ...chars.slice(i + 1)].join('');
  if (kind === 2) return [...chars.slice(0, i), ...chars.slice(i + 1)].join('');
  const j = Math.min(i, chars.length - 2);
  return [...chars.slice(0, j), chars[j + 1], chars[j], ...chars.slice(j + 2)].join('');
}

describe("a query word's alike words", () => {
  test('hold every dictionary word one typo from it', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 5, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 }), fc.nat(), letter), { minLength: 1, maxLength: 10 }),
        (dictionary, typos) => {
          // the dictionary, and words one typo from some of its words, each a label
          const words = [
            ...dictionary,
            ...typos.map(([n, kind, at, added]) => typo(dictionary[n % dictionary.length] as string, kind, at, added)),
          ];
          const builder = new LabelIndexBuilder('en');
          words.forEach((text, i) =>
            builder.add({ concept: `http://example.org/c${i}`, property: `${SKOS}prefLabel`, value: text, language: 'en' }),
          );
          const scan = new IndexScan(new LabelIndex(builder.build()));
          const index = scan.index;
          for (const queryWord of words) {
            const query = new ReconcileQuery(queryWord);
            if (query.words.length !== 1) continue;
            const [alike] = alikeWords(scan, query, ['en']);
            const found = new Set(alike?.list);
            const folded = query.words[0] as string;
            const expected: string[] = [];
            for (let w = 0; w < index.stats.words; w++) if (isOneTypo(folded, index.word(w)) && !found.has(w)) expected.push(index.word(w));
            expect({ queryWord, missed: expected }).toEqual({ queryWord, missed: [] });
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });
});

import fc from 'fast-check';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { browsePage, languageOrder } from '../../src/lookup/memory/browseInIndex.js';

// A long browsing list asked in another language than the index's own is ordered by that
// language's order of every concept (made once, kept), not sorted label by label: both must
// give the same pages. Checked on random flat vocabularies (every concept a top concept) with
// labels that fold alike, several languages and notations that tie; and the order made
// elsewhere (LanguageOrders.ts) gives them too.

const V = 'https://example.org/v/';
const LABELS = ['Alpha', 'alpha', 'Älpha', 'Beta', 'béta', 'Gamma', 'Ω mega', '東京', 'delta', '𝔸 math', ''];
const concept = fc.record({
  labels: fc.array(fc.tuple(fc.constantFrom(...LABELS), fc.constantFrom('en', 'de', 'fr', '')), { maxLength: 3 }),
  notations: fc.array(fc.constantFrom('1', '10', '2', 'A', 'a'), { maxLength: 2 }),
});

test('a long list gives, page by page, what sorting it for the language gives', () => {
  fc.assert(
    fc.property(
      fc.array(concept, { minLength: 1, maxLength: 60 }),
      fc.constantFrom('de', 'fr', 'ja'),
      fc.integer({ min: 1, max: 7 }),
      (concepts, lang, limit) => {
        const builder = new LabelIndexBuilder('en');
        concepts.forEach((c, i) => {
          builder.typed(`${V}c${i}`);
          builder.triple('inScheme', `${V}c${i}`, `${V}s`, '', false);
          for (const [label, language] of c.labels) builder.triple('prefLabel', `${V}c${i}`, label, language, true);
          for (const notation of c.notations) builder.triple('notation', `${V}c${i}`, notation, '', true);
        });
        const data = builder.build();
        const index = new LabelIndex(data);
        const tops = index.topsOf(index.schemeNumber(`${V}s`) as number);
        expect(tops.length).toBe(concepts.length);
        // the same index on another thread, given the order made on a thread of its own, in shared memory (each keeps the lists it sorted)
        const pooled = new LabelIndex(data);
        const given = languageOrder(index, lang, (length) => new Uint32Array(new SharedArrayBuffer(length * 4)));
        for (let offset = 0; offset < tops.length; offset += limit) {
          const page = { offset, limit };
          const sorted = Array.from(browsePage(index, tops, lang, page, 'en', { longList: Infinity }));
          expect(Array.from(browsePage(index, tops, lang, page, 'en', { longList: 0 }))).toEqual(sorted);
          expect(
            Array.from(browsePage(pooled, pooled.topsOf(pooled.schemeNumber(`${V}s`) as number), lang, page, 'en', { longList: 0, given })),
          ).toEqual(sorted);
        }
      },
    ),
    { numRuns: 200, seed: 36 },
  );
});

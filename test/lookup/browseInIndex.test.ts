import fc from 'fast-check';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { browsePage } from '../../src/lookup/browseInIndex.js';

// A long browsing list asked in another language than the index's own is ordered by that
// language's order of every concept (made once, kept), not sorted label by label: both must
// give the same pages. Checked on random flat vocabularies (every concept a top concept) with
// labels that fold alike, several languages and notations that tie.

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
        const index = new LabelIndex(builder.build());
        const tops = index.topsOf(index.schemeNumber(`${V}s`) as number);
        expect(tops.length).toBe(concepts.length);
        for (let offset = 0; offset < tops.length; offset += limit) {
          const page = { offset, limit };
          expect(Array.from(browsePage(index, tops, lang, page, 'en', 0))).toEqual(
            Array.from(browsePage(index, tops, lang, page, 'en', Infinity)),
          );
        }
      },
    ),
    { numRuns: 200, seed: 36 },
  );
});

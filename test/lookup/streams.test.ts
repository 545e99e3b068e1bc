import fc from 'fast-check';
import { bySpeaking } from '../../src/lookup/memory/streams.js';

// A search reads the entries of several words' lists split by whether the display language
// speaks their label's language: each part ascending, each entry once, and only in a
// language its list may match in, whatever order the lists are in (a range of the text
// order is in no entry order).

const LANGUAGES = 4;
// a list in no order, a word's postings (ascending), or a range of the text order with its
// entries ascending beside it (by its range minima): the last two read lazily where long
const list = fc
  .record({
    entries: fc.uniqueArray(fc.nat(200), { maxLength: 60 }).map((entries) => Uint32Array.from(entries)),
    languages: fc.option(
      fc.array(fc.constantFrom(0, 1), { minLength: LANGUAGES, maxLength: LANGUAGES }).map((bits) => Uint8Array.from(bits)),
      { nil: undefined },
    ),
    held: fc.constantFrom('unordered', 'ascending', 'inOrder'),
  })
  .map(({ entries, languages, held }) => {
    const sorted = Uint32Array.from(entries).sort();
    if (held === 'ascending') return { entries: sorted, languages, ascending: true };
    if (held === 'inOrder') return { entries, languages, inOrder: () => sorted.values() };
    return { entries, languages };
  });

describe('entries split by the display language', () => {
  test('each part is ascending, each entry once, in a language its list may match in, whether lists are copied or read lazily', () => {
    fc.assert(
      fc.property(
        fc.array(list, { maxLength: 5 }),
        fc.array(fc.constantFrom(0, 1), { minLength: LANGUAGES, maxLength: LANGUAGES }),
        (lists, speakingBits) => {
          const speaking = Uint8Array.from(speakingBits);
          const languageOf = (entry: number): number => (entry * 7) % LANGUAGES;
          // as a large vocabulary's lists (read lazily) and as a small one's (copied)
          const lazily = bySpeaking(lists, languageOf, speaking, 0).map((part) => [...part]);
          const parts = bySpeaking(lists, languageOf, speaking).map((part) => [...part]);
          const expected = [1, 0].map((spoken) =>
            [
              ...new Set(
                lists.flatMap(({ entries, languages }) =>
                  [...entries].filter((entry) => {
                    const language = languageOf(entry);
                    return (languages === undefined || languages[language] === 1) && speaking[language] === spoken;
                  }),
                ),
              ),
            ].sort((a, b) => a - b),
          );
          expect(parts).toEqual(expected);
          expect(lazily).toEqual(expected);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { bySpeaking } from '../../src/lookup/memory/streams.js';

// A search reads the entries of several words' lists split by whether the display language
// speaks their label's language: each part ascending, each entry once, and only in a
// language its list may match in, whatever order the lists are in (a range of the text
// order is in no entry order).

const LANGUAGES = 4;
const list = fc.record({
  entries: fc.uniqueArray(fc.nat(200), { maxLength: 60 }).map((entries) => Uint32Array.from(entries)),
  languages: fc.option(
    fc.array(fc.constantFrom(0, 1), { minLength: LANGUAGES, maxLength: LANGUAGES }).map((bits) => Uint8Array.from(bits)),
    { nil: undefined },
  ),
});

describe('entries split by the display language', () => {
  test('each part is ascending, each entry once, in a language its list may match in', () => {
    fc.assert(
      fc.property(
        fc.array(list, { maxLength: 5 }),
        fc.array(fc.constantFrom(0, 1), { minLength: LANGUAGES, maxLength: LANGUAGES }),
        (lists, speakingBits) => {
          const speaking = Uint8Array.from(speakingBits);
          const languageOf = (entry: number): number => (entry * 7) % LANGUAGES;
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
        },
      ),
    );
  });
});

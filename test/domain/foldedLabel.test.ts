import fc from 'fast-check';
import { foldText, foldedLabel } from '../../src/domain/foldedLetter.js';
import { wordsAsWritten } from '../../src/domain/wordsOf.js';

// foldedLabel takes shortcuts for labels in ASCII and in Latin-1 and Latin Extended-A (a
// table made one character at a time): each must give what its definition gives, the
// label's words as written, each folded, joined by one space.

const byDefinition = (label: string): string =>
  wordsAsWritten(label)
    .map((word) => foldText(word))
    .filter((word) => word !== '')
    .join(' ');

const latin = fc.integer({ min: 0, max: 0x17f }).map((code) => String.fromCharCode(code));
const other = fc.constantFrom('\u0301', 'ё', '東', 'ﬁ', 'ẞ', '𝔸', '\u2028', 'Ǆ', 'ǅ');

test('a label in Latin-1 and Latin Extended-A folds as its definition says', () => {
  fc.assert(
    fc.property(fc.array(latin, { maxLength: 30 }), (characters) => {
      const label = characters.join('');
      expect(foldedLabel(label)).toBe(byDefinition(label));
    }),
    { numRuns: 5000, seed: 36 },
  );
  // every character of the table, alone and between words
  for (let code = 0; code < 0x180; code++) {
    const character = String.fromCharCode(code);
    for (const label of [character, `a${character}b`, `Ä ${character} ß`])
      expect([label, foldedLabel(label)]).toEqual([label, byDefinition(label)]);
  }
});

test('a label with other characters too folds as its definition says', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(latin, other), { maxLength: 20 }), (characters) => {
      const label = characters.join('');
      expect(foldedLabel(label)).toBe(byDefinition(label));
    }),
    { numRuns: 3000, seed: 36 },
  );
});

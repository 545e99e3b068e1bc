import fc from 'fast-check';
import { chooseLabel, chooseLabelAt, type Label } from '../../src/domain/chooseLabel.js';
import { compareCodePoints } from '../../src/domain/compareCodePoints.js';

const label = fc.record({
  value: fc.constantFrom('Alpha', 'alpha', 'Älpha', '𝔸', 'ｂ', 'beta', ''),
  language: fc.constantFrom('en', 'de', 'en-gb', '', 'fr'),
});

/** The contract's rule, written as a sort: the language asked for, then none, then the smallest tag; the smallest value among those. */
function byTheRule(labels: Label[], lang: string): string | undefined {
  const tier = (l: Label): number => (l.language === lang ? 0 : l.language === '' ? 1 : 2);
  return [...labels].sort(
    (a, b) => tier(a) - tier(b) || compareCodePoints(a.language, b.language) || compareCodePoints(a.value, b.value),
  )[0]?.value;
}

describe('the label a concept is shown by', () => {
  test('is the one in the language asked for, else one with none, else the smallest tag; the smallest value among equals', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 8 }), fc.constantFrom('en', 'de', 'ja'), (labels, lang) => {
        expect(chooseLabel(labels, lang)).toBe(byTheRule(labels, lang));
      }),
      { numRuns: 2000 },
    );
  });

  test('makes a value only where two labels tie on their language', () => {
    const labels: Label[] = [
      { value: 'Hund', language: 'de' },
      { value: 'dog', language: 'en' },
      { value: 'chien', language: 'fr' },
      { value: 'Dog', language: 'en' },
    ];
    const made: number[] = [];
    const chosen = chooseLabelAt(
      labels.length,
      (i) => (labels[i] as Label).language,
      (i) => (made.push(i), (labels[i] as Label).value),
      'en',
    );
    expect(chosen).toBe(3); // 'Dog' < 'dog' in code points
    expect(made.sort()).toEqual([1, 3]);
  });
});

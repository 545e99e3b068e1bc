import type { MatchedLabel } from '../../src/domain/matchedLabel.js';
import { leadsOf, matchesOf, NEAR_LEAD, type MatchEvidence } from '../../src/domain/matchRules.js';
import { inAnotherNumber } from '../../src/domain/numberForms.js';

/** A candidate as the rules read it: `how` its best label's match, with its counts. */
function candidate(score: number, how: MatchedLabel['how'], more: Partial<MatchEvidence & MatchedLabel> = {}): MatchEvidence {
  const { names = how === 'exact' || how === 'folded', identifier = false, disagrees = false, ...label } = more;
  return {
    score,
    names,
    identifier,
    disagrees,
    matched: {
      label: '',
      language: 'en',
      kind: 'prefLabel',
      how,
      unpaired: how === 'partial' ? 1 : 0,
      stems: 0,
      derived: 0,
      typos: 0,
      ...label,
    },
  };
}

describe('the match rules', () => {
  test('names: the one concept whose label names the query, and nothing by nearness', () => {
    expect(matchesOf('names', [candidate(100, 'folded'), candidate(50, 'partial')], 1, true)).toEqual([true, false]);
    expect(matchesOf('names', [candidate(80, 'typo', { typos: 1 }), candidate(40, 'partial')], 0, false)).toEqual([false, false]);
  });

  test('near: the first candidate alone a typo, a number or an order from the name, leading by NEAR_LEAD, matches', () => {
    for (const how of ['typo', 'number', 'order', 'spelling', 'article'] as const)
      expect(matchesOf('near', [candidate(80, how), candidate(80 - NEAR_LEAD, 'partial')], 0, false)).toEqual([true, false]);
  });

  test('near: two candidates as near, a lead under NEAR_LEAD, a derivation, a disagreeing property or a namesake anywhere: no match', () => {
    expect(matchesOf('near', [candidate(80, 'typo'), candidate(78, 'typo')], 0, false)).toEqual([false, false]);
    expect(matchesOf('near', [candidate(80, 'typo'), candidate(80 - NEAR_LEAD + 1, 'partial')], 0, false)).toEqual([false, false]);
    expect(matchesOf('near', [candidate(90, 'stem', { derived: 1 }), candidate(40, 'partial')], 0, false)).toEqual([false, false]);
    expect(matchesOf('near', [candidate(80, 'typo', { disagrees: true }), candidate(40, 'partial')], 0, false)).toEqual([false, false]);
    // a concept names the query but disagrees with a property: no other is matched by nearness
    expect(matchesOf('near', [candidate(80, 'typo'), candidate(50, 'folded', { disagrees: true })], 0, true)).toEqual([false, false]);
  });

  test('near on candidates that were not looked for a typo away (the store path): a typo is no evidence, another order still is', () => {
    const typo = [candidate(80, 'typo', { typos: 1 }), candidate(40, 'partial')];
    expect(matchesOf('near', typo, 0, false, true)).toEqual([true, false]);
    expect(matchesOf('near', typo, 0, false, false)).toEqual([false, false]);
    expect(matchesOf('near', [candidate(99, 'order'), candidate(40, 'partial')], 0, false, false)).toEqual([true, false]);
  });

  test('loose: where none is near, a label one word more or less, alone and leading', () => {
    const partial = [candidate(80, 'partial'), candidate(50, 'partial', { unpaired: 2 })];
    expect(matchesOf('near', partial, 0, false)).toEqual([false, false]);
    expect(matchesOf('loose', partial, 0, false)).toEqual([true, false]);
    expect(matchesOf('loose', [candidate(80, 'partial'), candidate(70, 'partial')], 0, false)).toEqual([false, false]);
  });

  test("each candidate's lead is its score less the best other's", () => {
    expect(leadsOf([90, 80, 80])).toEqual([10, -10, -10]);
    expect(leadsOf([90])).toEqual([90]);
  });
});

describe('a word in another number', () => {
  test.each([
    ['library', 'libraries', 'en', true],
    ['book', 'books', 'en', true],
    ['box', 'boxes', 'en', true],
    ['education', 'educational', 'en', false],
    ['composite', 'composition', 'en', false],
    ['iran', 'iranism', 'en', false],
    ['buch', 'bucher', 'de', true],
    ['libro', 'libri', 'it', true],
    ['kirja', 'kirjat', 'fi', true],
    ['casa', 'casas', 'ca', false], // no endings listed for Catalan: a stem there is never trusted as a number
  ])('%s / %s (%s): %s', (a, b, tag, expected) => {
    expect(inAnotherNumber(a, b, tag)).toBe(expected);
    expect(inAnotherNumber(b, a, tag)).toBe(expected);
  });
});

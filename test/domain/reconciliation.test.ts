import { ReconcileQuery, isOneTypo, typoAnchors } from '../../src/domain/reconciliation.js';

const words = (text: string): string[] => text.split(' ');

describe('one typo', () => {
  test.each([
    ['library', 'libary', true], // a letter left out
    ['library', 'librarry', true], // one added
    ['library', 'librery', true], // one changed
    ['library', 'lbirary', true], // neighbours swapped
    ['library', 'library', false], // equal is no typo
    ['library', 'lbiraryy', false], // two
    ['libra', 'libre', true], // five letters
    ['cats', 'cots', false], // four letters: too short to forgive
    ['cheval', 'chevaux', false],
  ])('%s / %s: %s', (a, b, typo) => {
    expect(isOneTypo(a, b)).toBe(typo);
    expect(isOneTypo(b, a)).toBe(typo);
  });

  test("a word with one typo starts with the query word's letters to the middle one, or to it and the one after it, or ends with its part after the middle letter", () => {
    expect(typoAnchors('library')).toEqual({ prefixes: ['libr', 'liba'], suffix: 'ary' });
    expect(typoAnchors('tea')).toBeUndefined();
  });

  test('every word one typo from a query word is found by its anchors, wherever the typo is', () => {
    // every typo of every kind at every place, in words of five to nine letters, one with a letter outside the BMP
    const letters = ['a', 'b', 'e', 'é', '𝔸'];
    for (const word of ['abcde', 'abcdef', 'abcdefg', 'aabbccdd', 'ab𝔸deéghi']) {
      const anchors = typoAnchors(word);
      if (anchors === undefined) throw new Error(`${word} has no anchors`);
      const chars = [...word];
      const typos = new Set<string>();
      for (let at = 0; at <= chars.length; at++) {
        for (const letter of letters) {
          typos.add([...chars.slice(0, at), letter, ...chars.slice(at)].join('')); // added
          if (at < chars.length) typos.add([...chars.slice(0, at), letter, ...chars.slice(at + 1)].join('')); // changed
        }
        if (at < chars.length) typos.add([...chars.slice(0, at), ...chars.slice(at + 1)].join('')); // left out
        if (at + 1 < chars.length) typos.add([...chars.slice(0, at), chars[at + 1], chars[at], ...chars.slice(at + 2)].join('')); // swapped
      }
      const missed = [...typos].filter(
        (typo) => isOneTypo(word, typo) && !anchors.prefixes.some((prefix) => typo.startsWith(prefix)) && !typo.endsWith(anchors.suffix),
      );
      expect(missed).toEqual([]);
      expect([...typos].filter((typo) => isOneTypo(word, typo)).length).toBeGreaterThan(chars.length * 4);
    }
  });
});

describe('the score', () => {
  test('100 only for a label equal to the query word by word', () => {
    expect(new ReconcileQuery('Public Libraries').score(words('public libraries'), 'en')).toBe(100);
    expect(new ReconcileQuery('Libraries, Public').score(words('public libraries'), 'en')).toBe(99); // all words, another order
    expect(new ReconcileQuery('The Sun').score(words('sun'), 'en')).toBe(99.5); // its filing form
  });

  test('equal words count 1, a shared stem 0.9, one typo 0.8, as a Dice coefficient over both word counts', () => {
    expect(new ReconcileQuery('public library').score(words('public libraries'), 'en')).toBeCloseTo((100 * 2 * 1.9) / 4, 5);
    expect(new ReconcileQuery('publik libraries').score(words('public libraries'), 'en')).toBeCloseTo((100 * 2 * 1.8) / 4, 5); // "publik": one typo
    expect(new ReconcileQuery('libraries').score(words('public libraries'), 'en')).toBeCloseTo((100 * 2 * 1) / 3, 5);
    expect(new ReconcileQuery('museums').score(words('public libraries'), 'en')).toBe(0);
  });

  test('a stem needs a stemmer for the label language; a typo does not', () => {
    expect(new ReconcileQuery('libraries').score(words('library'), 'en')).toBe(90);
    expect(new ReconcileQuery('libraries').score(words('library'), '')).toBe(0); // untagged: no stemmer, and "ies"/"y" is two letters
    expect(new ReconcileQuery('librarys').score(words('library'), '')).toBe(80);
  });

  test('a label word serves one query word only', () => {
    expect(new ReconcileQuery('tea tea').score(words('tea'), 'en')).toBeCloseTo((100 * 2 * 1) / 3, 5);
  });
});

describe('how a label matched (explain)', () => {
  const how = (q: string, label: string, language = 'en'): object => new ReconcileQuery(q).explain(words(label), language);
  test.each([
    ['Public Libraries', 'public libraries', { how: 'folded', unpaired: 0, typos: 0, stems: 0, derived: 0 }],
    ['The Sun', 'sun', { how: 'article' }],
    ['Libraries, Public', 'public libraries', { how: 'inverted' }],
    ['libraries public', 'public libraries', { how: 'order' }],
    ['Public library', 'public libraries', { how: 'number', stems: 1 }],
    ['Pubic libraries', 'public libraries', { how: 'typo', typos: 1 }],
    ['Public libarys', 'public libraries', { how: 'partial', unpaired: 2 }], // two letters off: the word is not paired
    ['Xylophone', 'public libraries', { how: 'none' }],
    ['Health educational', 'health education', { how: 'stem', derived: 1 }],
    ['Public libraries (Buildings)', 'public libraries', { how: 'partial', unpaired: 1 }],
  ])('%s against the label "%s": %o', (q, label, expected) => {
    expect(how(q, label)).toMatchObject(expected);
  });

  test('a word a typo from the name that shares its stem too counts as a typo, not a derivation', () => {
    // Swedish stems eskols and eskola alike: still one letter changed
    expect(how('Eskols Kannus', 'eskola kannus', 'sv')).toMatchObject({ how: 'typo', typos: 1, derived: 0 });
  });
});

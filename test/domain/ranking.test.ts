import { foldedLabel } from '../../src/domain/foldedLetter.js';
import { searchTerms, suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery, matchKey, withinTierKey } from '../../src/domain/ranking.js';
import { spellingsOf } from '../../src/domain/spellings.js';

// The contract's matching and ranking rules (API.md, "GET /search and GET /suggest") as the
// domain decides them; test/http and the property test in test/index hold the endpoints and
// both store paths to the same answers.

const words = (label: string): string[] => foldedLabel(label).split(' ');
const search = (q: string, label: string, language: string) => new RankQuery('search', searchTerms(q)).match(words(label), language);
const suggest = (q: string, label: string, language: string) => new RankQuery('suggest', suggestTerms(q)).match(words(label), language);

describe('the ranking rules', () => {
  test('a label files without one leading article of its own language, and either form counts', () => {
    expect(suggest('sun', 'The Sun', 'en')).toEqual({ tier: 1, stemmed: false });
    expect(suggest('the sun', 'The Sun', 'en')).toEqual({ tier: 1, stemmed: false });
    expect(suggest('the sun', 'Sun', 'en')).toEqual({ tier: 1, stemmed: false });
    expect(suggest('monde', 'Le Monde', 'fr')).toEqual({ tier: 1, stemmed: false });
    expect(suggest('monde', "L'Monde", 'fr')).toEqual({ tier: 1, stemmed: false });
    // not in another language, not untagged, not a one-word label
    expect(suggest('sun', 'The Sun', 'de')).toEqual({ tier: 3, stemmed: false });
    expect(suggest('sun', 'The Sun', '')).toEqual({ tier: 3, stemmed: false });
    expect(suggest('the', 'The', 'en')).toEqual({ tier: 1, stemmed: false });
  });

  test("/search matches Snowball stems in the label's language, after whole words of the same tier", () => {
    expect(search('exoplanet', 'Exoplanets', 'en')).toEqual({ tier: 1, stemmed: true });
    expect(search('black hole', 'Black holes', 'en')).toEqual({ tier: 1, stemmed: true });
    expect(search('black hole', 'Black hole physics', 'en')).toEqual({ tier: 2, stemmed: false });
    expect(search('hole', 'Black holes', 'en')).toEqual({ tier: 3, stemmed: true });
    expect(search('exoplanet', 'Exoplanets', '')).toBeUndefined(); // untagged: not stemmed
    expect(search('cats', 'Cat', 'en')).toEqual({ tier: 1, stemmed: true });
    expect(search('cities', 'City', 'en')).toEqual({ tier: 1, stemmed: true }); // Snowball's y/i
    expect(search('ka', 'Kas', 'en')).toBeUndefined(); // a stem under three letters finds nothing
    expect(search('exoplanet*', 'Exoplanetary', 'en')).toEqual({ tier: 4, stemmed: false }); // a `*` word is a prefix, never a stem
    expect(suggest('exoplanets', 'Exoplanet', 'en')).toBeUndefined(); // /suggest: word starts only
    expect(matchKey({ tier: 1, stemmed: false }, true)).toBeLessThan(matchKey({ tier: 1, stemmed: true }, true));
    expect(matchKey({ tier: 1, stemmed: true }, true)).toBeLessThan(matchKey({ tier: 1, stemmed: false }, false));
    expect(matchKey({ tier: 1, stemmed: false }, false)).toBeLessThan(matchKey({ tier: 2, stemmed: false }, true));
  });

  test('oe, ue, ae and aa in a query also stand for ö, ü, ä and å', () => {
    expect(spellingsOf('oekonom')).toEqual(['oekonom', 'okonom']);
    expect(spellingsOf('aalborg')).toEqual(['aalborg', 'alborg']);
    expect(suggest('oekonom', 'Ökonomie', 'de')).toEqual({ tier: 2, stemmed: false });
    expect(search('muenchen', 'München', 'de')).toEqual({ tier: 1, stemmed: false });
    expect(spellingsOf('oe'.repeat(21))).toHaveLength(1); // a long word is taken as typed
    expect(spellingsOf('oeoeoeoeoe')).toHaveLength(16); // four digraphs at most
    // and four in the whole query, whose words' spellings the label index combines
    const many = new RankQuery('suggest', suggestTerms(Array(12).fill('oeae').join(' ')));
    expect(many.forms().reduce((sum, form) => sum + form.texts.length, 0)).toBeLessThanOrEqual(16);
  });

  test('within a tier: prefLabel, then standing, then the shorter label, then the tie rank (prefLabel, then URI)', () => {
    const key = (pref: boolean, standing: number, length: number, tie: number): number => withinTierKey(pref, standing, length, tie);
    expect(key(true, 0, 90, 9)).toBeLessThan(key(false, 9, 1, 0));
    expect(key(true, 3, 50, 9)).toBeLessThan(key(true, 1, 4, 0));
    expect(key(true, 1, 4, 9)).toBeLessThan(key(true, 1, 5, 0));
    expect(key(true, 1, 4, 1)).toBeLessThan(key(true, 1, 4, 2));
    // past its ranges a part saturates, never spills into the part before it
    expect(key(true, 1, 10 ** 6, 2 ** 30)).toBeLessThan(key(true, 0, 1, 0));
    expect(key(true, 0, 10 ** 6, 2 ** 30)).toBeLessThan(key(false, 9, 1, 0));
  });
});

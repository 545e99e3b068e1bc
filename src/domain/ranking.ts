import { filingForm, isArticle, isArticleAnywhere } from './filingForm.js';
import type { QueryTerm } from './QueryTerm.js';
import { MOST_DIGRAPHS, spellingsOf } from './spellings.js';
import { hasStemmer, stemOf, stemStart } from './stems.js';

/**
 * The contract's matching and ranking rules for /search and /suggest (API.md, "GET /search
 * and GET /suggest"), in one place: the label index and the store path both decide with
 * this module, the one over its in-memory labels, the other over the candidate labels the
 * store's queries fetch. `test/index/LabelIndex.test.ts` holds the two to the same pages.
 *
 * A label is given as its folded words (lower case, no diacritics: `foldedLabel`) and its
 * language tag (lower case, "" for none). A concept ranks at its best label by
 * (`matchKey`, `withinTierKey`), then by URI.
 */

export type Endpoint = 'search' | 'suggest';

/** How a label matched: its tier (1 best) and whether that needed a word stem (/search only). */
export interface LabelMatch {
  tier: number;
  stemmed: boolean;
}

/** One query word: the spellings it stands for (`spellingsOf`), and whether it may start a longer word. */
interface Word {
  spellings: readonly string[];
  prefix: boolean;
  /** Its stems (and what words of each start with) by label language, computed when first needed. */
  stems: Map<string, readonly { stem: string; start: string }[]>;
}

/** How a query word relates to a label word: equal (a spelling is the word), by stem, as a prefix, or not at all. */
const EQUAL = 0;
const STEM = 1;
const PREFIX = 2;
const NONE = 3;

/** A /search or /suggest query, ready to be compared with labels. */
export class RankQuery {
  /** The query's words; empty when `q` has none (a notation may still match). */
  readonly words: readonly Word[];
  private scratch = new Uint8Array(64);
  constructor(
    readonly endpoint: Endpoint,
    terms: readonly QueryTerm[],
  ) {
    let digraphs = MOST_DIGRAPHS; // for the whole query: the forms() combine the words' spellings
    this.words = terms.map(({ folded, prefix }) => {
      const spellings = spellingsOf(folded, digraphs);
      digraphs -= Math.log2(spellings.length);
      return { spellings, prefix, stems: new Map() };
    });
  }

  /**
   * Whether the query may have a filing form: more than one word, the first an article in
   * some language (whether it is one for a label, that label's language decides).
   */
  get mayDropArticle(): boolean {
    return this.words.length > 1 && (this.words[0] as Word).spellings.some(isArticleAnywhere);
  }

  /**
   * The folded texts that a label's form (its words joined by one space) may equal or start
   * with to fall in tiers 1 and 2: every spelling of the query, and of its filing form (for
   * a label in a language whose article the first word is). The label index looks these
   * texts up; this module decides.
   */
  forms(): { texts: string[] }[] {
    const texts = (words: readonly Word[]): string[] =>
      words.reduce<string[]>(
        (starts, word) => starts.flatMap((start) => word.spellings.map((spelling) => (start === '' ? spelling : `${start} ${spelling}`))),
        [''],
      );
    const forms = [{ texts: texts(this.words) }];
    if (this.mayDropArticle) forms.push({ texts: texts(this.words.slice(1)) });
    return forms;
  }

  /**
   * Whether query word `i` may match the label word `word` (folded) in a label of one of
   * `languages`: equal to one of its spellings, started by one where it may be a prefix, or
   * sharing its stem. A cheap test of a word once, before the labels that hold it.
   */
  mayMatchWord(i: number, word: string, languages: readonly string[]): boolean {
    const query = this.words[i] as Word;
    return languages.some((language) => this.relate(query, word, language, this.endpoint === 'search' && hasStemmer(language)) !== NONE);
  }

  /**
   * How query word `i` relates to the label word `word` (folded) in a label of `language`:
   * `equal` (a spelling is the word), `stem` (they share a stem: /search, a language with a
   * stemmer), `prefix` (a `*` word, or any /suggest word, starts it), or undefined.
   */
  relation(i: number, word: string, language: string): 'equal' | 'stem' | 'prefix' | undefined {
    const r = this.relate(this.words[i] as Word, word, language, this.endpoint === 'search' && hasStemmer(language));
    return r === EQUAL ? 'equal' : r === STEM ? 'stem' : r === PREFIX ? 'prefix' : undefined;
  }

  /**
   * How the label (folded words, language tag) matches, or undefined when it does not. The
   * tiers (API.md), each first without and then with stems:
   * - /search: 1 the label equals the query word by word; 2 it starts with the query's
   *   words; 3 every query word equals a word of the label; 4 the rest (`*` prefixes);
   * - /suggest: 1 the label equals the query; 2 it starts with the query (its last word
   *   may be the start of a longer word); 3 every query word starts a word of the label.
   * In tiers 1 and 2 either form of the label (all its words, or its filing form) against
   * either form of the query counts.
   */
  match(words: readonly string[], language: string): LabelMatch | undefined {
    const query = this.words;
    if (query.length === 0 || words.length === 0) return undefined;
    const search = this.endpoint === 'search';
    const stems = search && hasStemmer(language);
    // relation of query word i to label word j, computed once (scratch space: matching is synchronous)
    const size = query.length * words.length;
    if (this.scratch.length < size) this.scratch = new Uint8Array(Math.max(size, 2 * this.scratch.length));
    const relations = this.scratch;
    relations.fill(255, 0, size);
    const relation = (i: number, word: string, j: number): number => {
      let known = relations[i * words.length + j] as number;
      if (known === 255) {
        known = this.relate(query[i] as Word, word, language, stems);
        relations[i * words.length + j] = known;
      }
      return known;
    };
    const labelForms: { words: readonly string[]; skip: number }[] = [{ words, skip: 0 }];
    if (filingForm(words, language) !== undefined) labelForms.push({ words: words.slice(1), skip: 1 });
    const queryStarts = [0];
    if (query.length > 1 && (query[0] as Word).spellings.some((spelling) => isArticle(spelling, language))) queryStarts.push(1);
    // worst: the worst relation allowed for a whole word (EQUAL, or STEM); the last word of a
    // /suggest query may be a prefix in tier 2
    const aligned = (whole: boolean, worst: number): boolean =>
      labelForms.some((form) =>
        queryStarts.some((start) => {
          const count = query.length - start;
          if (whole ? form.words.length !== count : form.words.length < count) return false;
          for (let i = 0; i < count; i++) {
            const r = relation(start + i, form.words[i] as string, form.skip + i);
            const last = i === count - 1;
            if (!(r <= worst || (!search && !whole && last && r === PREFIX))) return false;
          }
          return true;
        }),
      );
    const everyWord = (worst: number): boolean => query.every((_, i) => words.some((word, j) => relation(i, word, j) <= worst));
    if (search) {
      if (aligned(true, EQUAL)) return { tier: 1, stemmed: false };
      if (stems && aligned(true, STEM)) return { tier: 1, stemmed: true };
      if (aligned(false, EQUAL)) return { tier: 2, stemmed: false };
      if (stems && aligned(false, STEM)) return { tier: 2, stemmed: true };
      if (everyWord(EQUAL)) return { tier: 3, stemmed: false };
      if (stems && everyWord(STEM)) return { tier: 3, stemmed: true };
      if (!query.some((word) => word.prefix)) return undefined;
      // tier 4: a `*` word starts a label word (the other words equal one, or share its stem)
      if (!everyWord(PREFIX)) return undefined;
      const stemmed = query.some(
        (_, i) =>
          !words.some((w, j) => {
            const r = relation(i, w, j);
            return r === EQUAL || r === PREFIX;
          }),
      );
      return { tier: 4, stemmed };
    }
    if (aligned(true, EQUAL)) return { tier: 1, stemmed: false };
    if (aligned(false, EQUAL)) return { tier: 2, stemmed: false };
    return everyWord(PREFIX) ? { tier: 3, stemmed: false } : undefined;
  }

  private relate(query: Word, word: string, language: string, stems: boolean): number {
    if (query.spellings.includes(word)) return EQUAL;
    // a `*` word is a prefix, never a stem; a label word can share a stem only if it starts as the stem does
    if (stems && !query.prefix) {
      const own = this.stemsOf(query, language);
      if (own.some(({ start }) => word.startsWith(start))) {
        const stem = stemOf(word, language);
        if (own.some((entry) => entry.stem === stem)) return STEM;
      }
    }
    // /suggest: every word may start a longer one; /search: a `*` word
    if ((this.endpoint === 'suggest' || query.prefix) && query.spellings.some((spelling) => word.startsWith(spelling))) return PREFIX;
    return NONE;
  }

  private stemsOf(query: Word, language: string): readonly { stem: string; start: string }[] {
    let stems = query.stems.get(language);
    if (stems === undefined) {
      stems = query.spellings.flatMap((spelling) => stemStart(spelling, language) ?? []);
      query.stems.set(language, stems);
    }
    return stems;
  }
}

/**
 * The first part of a label's rank: tier, then speaking the display language, then (for
 * /search) a match of whole words before one that needed stems. 0 is best, at most 15.
 * A notation equal to `q` ranks as `matchKey({ tier: 1, stemmed: false }, true)`, before
 * every label of that key.
 */
export function matchKey(match: LabelMatch, speaks: boolean): number {
  return ((match.tier - 1) * 2 + (speaks ? 0 : 1)) * 2 + (match.stemmed ? 1 : 0);
}

/**
 * The order within a tier (API.md), as a number, smaller first: a prefLabel before an alt
 * or hidden label, then the concept's standing (higher first), then the shorter label (in
 * code points), then `tie`, the concept's place in the order of its prefLabel chosen for the
 * configured default language and then its URI (both in code point order). The prefLabel is
 * the default language's whatever `lang` asks for: a label's place never depends on the
 * request but for its tier, so the label index numbers its entries by this key once.
 *
 * Exact while standing < 64, length < 65,536 and tie < 2^24 (16.7 million concepts); beyond
 * those, longer labels and later ties share the last value and the entry number decides.
 */
export function withinTierKey(pref: boolean, standing: number, length: number, tie: number): number {
  const standingPart = 63 - Math.min(63, Math.max(0, standing));
  return (((pref ? 0 : 1) * 64 + standingPart) * 65_536 + Math.min(65_535, length)) * 2 ** 24 + Math.min(2 ** 24 - 1, tie);
}

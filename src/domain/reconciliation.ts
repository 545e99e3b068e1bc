import { hasFilingForm, isArticle, isArticleAnywhere } from './filingForm.js';
import { candidateWords, searchTerms, type CandidateTerm } from './matchPatterns.js';
import { inAnotherNumber } from './numberForms.js';
import { RankQuery } from './ranking.js';

/**
 * The scoring rules of reconciliation (docs/openrefine.md, "Reconciliation"): how well a label matches
 * a name from a spreadsheet cell, from /search's rules (folding, spellings, stems, filing
 * forms) and extended for the mess of spreadsheets: word order does not matter, and one typo
 * in a word of five letters or more still counts.
 *
 * A label's score, 0 to 100: each query word is paired with the label word it matches best
 * (each label word serves one query word): 1 for an equal word (a spelling of it), 0.9 for
 * one sharing its stem in the label's language, 0.8 for one typo (one letter added, left
 * out, changed, or two neighbours swapped) in words of five letters or more on both sides.
 * With S the sum over the query words, the score is 100 × 2S / (query words + label words)
 * (the Dice coefficient), less 1 when the paired words are not in the query's order, and
 * at most 99.5 (every word equal and in order: a filing form) or 99 (anything else); over
 * the label's words and its filing form, and over the query's words and its filing form
 * (without a leading article of the label's language), the best. A label equal to the query
 * word by word (its folded text) scores 100; nothing else does.
 */
export class ReconcileQuery {
  /** The query's folded words (`*` is no prefix mark here). */
  readonly words: readonly string[];
  /** The folded query: its words joined by one space, as labels are held. */
  readonly text: string;
  private readonly rank: RankQuery;
  /**
   * `likeness` as asked so far, by language and label word, per query word (-1: not yet):
   * the labels a query scores share words (each holds one alike to a query word), and a
   * likeness may need a stem or a typo test.
   */
  private readonly likenesses = new Map<string, Map<string, number[]>>();
  /** `formScore`'s scratch space: which label words are paired already (scoring is synchronous). */
  private used = new Uint8Array(8);

  /**
   * An inverted heading's words in natural order, where the query is one (`Libraries,
   * Public`, `heritage, cultural`: the words after its one comma, then those before it).
   */
  readonly inverted: readonly string[] | undefined;

  constructor(q: string) {
    const terms = searchTerms(q).map(({ folded }) => ({ folded, prefix: false }));
    this.rank = new RankQuery('search', terms);
    this.words = terms.map(({ folded }) => folded);
    this.text = this.words.join(' ');
    const parts = q.split(',');
    const before = parts.length === 2 ? searchTerms(parts[0] as string).map(({ folded }) => folded) : [];
    const after = parts.length === 2 ? searchTerms(parts[1] as string).map(({ folded }) => folded) : [];
    this.inverted = before.length > 0 && after.length > 0 ? [...after, ...before] : undefined;
  }

  /**
   * How much query word `i` and label word `word` (folded) of a label in `language` are
   * alike: 1 equal, 0.9 same stem, 0.8 one typo, 0 not alike.
   */
  likeness(i: number, word: string, language: string): number {
    return this.alike(i, this.rowsOf([word], language)[0] as number[], word, language);
  }

  /** The likeness rows (see `likenesses`) of a label's words in `language`, looked up once a label. */
  private rowsOf(words: readonly string[], language: string): number[][] {
    let byWord = this.likenesses.get(language);
    if (byWord === undefined) this.likenesses.set(language, (byWord = new Map()));
    const rows: number[][] = [];
    for (const word of words) {
      let row = byWord.get(word);
      if (row === undefined) byWord.set(word, (row = new Array<number>(this.words.length).fill(-1)));
      rows.push(row);
    }
    return rows;
  }

  /** `likeness` of query word `i` and a label word whose row is `row`: computed the first time it is asked. */
  private alike(i: number, row: number[], word: string, language: string): number {
    let known = row[i] as number;
    if (known < 0) {
      const relation = this.rank.relation(i, word, language);
      known = relation === 'equal' ? 1 : relation === 'stem' ? STEM : isOneTypo(this.words[i] as string, word) ? TYPO : 0;
      row[i] = known;
    }
    return known;
  }

  /**
   * Where the label words that query word `i` may score against are, in a list of words
   * sorted by their text: those equal to or starting with a `starts` item (its spellings and
   * the starts of its stems in `languages`, each with the languages whose stem starts so:
   * `mayMatchWord` then decides in those), and for a typo,
   * those starting with one of `typo.prefixes` or ending with `typo.suffix` (`typoAnchors`):
   * `isTypo` then decides.
   */
  wordLookups(i: number, languages: readonly string[]): { starts: CandidateTerm[]; typo: ReturnType<typeof typoAnchors> } {
    const word = this.words[i] as string;
    const starts = candidateWords(new RankQuery('search', [{ folded: word, prefix: false }]), languages)[0] ?? [];
    return { starts, typo: typoAnchors(word) };
  }

  /** Whether query word `i` may score against the label word `word` in any of `languages`: a cheap test of a word once. */
  mayMatchWord(i: number, word: string, languages: readonly string[]): boolean {
    return languages.some((language) => this.likeness(i, word, language) > 0);
  }

  /** Whether the label word `word` is query word `i` with one typo (`likeness` 0.8 or more, in any language). */
  isTypo(i: number, word: string): boolean {
    return isOneTypo(this.words[i] as string, word);
  }

  /** Whether the label (folded words) equals the query: the whole folded text, word by word, in order. */
  equals(words: readonly string[]): boolean {
    return words.length === this.words.length && words.every((word, i) => word === this.words[i]);
  }

  /**
   * Whether the label names what the query names, so that a match may rest on it: the label
   * equals the query, or the query less a leading article of the label's language (`The
   * Sun` and `Sun`@en), or the query is the label as an inverted heading (`Libraries,
   * Public` and `Public libraries`).
   */
  names(words: readonly string[], language: string): boolean {
    if (this.equals(words)) return true;
    if (this.inverted !== undefined && words.length === this.inverted.length && words.every((word, i) => word === this.inverted?.[i]))
      return true;
    return (
      this.words.length === words.length + 1 &&
      words.length > 0 &&
      isArticle(this.words[0] as string, language) &&
      words.every((word, i) => word === this.words[i + 1])
    );
  }

  /**
   * The folded texts a label that `names` the query may have: the query's, the query less its
   * first word (an article), and an inverted heading in natural order. The label index looks
   * each up whole, so that every concept that may be a match is a candidate.
   */
  get namingTexts(): string[] {
    return [
      this.text,
      ...(this.words.length > 1 && isArticleAnywhere(this.words[0] as string) ? [this.words.slice(1).join(' ')] : []),
      ...(this.inverted === undefined ? [] : [this.inverted.join(' ')]),
    ];
  }

  /** The label's score, 0 to 100 (the class comment has the formula). */
  score(words: readonly string[], language: string): number {
    return this.bestForm(words, language, undefined);
  }

  /**
   * How a label (folded words, in `language`) matches the query, for a candidate's features
   * and the match rule (nameMatch.ts): by its folded text, less an article, as an inverted
   * heading, or word by word (the pairing its score rests on: how many words are paired on
   * each side, and how many of them by a stem or a typo).
   */
  explain(words: readonly string[], language: string): LabelMatch {
    if (this.equals(words)) return { how: 'folded', unpaired: 0, stems: 0, derived: 0, typos: 0 };
    if (this.names(words, language))
      return { how: this.words.length === words.length ? 'inverted' : 'article', unpaired: 0, stems: 0, derived: 0, typos: 0 };
    const pairing: Pairing = { paired: 0, stems: 0, derived: 0, typos: 0, inOrder: true, unpaired: 0, filing: false, score: -1 };
    this.bestForm(words, language, pairing);
    const { stems, derived, typos, unpaired, inOrder, paired, filing } = pairing;
    const how =
      paired === 0
        ? 'none'
        : unpaired > 0
          ? 'partial'
          : derived > 0
            ? 'stem'
            : typos > 0
              ? 'typo'
              : stems > 0
                ? 'number'
                : !inOrder
                  ? 'order'
                  : filing
                    ? 'article'
                    : 'spelling';
    return { how, unpaired, stems, derived, typos };
  }

  /** The best score over the label's forms and the query's (`score`); with `pairing`, the best form's pairing is written there. */
  private bestForm(words: readonly string[], language: string, pairing: Pairing | undefined): number {
    if (this.words.length === 0 || words.length === 0) return 0;
    if (this.equals(words)) return 100;
    // the label's forms: all its words, and its filing form (without its first word, an article)
    const skips = hasFilingForm(words, language) ? [0, 1] : [0];
    const queryStarts = hasFilingForm(this.words, language) ? [0, 1] : [0];
    const rows = this.rowsOf(words, language);
    let best = 0;
    for (const skip of skips)
      for (const start of queryStarts) best = Math.max(best, this.formScore(start, words, skip, rows, language, pairing));
    return best;
  }

  /**
   * The score of the query's words from `start` against a form of a label: its words from
   * `skip` on (`rows`: their likeness rows). With `pairing`, its pairing is written there
   * where it scores more than the one there.
   */
  private formScore(
    start: number,
    words: readonly string[],
    skip: number,
    rows: readonly number[][],
    language: string,
    pairing?: Pairing,
  ): number {
    if (this.used.length < words.length) this.used = new Uint8Array(2 * words.length);
    const used = this.used;
    used.fill(0, 0, words.length);
    let sum = 0;
    let inOrder = true;
    let last = -1;
    let paired = 0;
    let stems = 0;
    let derived = 0;
    let typos = 0;
    for (let i = start; i < this.words.length; i++) {
      let bestWord = -1;
      let bestLikeness = 0;
      for (let j = skip; j < words.length; j++) {
        if (used[j] === 1) continue;
        const likeness = this.alike(i, rows[j] as number[], words[j] as string, language);
        if (likeness > bestLikeness) [bestWord, bestLikeness] = [j, likeness];
        if (likeness === 1) break;
      }
      if (bestWord < 0) continue;
      used[bestWord] = 1;
      sum += bestLikeness;
      paired++;
      // a shared stem is a number (plural, singular), a typo that keeps the stem, or a
      // derivation: told apart only for an explanation
      if (bestLikeness === STEM && pairing !== undefined) {
        const [a, b] = [this.words[i] as string, words[bestWord] as string];
        if (inAnotherNumber(a, b, language)) stems++;
        else if (isOneTypo(a, b)) typos++;
        else derived++;
      } else if (bestLikeness === STEM) stems++;
      else if (bestLikeness === TYPO) typos++;
      if (bestWord < last) inOrder = false;
      last = bestWord;
    }
    const dice = (100 * 2 * sum) / (this.words.length - start + words.length - skip);
    // only a label equal to the query word by word scores 100 (`score` checks that first); every
    // word equal and in order (a filing form) 99.5; every word equal in another order 99
    const score = Math.min(dice === 100 && inOrder ? 99.5 : 99, Math.max(0, dice - (inOrder ? 0 : 1)));
    if (pairing !== undefined && score > pairing.score)
      Object.assign(pairing, {
        score,
        paired,
        stems,
        derived,
        typos,
        inOrder,
        filing: start + skip > 0,
        unpaired: this.words.length - start + words.length - skip - 2 * paired,
      });
    return score;
  }
}

/** The likeness of a word that shares the query word's stem, and of one a typo away from it. */
const STEM = 0.9;
const TYPO = 0.8;

/**
 * How a label matched a name: `folded` (its folded text is the name's: case, accents,
 * punctuation and spaces aside), `article` (the same words less a leading article, on either
 * side), `inverted` (the name is the label as an inverted heading), `order` (the same words
 * in another order), `spelling` (the same words in order, some in another spelling: `oe` for
 * `ö`), `number` (every word paired, some in another number: plural, singular), `typo` (every
 * word paired, some a typo apart), `stem` (every word paired, some only by a stem a derivation
 * shares: `education`, `educational`), `partial` (words left unpaired on one side or both), `none`.
 * Where the label's text is the name as typed, nameMatch.ts says `exact`.
 */
export interface LabelMatch {
  how: 'folded' | 'article' | 'inverted' | 'order' | 'spelling' | 'number' | 'typo' | 'stem' | 'partial' | 'none';
  /** Words of the name or of the label paired with none of the other's. */
  unpaired: number;
  /** Words paired as one word in two numbers (numberForms.ts), words paired by another shared stem (a derivation), words paired a typo apart. */
  stems: number;
  derived: number;
  typos: number;
}

/** The pairing a form's score rests on (`ReconcileQuery.explain`). */
interface Pairing {
  score: number;
  paired: number;
  stems: number;
  derived: number;
  typos: number;
  inOrder: boolean;
  unpaired: number;
  /** Whether a leading article was left out, of the label or of the name. */
  filing: boolean;
}

/**
 * What a label in another language than the column's counts for (docs/openrefine.md, "Reconciliation"):
 * a label that does not name the query and is tagged with a language that does not speak
 * the column's (the `lang` property, else the default language) scores this share of its
 * score, so `The Sun` gives `Thé`@fr 53.33, not 66.67; among labels that score the same,
 * those that speak the column's language come first.
 */
export const OTHER_LANGUAGE = 0.8;

/** A label's score for a column: `score` as is where the label names the query or speaks the column's language, else OTHER_LANGUAGE of it. */
export function columnScore(score: number, names: boolean, speaksColumn: boolean): number {
  return names || speaksColumn ? score : score * OTHER_LANGUAGE;
}

/** The fewest letters a word must have, on both sides, for a typo in it to be forgiven. */
export const TYPO_MIN_LETTERS = 5;

/**
 * Whether two folded words differ by exactly one typo: one letter added, left out or
 * changed, or two neighbouring letters swapped; both of at least TYPO_MIN_LETTERS letters.
 */
export function isOneTypo(a: string, b: string): boolean {
  if (a === b) return false;
  // letters are UTF-16 code units unless a surrogate pair makes one of two: then code points
  const wide = hasSurrogates(a) || hasSurrogates(b);
  const x: ArrayLike<string> = wide ? [...a] : a;
  const y: ArrayLike<string> = wide ? [...b] : b;
  if (x.length < TYPO_MIN_LETTERS || y.length < TYPO_MIN_LETTERS || Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const left = endX - start;
  const right = endY - start;
  if (left <= 1 && right <= 1) return true; // one changed, added or left out
  return left === 2 && right === 2 && x[start] === y[start + 1] && x[start + 1] === y[start]; // swapped
}

function hasSurrogates(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) return true;
  }
  return false;
}

/**
 * Where a word with one typo must agree with the query word `word` (folded), so that the
 * label index need read only the words that do: it starts with one of `prefixes` or ends
 * with `suffix`. With `half` the middle letter's place: a typo after the middle letter keeps
 * the first `half` + 1 letters (the first prefix); the middle letter left out, or swapped
 * with the next, gives the first `half` letters and then the letter after the middle (the
 * second); any other typo at or before the middle letter keeps every letter after it (the
 * suffix). This holds wherever the middle is put; it is put where prefixes and suffix are
 * about as long. Undefined for a word too short for typos.
 */
export function typoAnchors(word: string): { prefixes: [string, string]; suffix: string } | undefined {
  const letters = [...word];
  if (letters.length < TYPO_MIN_LETTERS) return undefined;
  // the middle letter's place, so that the prefixes are as long as the suffix or a letter longer: each as few words as may be
  const half = Math.floor((letters.length - 1) / 2);
  const first = letters.slice(0, half).join('');
  return {
    prefixes: [first + (letters[half] as string), first + (letters[half + 1] as string)],
    suffix: letters.slice(half + 1).join(''),
  };
}

/**
 * How much one property given with a query weighs beside the name, which weighs 1: a
 * candidate's score with evidence is the weighted mean of its name's score and, for each
 * property, 100 when the candidate agrees with one of its values and 0 when it agrees with
 * none. One property that disagrees takes a perfect name to 71.43; one that agrees keeps it
 * at 100 and lifts a name of 80 to 85.71. Without a name (a query of properties alone) the
 * score is the share of properties that agree. openrefine-wikibase weighs the name and each
 * property alike in the same way; 0.4 lets a name that agrees outweigh one property that
 * does not. Not yet tuned against measured precision and recall.
 */
export const PROPERTY_WEIGHT = 0.4;

/** A candidate's score, 0 to 100, from its name's score (undefined: the query gave no name) and its agreement with each property given. */
export function weighedScore(nameScore: number | undefined, agreements: readonly boolean[]): number {
  if (agreements.length === 0) return nameScore ?? 0;
  const agreeing = agreements.filter(Boolean).length;
  const total =
    nameScore === undefined
      ? (100 * agreeing) / agreements.length
      : (nameScore + PROPERTY_WEIGHT * 100 * agreeing) / (1 + PROPERTY_WEIGHT * agreements.length);
  return Math.round(total * 100) / 100;
}

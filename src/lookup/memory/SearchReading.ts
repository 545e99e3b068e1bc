import type { LabelIndex } from '../../index/LabelIndex.js';
import { matchKey, type RankQuery } from '../../domain/ranking.js';
import { ENTRY_SPAN, type IndexScan, type OtherWords } from './IndexScan.js';
import type { RarestPlan, SearchPlan, WordsIn } from './planSearch.js';
import { bySpeaking, type EntryList } from './streams.js';

/**
 * The best key a label can have outside tiers 1 and 2: tier 3, speaking the display
 * language, without stems. Every label of tiers 1 and 2 starts with (a word related to) the
 * query's first word, so those are read first.
 */
const TIER_THREE = matchKey({ tier: 3, stemmed: false }, true);
/** The best key of a label that is more than the word of a one-word query: tier 2, speaking, without stems. */
const TIER_TWO = matchKey({ tier: 2, stemmed: false }, true);
/**
 * The best key of a label found only through a word that a `*` query word starts (`bank` for
 * `b*`): tier 4, speaking. Such words are read last, and only as far as the page needs.
 */
const TIER_FOUR = matchKey({ tier: 4, stemmed: false }, true);

/** A range of the text order longer than this, of labels starting with a word, is read from the word's postings where they are dense enough. */
const LONG_RANGE = 2_048;
/** How many of the word's postings a label of the range may cost at most: a part read whole then reads this many times the range. */
const POSTINGS_A_RANGE_ENTRY = 2;

/**
 * One /search's reading of the label index, top-k (searchInIndex.ts says how): the concepts it
 * offers to the scan's best, and how many of them are certainly on the page.
 *
 * Its two steps, `firstWordTiers` and then (where that read its streams whole)
 * `rarestWordPostings`, each read streams of entries (`stream`) in parts (`read`), offering
 * each entry that matches (`consider`), until `want` concepts are certain. Which words of the
 * index each step reads is planned before (planSearch.ts): here labels are read, and no word
 * of the query is looked up again.
 */
export class SearchReading {
  private readonly index: LabelIndex;
  /** The stamp that marks a concept counted. */
  private readonly counted: number;
  /** Concepts whose key is certainly among the best. */
  private certain = 0;
  // the concepts read with a key worse than what was certain when they were read, and those keys
  private readonly givenConcepts: number[] = [];
  private readonly givenKeys: number[] = [];

  constructor(
    private readonly scan: IndexScan,
    private readonly query: RankQuery,
    private readonly accepts: (entry: number) => boolean,
    /** 1 for each language (by number) that the display language speaks. */
    private readonly speaking: Uint8Array,
    /** How many concepts the page needs certain: its offset and its length. */
    private readonly want: number,
    /** Whether ranges and lists of any length are read as a large vocabulary's long ones are (tests ask for it, so that small vocabularies show that reading). */
    private readonly asLarge = false,
  ) {
    this.index = scan.index;
    this.counted = scan.nextStamp();
  }

  /**
   * Step 1, tiers 1 and 2: the labels starting with a word that may match the first query
   * word (or with an article and it): first those that are that word alone (for a one-word
   * query, all of tier 1), then those that go on (for a one-word query, the rest of tier 2; for
   * a longer one, all of tiers 1 and 2 may be there). Whether they were read whole (else the
   * page is certain).
   */
  firstWordTiers({ first, all, articles }: SearchPlan): boolean {
    const { index, query } = this;
    const startsOf = (w: number): string[] => [index.word(w), ...articles.map((article) => `${article} ${index.word(w)}`)];
    const alone = (w: number, languages?: Uint8Array): EntryList[] =>
      startsOf(w).map((start) => ({ entries: index.entriesEqualTo(start), languages }));
    const longer = (w: number, languages?: Uint8Array): EntryList[] =>
      startsOf(w).map((start, k) => {
        const { entries, ascending } = index.entriesStartingWithAscending(`${start} `);
        // a word that starts many labels: those labels read in entry order as far as the page
        // needs, not the text order's range copied and heaped: the labels of its postings whose
        // first word it is and that go on (where the postings are not much longer than the
        // range), else the range itself, by its range minima
        const postings = k === 0 && entries.length > (this.asLarge ? 0 : LONG_RANGE) ? index.postingsOf(w) : undefined;
        if (postings === undefined) return { entries, languages };
        if (postings.length > POSTINGS_A_RANGE_ENTRY * entries.length)
          return { entries, languages, inOrder: ascending, spoken: index.wordLanguages(w) };
        return {
          entries: postings,
          languages,
          ascending: true,
          keep: (entry) => index.wordCount(entry) > 1 && index.firstWord(entry) === w,
          spoken: index.wordLanguages(w),
        };
      });
    const equalWords = new Set(first.equal);
    const otherWords = first.other.filter(({ w }) => !equalWords.has(w));
    const streams = (lists: (w: number, languages?: Uint8Array) => EntryList[], best: number, next: number): boolean =>
      this.stream(
        [...equalWords].flatMap((w) => lists(w)),
        otherWords.flatMap(({ w, languages }) => lists(w, languages)),
        all,
        best,
        next,
      );
    return query.words.length === 1
      ? streams(alone, 0, TIER_TWO) && streams(longer, TIER_TWO, TIER_THREE)
      : streams(alone, -1, 0) && streams(longer, 0, TIER_THREE);
  }

  /** Step 2, the rest: the postings of the rarest query word, in entry order, until the page is certain. */
  rarestWordPostings({ matches: { equal, other }, rest }: RarestPlan): void {
    const postings = (words: WordsIn): EntryList[] =>
      words.map(({ w, languages }) => ({
        entries: this.index.postingsOf(w),
        languages,
        ascending: true,
        spoken: this.index.wordLanguages(w),
      }));
    // a word that a `*` word only starts (no stem languages) gives tier 4 at best: after the others
    const stems = other.filter(({ languages }) => languages !== undefined);
    const started = other.filter(({ languages }) => languages === undefined);
    if (this.stream(postings(equal.map((w) => ({ w }))), postings(stems), rest, TIER_THREE, started.length === 0 ? Infinity : TIER_FOUR))
      this.stream(postings(started), [], rest, TIER_FOUR, Infinity);
  }

  /**
   * Reads a stream of entries in four parts, each in entry order: those that speak the
   * display language from words equal to the query's (`equal`), then from the others
   * (`other`), then those that do not speak it, likewise. `best` is the best key the stream
   * may hold; each part's is 1 worse than the one before (a stem, then not speaking: 2 worse,
   * then both). A concept counts at once where its key is its part's best; once a part is
   * read whole, what was read counts up to the next part's best less one (`next`: the next
   * stream's best). Whether it was read whole.
   */
  private stream(equal: EntryList[], other: EntryList[], others: OtherWords, best: number, next: number): boolean {
    const languageOf = (entry: number): number => this.index.languageOf(entry);
    const lazyFrom = this.asLarge ? 0 : undefined;
    const [equalSpeaking, equalNot] = bySpeaking(equal, languageOf, this.speaking, lazyFrom);
    const [otherSpeaking, otherNot] = bySpeaking(other, languageOf, this.speaking, lazyFrom);
    const parts = [equalSpeaking, otherSpeaking, equalNot, otherNot];
    for (let part = 0; part < parts.length; part++) {
      if (!this.read(parts[part] as Iterable<number>, others, best < 0 ? best : best + part)) return false;
      this.settle(part === parts.length - 1 || best < 0 ? next - 1 : best + part);
    }
    return true;
  }

  /** Reads `entries` (ascending) until the page is certain; counts at once a key of `sure` or better; whether it was read whole. */
  private read(entries: Iterable<number>, others: OtherWords, sure: number): boolean {
    for (const entry of entries) {
      const key = this.consider(entry, others, sure);
      if (key !== undefined && key > sure) {
        this.givenConcepts.push(this.index.conceptOf(entry));
        this.givenKeys.push(key);
      }
      if (this.certain >= this.want) return false;
    }
    return true;
  }

  /** Counts what the entries read gave up to `best` (a key that no label unread can beat). */
  private settle(best: number): void {
    this.givenKeys.forEach((key, i) => key <= best && this.count(this.givenConcepts[i] as number));
  }

  /**
   * Offers an entry that holds every word of `others`, and counts its concept when its key is
   * `sure` or better; the key (matchKey), or undefined where the entry does not match.
   */
  private consider(entry: number, others: OtherWords, sure: number): number | undefined {
    const index = this.index;
    if (!this.accepts(entry) || !index.holdsAll(entry, others)) return undefined;
    const language = index.languageOf(entry);
    const match = this.query.match(index.wordsOf(entry), index.languages[language] as string);
    if (match === undefined) return undefined;
    const key = matchKey(match, this.speaking[language] === 1);
    const concept = index.conceptOf(entry);
    this.scan.offer(concept, key * ENTRY_SPAN + entry + 1);
    if (key <= sure) this.count(concept);
    return key;
  }

  /** Counts a concept (once) whose key is certainly among the best. */
  private count(concept: number): void {
    if (this.scan.isSeen(concept, this.counted)) return;
    this.scan.markSeen(concept, this.counted);
    this.certain++;
  }
}

import type { CandidateWord } from '../../domain/matchPatterns.js';
import { allArticles } from '../../domain/filingForm.js';
import { speaks } from '../../domain/speaks.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { languageBit } from '../../index/LabelIndexData.js';
import { smallest } from './streams.js';

/** What /search and /suggest keep of a request's filters. */
export interface IndexFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  scheme?: string | undefined;
}

export interface IndexPage {
  limit: number;
  offset: number;
}

/** Room for an entry number in a key of `offer`, below what ranks the entry's concept (a `matchKey`, a score). */
export const ENTRY_SPAN = 2 ** 32;

/** The alternatives of each query word but one, as bytes, for `LabelIndex.holdsAll`. */
export type OtherWords = { bytes: Buffer; prefix: boolean }[][];

/**
 * One label index with the scratch space that a query over it needs: which concepts a query
 * has seen, and the best key each has so far (queries run synchronously, one at a time), and
 * the language masks asked for so far. `suggestInIndex`, `searchInIndex` and
 * `reconcileInIndex` walk the index's positions with it and apply `domain/`'s rules. One is
 * made with each index and lives as long as it: each thread of the worker pool has its own.
 *
 * It takes 5 bytes a concept (10 MB at two million), whatever the queries: a one-byte mark
 * (cleared once in 255 queries) and a four-byte slot; the keys themselves are kept in lists
 * as long as the concepts a query offered.
 */
/** `IndexScan.countLabel`'s mark for a label that the filter refused. */
const REFUSED = 0xff;

/** A query word's alike dictionary words (alikeWords.ts): their numbers, and how many postings they have in all. */
export interface AlikeWords {
  list: readonly number[];
  postings: number;
}

/**
 * Word numbers of alike-word lists a thread keeps at most (`alikeWords`): 4 to 8 MB. A column
 * of names holds the same forenames, surnames and dates again and again.
 */
const ALIKE_HELD = 1 << 20;

export class IndexScan {
  private readonly seen: Uint8Array;
  private stamp = 0;
  /** A concept's place in `touched` and `keys`, plus one; 0 for a concept not offered in this round. */
  private readonly slot: Uint32Array;
  private touched: number[] = [];
  private keys: number[] = [];
  private readonly languageMasks = new Map<string, Uint8Array>();
  private articles: string[] | undefined;
  /** Per label, made on first use: how many word streams of this round hold it (`countLabel`); REFUSED where a filter refused it. */
  private labelCounts: Uint8Array | undefined;
  private countedLabels: number[] = [];
  /** Reconciliation's alike words by query word and languages, least recently asked first (`alikeWords`), and the word numbers they hold. */
  private readonly alike = new Map<string, AlikeWords>();
  private alikeHeld = 0;
  /** Per dictionary word, made on first use: the query words it is alike to, a bit each (`wordMasks`); and the words set last. */
  private masks: Uint32Array | undefined;
  private masked: number[] = [];

  constructor(readonly index: LabelIndex) {
    this.seen = new Uint8Array(index.conceptCount);
    this.slot = new Uint32Array(index.conceptCount);
  }

  /** A new mark for `isSeen` and `markSeen`: concepts seen under an older mark count as unseen. */
  nextStamp(): number {
    if (this.stamp === 0xff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /** Whether the concept is marked seen under `stamp`. */
  isSeen(concept: number, stamp: number): boolean {
    return this.seen[concept] === stamp;
  }

  markSeen(concept: number, stamp: number): void {
    this.seen[concept] = stamp;
  }

  /** Starts a round of `offer`s: forgets what a round that did not end (a query that threw) left. */
  startOffers(): void {
    if (this.touched.length > 0) this.forgetOffers();
    if (this.countedLabels.length > 0) this.forgetCounts();
  }

  /**
   * The alike words of `key` (a query word and the languages asked: they depend on nothing
   * else, and the index does not change), made by `make` the first time and kept while the
   * lists held stay within ALIKE_HELD word numbers, the least recently asked let go first.
   */
  alikeWords(key: string, make: () => AlikeWords): AlikeWords {
    let found = this.alike.get(key);
    if (found !== undefined) {
      this.alike.delete(key);
      this.alike.set(key, found);
      return found;
    }
    found = make();
    this.alike.set(key, found);
    this.alikeHeld += found.list.length + 1;
    for (const [older, list] of this.alike) {
      if (this.alikeHeld <= ALIKE_HELD) break;
      this.alike.delete(older);
      this.alikeHeld -= list.list.length + 1;
    }
    return found;
  }

  /**
   * Per dictionary word, the bits of the lists of `alike` that hold it (bit i for list i, at
   * most 32 lists); every other word 0. Valid until the next call. Costs 4 bytes a word, on the
   * first reconciliation a thread answers.
   */
  wordMasks(alike: readonly { list: readonly number[] }[]): Uint32Array {
    const masks = (this.masks ??= new Uint32Array(this.index.stats.words));
    for (const word of this.masked) masks[word] = 0;
    this.masked = [];
    alike.forEach(({ list }, i) => {
      for (const word of list) {
        if (masks[word] === 0) this.masked.push(word);
        masks[word] = ((masks[word] as number) | (1 << i)) >>> 0;
      }
    });
    return masks;
  }

  /** Keeps `key` for the concept if it is smaller than the one it has (lower is better). */
  offer(concept: number, key: number): void {
    const at = this.slot[concept] as number;
    if (at === 0) {
      this.touched.push(concept);
      this.keys.push(key);
      this.slot[concept] = this.touched.length;
    } else if (key < (this.keys[at - 1] as number)) this.keys[at - 1] = key;
  }

  /**
   * The concepts offered since the last call, the `offset + limit` with the smallest keys, from
   * `offset` on, ties by concept number, with their keys; then forgets every key.
   */
  takeBest(limit: number, offset = 0): { concept: number; key: number }[] {
    const { slot, keys } = this;
    const keyOf = (concept: number): number => keys[(slot[concept] as number) - 1] as number;
    const order = (a: number, b: number): number => keyOf(a) - keyOf(b) || a - b;
    const top = smallest(this.touched, offset + limit, order)
      .slice(offset)
      .map((concept) => ({ concept, key: keyOf(concept) }));
    this.forgetOffers();
    return top;
  }

  private forgetOffers(): void {
    for (const concept of this.touched) this.slot[concept] = 0;
    this.touched = [];
    this.keys = [];
  }

  /**
   * Counts a label met in one more word stream of a query (reconciliation's postings), the
   * filter `accepts` asked at its first meeting only: a label it refuses is never counted.
   * `takeCounts` ends the round. Costs a byte a label, on the first reconciliation a thread answers.
   */
  countLabel(entry: number, accepts: (entry: number) => boolean): void {
    const counts = (this.labelCounts ??= new Uint8Array(this.index.stats.labels));
    const count = counts[entry] as number;
    if (count === 0) {
      counts[entry] = accepts(entry) ? 1 : REFUSED;
      this.countedLabels.push(entry);
    } else if (count < REFUSED - 1) counts[entry] = count + 1;
  }

  /** Whether this is the first meeting this round (as `countLabel` counts them) with a label that the filter `accepts`. */
  meetLabel(entry: number, accepts: (entry: number) => boolean): boolean {
    const counts = (this.labelCounts ??= new Uint8Array(this.index.stats.labels));
    if (counts[entry] !== 0) return false;
    this.countedLabels.push(entry);
    const accepted = accepts(entry);
    counts[entry] = accepted ? 1 : REFUSED;
    return accepted;
  }

  /** Forgets the labels counted or met since the last call. */
  forgetCounts(): void {
    const counts = this.labelCounts;
    if (counts !== undefined) for (const entry of this.countedLabels) counts[entry] = 0;
    this.countedLabels = [];
  }

  /** The labels counted since the last call, by their count (`byCount[c]`: those met in c streams; refused ones left out); then forgets the counts. */
  takeCounts(): number[][] {
    const counts = this.labelCounts;
    const byCount: number[][] = [];
    if (counts === undefined) return byCount;
    for (const entry of this.countedLabels) {
      const count = counts[entry] as number;
      counts[entry] = 0;
      if (count !== REFUSED) (byCount[count] ??= []).push(entry);
    }
    this.countedLabels = [];
    return byCount;
  }

  /** The articles (of any language: `filingForm.ts`) that some label of the index starts with, found once. */
  labelArticles(): readonly string[] {
    this.articles ??= allArticles().filter((article) => this.index.entriesStartingWith(`${article} `).length > 0);
    return this.articles;
  }

  /** Which language numbers a `lang` filter keeps: that range, and untagged labels. */
  languageMask(lang: string): Uint8Array {
    let mask = this.languageMasks.get(lang);
    if (mask === undefined) {
      mask = Uint8Array.from(this.index.languages, (tag) => (speaks(lang, tag) ? 1 : 0));
      if (this.languageMasks.size < 1000) this.languageMasks.set(lang, mask);
    }
    return mask;
  }

  /** A test on entries for the filter; undefined when nothing can pass (an unknown scheme). */
  acceptor({ lang, scheme }: IndexFilter): ((entry: number) => boolean) | undefined {
    const index = this.index;
    const schemeId = scheme === undefined ? undefined : index.schemeNumber(scheme);
    if (scheme !== undefined && schemeId === undefined) return undefined;
    const mask = lang === undefined ? undefined : this.languageMask(lang);
    if (mask === undefined && schemeId === undefined) return () => true;
    return (entry) =>
      (mask === undefined || mask[index.languageOf(entry)] === 1) &&
      (schemeId === undefined || index.inScheme(index.conceptOf(entry), schemeId));
  }

  /** The word ranges (`LabelIndex.wordRange`) of a candidate word's alternatives. */
  wordRanges(word: CandidateWord): [number, number][] {
    return word.map((alternative) => this.index.wordRange(alternative.folded, alternative.prefix)).filter(([from, to]) => from < to);
  }

  /** The posting ranges of a candidate word's alternatives. */
  postingRanges(word: CandidateWord): [number, number][] {
    return this.postingsOf(this.wordRanges(word));
  }

  /** The posting ranges of word ranges (`wordRanges`). */
  postingsOf(words: readonly [number, number][]): [number, number][] {
    return words.map((range) => this.index.postingRange(...range)).filter(([from, to]) => from < to);
  }

  /** The bits (`languageBit`) of the language numbers that `mask` (`languageMask`) keeps. */
  languageBits(mask: Uint8Array): number {
    let bits = 0;
    mask.forEach((kept, language) => {
      if (kept === 1) bits |= languageBit(language);
    });
    return bits;
  }

  /**
   * Whether some word of `ranges` (word numbers) is held by a label in one of the languages of
   * `bits` (`languageBits`): where none is, no label holding one of those words is in those
   * languages, and a walk over such labels that wants them can be left out. Reads a word's
   * languages (`LabelIndex.wordLanguages`) until one answers.
   */
  wordsSpeak(ranges: readonly [number, number][], bits: number): boolean {
    for (const [from, to] of ranges)
      for (let word = from; word < to; word++) if ((this.index.wordLanguages(word) & bits) !== 0) return true;
    return false;
  }

  /** The candidate word whose alternatives have the fewest postings. */
  rarest(candidates: readonly CandidateWord[]): number {
    const sizes = candidates.map((word) => this.postingRanges(word).reduce((sum, [from, to]) => sum + to - from, 0));
    return sizes.reduce((best, size, i) => (size < (sizes[best] as number) ? i : best), 0);
  }

  /** The candidate words but the `skip`th (whose postings are read), as bytes, for `LabelIndex.holdsAll`. */
  otherWords(candidates: readonly CandidateWord[], skip: number): OtherWords {
    return candidates
      .filter((_, i) => i !== skip)
      .map((word) => word.map(({ folded, prefix }) => ({ bytes: Buffer.from(folded), prefix })));
  }
}

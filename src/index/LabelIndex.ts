import type { Label } from '../domain/chooseLabel.js';
import { DISPLAY, type LabelIndexArrays, type LabelIndexData } from './LabelIndexData.js';
import { DEPRECATED_CONCEPT, SCHEME_TYPED, type NotationLists } from './hierarchyLayout.js';
import { RangeMinimum } from './RangeMinimum.js';
import { WordSuffixes, type SuffixArrays } from './WordSuffixes.js';
import { letterStarts } from './letterStarts.js';
import { bound, comparePrefix } from './sortedText.js';
import { TokenText } from './TokenText.js';
import { VarintCursor } from './varint.js';

/** The names of `DISPLAY`'s kinds, by number. */
const DISPLAY_KINDS = Object.keys(DISPLAY).sort((a, b) => DISPLAY[a as keyof typeof DISPLAY] - DISPLAY[b as keyof typeof DISPLAY]);

/** A range of one of the label orders whose texts start with a text: `equalHigh` ends the part that equals it. */
export interface StartRange {
  order: RangeMinimum;
  low: number;
  equalHigh: number;
  high: number;
}

/**
 * What is made over an index's data once it is laid out (`LabelIndex.shared`), in shared
 * memory: the range-minimum levels of its three orders, and its words by their endings.
 */
export interface SharedLevels {
  text: Uint32Array[];
  filing: Uint32Array[];
  word: Uint32Array[];
  suffixes?: SuffixArrays | undefined;
}

/**
 * The labels of every concept, held in memory as storage: what a label is (its concept, its
 * language, its folded words), where labels are (sorted by their text, by their filing form,
 * and by word, as postings), and what a result shows of a concept. Every lookup returns
 * positions and numbers: entries (labels), words, concepts. Matching, ranking and paging
 * over them are `lookup/`'s (`IndexScan` and the three queries beside it), by the rules of
 * `domain/`.
 *
 * Storage is typed arrays and byte buffers (see LabelIndexData): memory in proportion to the
 * label text, a few dozen bytes per label besides it. Built once and never changed: a
 * refresh builds a new one.
 *
 * Entries are numbered in their order within a tier (`withinTierKey`), so that the entries
 * of a range read in ascending order (`RangeMinimum.ascending`) come best first: a one-letter
 * prefix's first page costs about as much as a long one's.
 */
export class LabelIndex {
  private readonly a: LabelIndexArrays;
  /** Lower case, by number; '' is untagged. */
  readonly languages: readonly string[];
  private readonly schemeIds: Map<string, number>;
  private readonly wordBytes: Buffer;
  /** Each word as a string, made the first time an entry's words are asked for (`wordsOf`): at most the words' text again. */
  private readonly wordStrings: (string | undefined)[] = [];
  /** Where the word code read last (`wordAt`) ends. */
  private after = 0;
  private readonly cursor = new VarintCursor();
  /** The labels and notes shown, read from their tokens' codes. */
  private readonly shownText: TokenText;
  private readonly byText: RangeMinimum;
  private readonly byFiling: RangeMinimum;
  private readonly byWord: RangeMinimum;
  private suffixes: WordSuffixes | undefined;

  /** @param levels the range-minimum levels of an index over the same data, made on another thread (`shared`) */
  constructor(
    readonly data: LabelIndexData,
    levels?: SharedLevels,
  ) {
    this.a = data.arrays;
    this.languages = data.languages;
    this.schemeIds = new Map(data.schemes.map((scheme, i) => [scheme, i]));
    this.wordBytes = bufferOf(this.a.wordText);
    this.shownText = new TokenText({
      codes: this.a.displayText,
      offsets: this.a.displayTextOffsets,
      tokenText: this.a.displayTokenText,
      tokenOffsets: this.a.displayTokenOffsets,
    });
    // read by reconciliation alone, which a snapshot's try-out does not run: checked here, so that
    // a snapshot without it is set aside rather than used until a column fails on it
    if (this.a.wordLanguages?.length !== this.a.wordOffsets.length - 1) throw new RangeError("the words' languages do not match its words");
    this.byText = new RangeMinimum(this.a.textOrder, levels?.text);
    this.byFiling = new RangeMinimum(this.a.filingOrder, levels?.filing);
    this.byWord = new RangeMinimum(this.a.postings, levels?.word);
    if (levels?.suffixes !== undefined) this.suffixes = new WordSuffixes(this.wordBytes, this.a.wordOffsets, levels.suffixes);
  }

  /**
   * What another thread needs to read this very index: its data, its range-minimum levels and
   * its words by their endings (made here if they were not yet: the layout thread makes them).
   * Posted to a worker, arrays in shared memory (`sharedArrays.ts`) are shared, not copied:
   * an index made of them there (`new LabelIndex(data, levels)`) holds no copy of its own.
   */
  get shared(): { data: LabelIndexData; levels: SharedLevels } {
    const suffixes = this.wordSuffixes().arrays;
    return { data: this.data, levels: { text: this.byText.levels, filing: this.byFiling.levels, word: this.byWord.levels, suffixes } };
  }

  get conceptCount(): number {
    return this.a.conceptOffsets.length - 1;
  }

  /** Sizes, for the log and /metrics: `bytes` is everything the index holds. */
  get stats(): { concepts: number; labels: number; words: number; bytes: number } {
    const arrays = Object.values(this.a).reduce((sum: number, array: ArrayBufferView) => sum + array.byteLength, 0);
    return {
      concepts: this.conceptCount,
      labels: this.a.entryConcept.length,
      words: this.a.wordOffsets.length - 1,
      bytes: arrays + this.byText.bytes + this.byFiling.bytes + this.byWord.bytes,
    };
  }

  /** The concept number of an entry (a label). */
  conceptOf(entry: number): number {
    return this.a.entryConcept[entry] as number;
  }

  /** The language number of an entry: its tag is `languages[n]`. */
  languageOf(entry: number): number {
    return this.a.entryLanguage[entry] as number;
  }

  /** An entry's folded words. */
  wordsOf(entry: number): string[] {
    const words: string[] = [];
    const end = this.codesEnd(entry);
    for (let at = this.a.entryWordOffsets[entry] as number; at < end; at = this.after) {
      const word = this.wordAt(at, end);
      let text = this.wordStrings[word];
      if (text === undefined)
        this.wordStrings[word] = text = this.wordBytes.toString('utf8', this.a.wordOffsets[word], this.a.wordOffsets[word + 1]);
      words.push(text);
    }
    return words;
  }

  /** Where an entry's codes end, bounded by the codes whatever the offsets say: a forged snapshot ends a read, never loops. */
  private codesEnd(entry: number): number {
    return Math.min(this.a.entryWordOffsets[entry + 1] as number, this.a.entryWordCodes.length);
  }

  /**
   * The number (in `wordText`) of the word whose code (`entryWordCodes`, a varint) starts at
   * `at`, before `end`; `after` is then where the next starts.
   */
  private wordAt(at: number, end: number): number {
    this.cursor.at = at;
    const code = this.cursor.read(this.a.entryWordCodes, end);
    this.after = this.cursor.at;
    const word = this.a.wordOfCode[code];
    if (word === undefined || word + 1 >= this.a.wordOffsets.length) throw new RangeError(`a label's word code ${code} is no word`);
    return word;
  }

  /** Hands the numbers (in `wordText`) of an entry's words to `visit`, in order, until it returns true; whether it did. */
  private someWord(entry: number, visit: (word: number) => boolean): boolean {
    const end = this.codesEnd(entry);
    for (let at = this.a.entryWordOffsets[entry] as number; at < end; at = this.after) if (visit(this.wordAt(at, end))) return true;
    return false;
  }

  /**
   * Compares an entry's folded text (with `filing`, its text after the first word) with
   * `key`, byte by byte as its words are read from their codes, nothing copied: negative,
   * zero or positive as the text sorts before, equal to or after `key`; with `prefix`, a text
   * that starts with `key` counts as equal. Most texts differ from a key in their first bytes.
   */
  private compareText(entry: number, filing: boolean, key: Buffer, prefix: boolean): number {
    const bytes = this.wordBytes;
    const offsets = this.a.wordOffsets;
    let at = 0; // in key
    let order = 0;
    let skip = filing;
    let first = true;
    const stopped = this.someWord(entry, (word) => {
      if (skip) {
        skip = false;
        return false;
      }
      const from = first ? (offsets[word] as number) : (offsets[word] as number) - 1; // a space before the word
      const to = offsets[word + 1] as number;
      for (let i = from; i < to; i++) {
        if (at === key.length) {
          order = prefix ? 0 : 1;
          return true;
        }
        const byte = i < (offsets[word] as number) ? 0x20 : (bytes[i] as number);
        if (byte !== key[at]) {
          order = byte - (key[at] as number);
          return true;
        }
        at++;
      }
      first = false;
      return false;
    });
    if (stopped) return order;
    return at < key.length ? -1 : 0;
  }

  /** The bitwise OR of `masks[word]` over an entry's words (their numbers in `wordText`): a test of a label's words without their text. */
  wordMask(entry: number, masks: Uint32Array): number {
    let mask = 0;
    const end = this.codesEnd(entry);
    for (let at = this.a.entryWordOffsets[entry] as number; at < end; at = this.after) mask |= masks[this.wordAt(at, end)] as number;
    return mask;
  }

  /** How many words an entry's folded text has, at most 255 (`entryWords`): a byte, the text not read. */
  wordCount(entry: number): number {
    return this.a.entryWords[entry] as number;
  }

  /** The number of an entry's first word (in `wordText`): its text not read. */
  firstWord(entry: number): number {
    return this.wordAt(this.a.entryWordOffsets[entry] as number, this.codesEnd(entry));
  }

  /** Whether the entry holds an alternative of each of `words`: a cheap test on bytes. */
  holdsAll(entry: number, words: readonly { bytes: Buffer; prefix: boolean }[][]): boolean {
    return words.every((word) => word.some(({ bytes, prefix }) => this.hasWord(entry, bytes, prefix)));
  }

  /** Whether a word of the entry's text equals `word` (or starts with it): its words' bytes compared where they are kept. */
  private hasWord(entry: number, word: Buffer, prefix: boolean): boolean {
    const offsets = this.a.wordOffsets;
    const end = this.codesEnd(entry);
    for (let at = this.a.entryWordOffsets[entry] as number; at < end; at = this.after) {
      const held = this.wordAt(at, end);
      const from = offsets[held] as number;
      const length = (offsets[held + 1] as number) - from;
      if (
        (prefix ? length >= word.length : length === word.length) &&
        this.wordBytes.compare(word, 0, word.length, from, from + word.length) === 0
      )
        return true;
    }
    return false;
  }

  /**
   * Where labels equal or start with each of `texts` (folded): for each, its range among all
   * labels' texts and among their filing forms (the text after the first word).
   */
  startRanges(texts: Iterable<string>): StartRange[] {
    const ranges = [];
    for (const text of texts) {
      const key = Buffer.from(text);
      for (const [order, entries, filing] of [
        [this.byText, this.a.textOrder, false],
        [this.byFiling, this.a.filingOrder, true],
      ] as const) {
        const [low, high] = this.textRange(entries, filing, key, true);
        if (low === high) continue;
        const [, equalHigh] = this.textRange(entries, filing, key, false);
        ranges.push({ order, low, equalHigh, high });
      }
    }
    return ranges;
  }

  /** The entries whose folded text equals `text`. */
  entriesEqualTo(text: string): Uint32Array {
    const [low, high] = this.textRange(this.a.textOrder, false, Buffer.from(text), false);
    return this.a.textOrder.subarray(low, high);
  }

  /** The entries whose folded text starts with `text` (all of it, then anything), in text order. */
  entriesStartingWith(text: string): Uint32Array {
    return this.entriesStartingWithAscending(text).entries;
  }

  /**
   * The entries whose folded text starts with `text`, as `entriesStartingWith`, and the same
   * entries ascending, lazily (`RangeMinimum.ascending`): the first k of a range of n cost
   * about k log k steps, whatever n is.
   */
  entriesStartingWithAscending(text: string): { entries: Uint32Array; ascending: () => Iterable<number> } {
    const [low, high] = this.textRange(this.a.textOrder, false, Buffer.from(text), true);
    return { entries: this.a.textOrder.subarray(low, high), ascending: () => this.byText.ascending(low, high) };
  }

  /** The numbers of the words equal to `folded` (or starting with it), a range. */
  wordRange(folded: string, prefix: boolean): [number, number] {
    return this.range(this.a.wordText, this.a.wordOffsets, Buffer.from(folded), prefix);
  }

  /** The numbers of the words that end with `suffix`, of `fewest` to `most` letters (code points; 255 stands for more). */
  wordsEnding(suffix: string, fewest?: number, most?: number): number[] {
    return this.wordSuffixes().ending(suffix, fewest, most);
  }

  private wordSuffixes(): WordSuffixes {
    this.suffixes ??= new WordSuffixes(this.wordBytes, this.a.wordOffsets);
    return this.suffixes;
  }

  /** A word's text. */
  word(w: number): string {
    return this.wordBytes.toString('utf8', this.a.wordOffsets[w], this.a.wordOffsets[w + 1]);
  }

  /** The languages of the labels that hold word `w`, a bit a language number (`languageBit`); every bit where the index does not say. */
  wordLanguages(w: number): number {
    return this.a.wordLanguages[w] ?? 0xffffffff;
  }

  /**
   * Whether word `w` may be the word of UTF-8 `bytes` with one typo (a letter added, left out
   * or changed, two neighbours swapped): a test on bytes, nothing decoded, that every such word
   * passes (and some others). Less their common start and end, one typo leaves at most two
   * letters on each side: their first bytes are counted (a common start or end cut inside a
   * letter leaves fewer, never more).
   */
  mayBeOneTypoOf(w: number, bytes: Buffer): boolean {
    const text = this.wordBytes;
    const from = this.a.wordOffsets[w] as number;
    const to = this.a.wordOffsets[w + 1] as number;
    const length = to - from;
    if (Math.abs(length - bytes.length) > 4) return false;
    const shorter = Math.min(length, bytes.length);
    let start = 0;
    while (start < shorter && text[from + start] === bytes[start]) start++;
    let end = 0;
    while (end < shorter - start && text[to - 1 - end] === bytes[bytes.length - 1 - end]) end++;
    return (
      length - start - end <= 8 &&
      bytes.length - start - end <= 8 &&
      letterStarts(text, from + start, to - end) <= 2 &&
      letterStarts(bytes, start, bytes.length - end) <= 2
    );
  }

  /** The postings of words `from` .. `to` (exclusive): a range of posting positions. */
  postingRange(from: number, to: number): [number, number] {
    return [this.a.postingOffsets[from] as number, this.a.postingOffsets[to] as number];
  }

  /** The entries that hold word `w`, ascending. */
  postingsOf(w: number): Uint32Array {
    return this.a.postings.subarray(this.a.postingOffsets[w], this.a.postingOffsets[w + 1]);
  }

  /** The entry at a posting position. */
  posting(p: number): number {
    return this.a.postings[p] as number;
  }

  /** The entries of posting positions `from` .. `to` (exclusive), ascending, lazily. */
  postingsAscending(from: number, to: number): Iterable<number> {
    return this.byWord.ascending(from, to);
  }

  /** The concepts with a notation equal to `text`, by number. */
  notationConcepts(text: string): Uint32Array {
    const [low, high] = this.range(this.a.notationText, this.a.notationOffsets, Buffer.from(text), false);
    return this.a.notationConcept.subarray(low, high);
  }

  /** A scheme's number, or undefined when no concept of the index is in it. */
  schemeNumber(uri: string): number | undefined {
    return this.schemeIds.get(uri);
  }

  /** Whether a concept is in the scheme of that number. */
  inScheme(concept: number, scheme: number): boolean {
    for (let i = this.a.conceptSchemeOffsets[concept] as number; i < (this.a.conceptSchemeOffsets[concept + 1] as number); i++) {
      if (this.a.conceptSchemes[i] === scheme) return true;
    }
    return false;
  }

  /** The IRIs of concepts, by number. */
  uris(concepts: ArrayLike<number>): string[] {
    const text = bufferOf(this.a.conceptText);
    return Array.from(concepts, (c) => text.toString('utf8', this.a.conceptOffsets[c], this.a.conceptOffsets[c + 1]));
  }

  /** The number of the concept with this URI (see `shownLabels`), or undefined when the index has none. */
  conceptAt(uri: string): number | undefined {
    const [low, high] = this.range(this.a.conceptText, this.a.conceptOffsets, Buffer.from(uri), false);
    return low === high ? undefined : low;
  }

  /** The IRI of a shown resource: a concept, or a resource a concept links to, or a scheme. */
  iriOf(shown: number): string {
    const n = this.conceptCount;
    if (shown < n) return bufferOf(this.a.conceptText).toString('utf8', this.a.conceptOffsets[shown], this.a.conceptOffsets[shown + 1]);
    return bufferOf(this.a.otherText).toString('utf8', this.a.otherOffsets[shown - n], this.a.otherOffsets[shown - n + 1]);
  }

  /** The labels and notes of a shown resource, by kind (altLabels and scopeNotes: of concepts only), or `only` those kinds; languages lower case. */
  shownLabels(shown: number, only?: readonly (keyof typeof DISPLAY)[]): Record<keyof typeof DISPLAY, Label[]> {
    const labels: Record<keyof typeof DISPLAY, Label[]> = { prefLabel: [], rdfsLabel: [], altLabel: [], scopeNote: [], title: [] };
    for (let i = this.a.displayOffsets[shown] as number; i < (this.a.displayOffsets[shown + 1] as number); i++) {
      // `only` those kinds: the others are not decoded (a name needs no scope note)
      if (only !== undefined && !only.includes(DISPLAY_KINDS[this.a.displayKind[i] as number] as keyof typeof DISPLAY)) continue;
      const label = {
        value: this.shownText.text(i),
        language: this.languages[this.a.displayLanguage[i] as number] as string,
      };
      labels[DISPLAY_KINDS[this.a.displayKind[i] as number] as keyof typeof DISPLAY].push(label);
    }
    return labels;
  }

  /** The shown resources related to a concept (either way), each once. */
  relatedOf(concept: number): Uint32Array {
    return this.a.related.subarray(this.a.relatedOffsets[concept], this.a.relatedOffsets[concept + 1]);
  }

  /** The shown resources broader than a concept, each once. */
  broaderOf(concept: number): Uint32Array {
    return this.a.broader.subarray(this.a.broaderOffsets[concept], this.a.broaderOffsets[concept + 1]);
  }

  /** The shown resources broader than a shown resource (kept for concepts and deprecated concepts), each once. */
  broaderOfShown(shown: number): Uint32Array {
    return this.a.broader.subarray(this.a.broaderOffsets[shown], this.a.broaderOffsets[shown + 1]);
  }

  /** The concepts below a shown resource (a concept, or a deprecated one), in the default language's browsing order. */
  narrowerOf(shown: number): Uint32Array {
    return this.a.narrower.subarray(this.a.narrowerOffsets[shown], this.a.narrowerOffsets[shown + 1]);
  }

  /** Whether a shown resource is a concept: one of the index's, or a deprecated one. */
  isConcept(shown: number): boolean {
    const n = this.conceptCount;
    return shown < n || ((this.a.otherFlags[shown - n] as number) & DEPRECATED_CONCEPT) !== 0;
  }

  /** The number of the shown resource with this IRI (a concept, or another resource a result shows), or undefined. */
  shownAt(uri: string): number | undefined {
    const concept = this.conceptAt(uri);
    if (concept !== undefined) return concept;
    const [low, high] = this.range(this.a.otherText, this.a.otherOffsets, Buffer.from(uri), false);
    return low === high ? undefined : this.conceptCount + low;
  }

  /** The schemes, by number (`schemeNumber`). */
  get schemes(): readonly string[] {
    return this.data.schemes;
  }

  /** Whether the scheme of that number is typed skos:ConceptScheme. */
  schemeTyped(scheme: number): boolean {
    return ((this.a.schemeFlags[scheme] as number) & SCHEME_TYPED) !== 0;
  }

  /** How many concepts are in the scheme of that number. */
  schemeConceptCount(scheme: number): number {
    return this.a.schemeConcepts[scheme] as number;
  }

  /** The languages of the prefLabels of the concepts in the scheme of that number, lower case, without "" (untagged). */
  schemeLanguages(scheme: number): string[] {
    const numbers = this.a.schemeLanguages.subarray(this.a.schemeLanguageOffsets[scheme], this.a.schemeLanguageOffsets[scheme + 1]);
    return Array.from(numbers, (n) => this.languages[n] as string).filter((tag) => tag !== '');
  }

  /** The top concepts of the scheme of that number (/top), in the default language's browsing order. */
  topsOf(scheme: number): Uint32Array {
    return this.a.schemeTops.subarray(this.a.schemeTopOffsets[scheme], this.a.schemeTopOffsets[scheme + 1]);
  }

  /** The schemes a concept is in, by number. */
  schemeNumbersOf(concept: number): Uint32Array {
    return this.a.conceptSchemes.subarray(this.a.conceptSchemeOffsets[concept], this.a.conceptSchemeOffsets[concept + 1]);
  }

  /** The shown resource number of the scheme of that number. */
  schemeResource(scheme: number): number {
    return this.a.schemeResource[scheme] as number;
  }

  /** The schemes of a concept, as shown resource numbers. */
  schemeResourcesOf(concept: number): number[] {
    return Array.from(
      this.a.conceptSchemes.subarray(this.a.conceptSchemeOffsets[concept], this.a.conceptSchemeOffsets[concept + 1]),
      (scheme) => this.a.schemeResource[scheme] as number,
    );
  }

  /** The notations as held: their texts in byte order, and each concept's by number (for `browseOrder`). */
  get notationLists(): NotationLists {
    return {
      text: this.a.notationText,
      offsets: this.a.notationOffsets,
      conceptOffsets: this.a.conceptNotationOffsets,
      conceptNotations: this.a.conceptNotations,
    };
  }

  /** The notations of a concept, as read (a notation read twice is here twice). */
  notationsOf(concept: number): string[] {
    const text = bufferOf(this.a.notationText);
    return Array.from(
      this.a.conceptNotations.subarray(this.a.conceptNotationOffsets[concept], this.a.conceptNotationOffsets[concept + 1]),
      (i) => text.toString('utf8', this.a.notationOffsets[i], this.a.notationOffsets[i + 1]),
    );
  }

  /** Marks in `used` (by language number) the languages of a shown resource's prefLabels. */
  markPrefLabelLanguages(shown: number, used: Uint8Array): void {
    for (let i = this.a.displayOffsets[shown] as number; i < (this.a.displayOffsets[shown + 1] as number); i++) {
      if (this.a.displayKind[i] === DISPLAY.prefLabel) used[this.a.displayLanguage[i] as number] = 1;
    }
  }

  /** Whether any concept has a name a result shows as its prefLabel: a skos:prefLabel or an rdfs:label, in any language or none. */
  anyConceptNamed(): boolean {
    const end = this.a.displayOffsets[this.conceptCount] as number;
    for (let i = 0; i < end; i++)
      if (this.a.displayKind[i] === DISPLAY.prefLabel || this.a.displayKind[i] === DISPLAY.rdfsLabel) return true;
    return false;
  }

  /** The languages of the concepts' prefLabels, lower case, without "" (untagged). */
  prefLabelLanguages(): string[] {
    const used = new Uint8Array(this.languages.length);
    const kinds = this.a.displayKind;
    const end = this.a.displayOffsets[this.conceptCount] as number;
    for (let i = 0; i < end; i++) if (kinds[i] === DISPLAY.prefLabel) used[this.a.displayLanguage[i] as number] = 1;
    return this.languages.filter((tag, i) => used[i] === 1 && tag !== '');
  }

  /**
   * The range of a text order (`textOrder`, or `filingOrder` whose texts start after the
   * first word) whose texts start with `key` (with `prefix`), or equal it.
   */
  private textRange(order: Uint32Array, filing: boolean, key: Buffer, prefix: boolean): [number, number] {
    const compare = (position: number, asPrefix: boolean): number => this.compareText(order[position] as number, filing, key, asPrefix);
    const low = bound(order.length, (p) => compare(p, true) < 0);
    const high = prefix ? bound(order.length, (p) => compare(p, true) <= 0) : bound(order.length, (p) => compare(p, false) <= 0);
    return [low, high];
  }

  /** The range of a sorted text list whose items equal `key` (or start with it). */
  private range(text: Uint8Array, offsets: Uint32Array, key: Buffer, prefix: boolean): [number, number] {
    const bytes = bufferOf(text);
    const count = offsets.length - 1;
    const low = bound(count, (i) => comparePrefix(bytes, offsets[i] as number, offsets[i + 1] as number, key) < 0);
    const high = prefix
      ? bound(count, (i) => comparePrefix(bytes, offsets[i] as number, offsets[i + 1] as number, key) <= 0)
      : bound(count, (i) => bytes.compare(key, 0, key.length, offsets[i] as number, offsets[i + 1] as number) <= 0);
    return [low, high];
  }
}

function bufferOf(array: Uint8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

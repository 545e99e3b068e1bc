import type { Label } from '../domain/chooseLabel.js';
import { candidateWords, type CandidateWord } from '../domain/matchPatterns.js';
import { matchKey, type RankQuery } from '../domain/ranking.js';
import { speaks } from '../domain/speaks.js';
import { DISPLAY, type LabelIndexArrays, type LabelIndexData } from './LabelIndexData.js';
import { RangeMinimum } from './RangeMinimum.js';
import { columnScore, type ReconcileQuery } from '../domain/reconciliation.js';
import { WordSuffixes } from './WordSuffixes.js';
import { bound, comparePrefix } from './sortedText.js';

/** The names of `DISPLAY`'s kinds, by number. */
const DISPLAY_KINDS = Object.keys(DISPLAY).sort((a, b) => DISPLAY[a as keyof typeof DISPLAY] - DISPLAY[b as keyof typeof DISPLAY]);

export interface IndexFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  scheme?: string | undefined;
}

/** Which concepts reconciliation may propose. */
export interface ReconcileFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  /** Only concepts in one of these schemes (or, with `allSchemes`, in all of them). */
  schemes?: readonly string[] | undefined;
  /** Lower case: the column's language where `lang` is not given (the default language); labels in others score less (`columnScore`). */
  column?: string | undefined;
  allSchemes?: boolean | undefined;
}

/** A concept reconciliation proposes: its best label's score, and whether a label of it equals the query. */
export interface ReconcileCandidate {
  uri: string;
  score: number;
  equal: boolean;
}

/**
 * How many postings reconciliation reads at most for one query, rarest query words first
 * (within a word, the labels that rank first within a tier). A label equal to the query is
 * always found, whatever this cuts. Measured (BENCHMARKS.md, "Reconciliation batches"):
 * 20,000 and 5,000 give the same relevance figures on the shared vocabularies; on a
 * synthetic 200,000-concept one, a batch of 100 takes 1.5 s with 20,000 and 0.55 s with 5,000.
 */
const RECONCILE_MOST_POSTINGS = 5_000;

export interface IndexPage {
  limit: number;
  offset: number;
}

/** Room for the entry number in a /search key, below its `matchKey`. */
const ENTRY_SPAN = 2 ** 32;

/**
 * The labels of every concept, held in memory so that /search and /suggest can match, rank
 * and page without asking the store, by the rules of `domain/ranking.ts`: the index finds
 * the candidate labels (by their text, their filing form, or a word), and `RankQuery.match`
 * decides how each matches.
 *
 * Storage is typed arrays and byte buffers (see LabelIndexData): memory in proportion to the
 * label text, a few dozen bytes per label besides it. Built once and never changed: a
 * refresh builds a new one.
 *
 * Entries are numbered in their order within a tier (`withinTierKey`), so a label's
 * rank is its `matchKey` and then its number. /suggest reads a page off the front: tier by
 * tier, the labels that speak the display language and then the others, each a union of
 * ranges read best first, lazily, with a range-minimum structure (RangeMinimum): a
 * one-letter prefix costs about as much as a long one. `lang` and `scheme` are checked on
 * each entry so read: a filter that keeps a fraction f of the labels reads about 1/f times
 * as many entries for a page.
 */
export class LabelIndex {
  private readonly a: LabelIndexArrays;
  private readonly languages: readonly string[];
  private readonly schemeIds: Map<string, number>;
  private readonly text: Buffer;
  private readonly byText: RangeMinimum;
  private readonly byFiling: RangeMinimum;
  private readonly byWord: RangeMinimum;
  private readonly languageMasks = new Map<string, Uint8Array>();
  // Scratch space for one query at a time (queries run synchronously).
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly best: Float64Array;

  constructor(readonly data: LabelIndexData) {
    this.a = data.arrays;
    this.languages = data.languages;
    this.schemeIds = new Map(data.schemes.map((scheme, i) => [scheme, i]));
    this.text = bufferOf(this.a.entryText);
    this.byText = new RangeMinimum(this.a.textOrder);
    this.byFiling = new RangeMinimum(this.a.filingOrder);
    this.byWord = new RangeMinimum(this.a.postings);
    this.seen = new Uint32Array(this.conceptCount);
    this.best = new Float64Array(this.conceptCount).fill(Infinity);
  }

  private get conceptCount(): number {
    return this.a.conceptOffsets.length - 1;
  }

  /** Sizes, for the log and /metrics: `bytes` is everything the index holds. */
  get stats(): { concepts: number; labels: number; words: number; bytes: number } {
    const arrays = Object.values(this.a).reduce((sum: number, array: ArrayBufferView) => sum + array.byteLength, 0);
    const scratch = this.seen.byteLength + this.best.byteLength + this.byText.bytes + this.byFiling.bytes + this.byWord.bytes;
    return {
      concepts: this.conceptCount,
      labels: this.a.entryConcept.length,
      words: this.a.wordOffsets.length - 1,
      bytes: arrays + scratch,
    };
  }

  /**
   * /suggest: the page's concept URIs, best first. `display` is the display language
   * (`lang`, or the default language).
   */
  suggest(query: RankQuery, filter: IndexFilter, display: string, page: IndexPage): string[] {
    if (query.words.length === 0) return [];
    const accepts = this.acceptor(filter);
    if (accepts === undefined) return [];
    const speaking = this.languageMask(display);
    const want = page.offset + page.limit;
    const found: number[] = [];
    const stamp = this.nextStamp();
    const starts = this.startRanges(query);
    let wordTier: { ranges: [number, number][]; others: { bytes: Buffer; prefix: boolean }[][] } | undefined;
    const tiers: Array<() => Iterable<number>> = [
      () => merged(starts.map(({ order, low, equalHigh }) => order.ascending(low, equalHigh))),
      () => merged(starts.map(({ order, low, high }) => order.ascending(low, high))),
      // tier 3, looked up only when the first two leave the page short (once for both passes)
      () => {
        if (wordTier === undefined) {
          const candidates = candidateWords(query, this.languages);
          const rarest = this.rarest(candidates);
          wordTier = { ranges: this.postingRanges(candidates[rarest] as CandidateWord), others: this.otherWords(candidates, rarest) };
        }
        const { ranges, others } = wordTier;
        return filtered(merged(ranges.map(([from, to]) => this.byWord.ascending(from, to))), (entry) => this.holdsAll(entry, others));
      },
    ];
    // with `lang`, every label matching may have speaks the display language: one pass a tier
    const passes = filter.lang === undefined ? [true, false] : [true];
    for (let tier = 1; tier <= tiers.length; tier++) {
      for (const speaks of passes) {
        for (const entry of (tiers[tier - 1] as () => Iterable<number>)()) {
          const concept = this.a.entryConcept[entry] as number;
          if (this.seen[concept] === stamp || (speaking[this.a.entryLanguage[entry] as number] === 1) !== speaks || !accepts(entry))
            continue;
          if (query.match(this.words(entry), this.languages[this.a.entryLanguage[entry] as number] as string)?.tier !== tier) continue;
          this.seen[concept] = stamp;
          found.push(concept);
          if (found.length >= want) return this.uris(found.slice(page.offset));
        }
      }
    }
    return this.uris(found.slice(page.offset));
  }

  /**
   * /search: the page's concept URIs, best first: labels that `query` matches, and
   * notations equal to `q` (which rank before every label of tier 1 that speaks the display
   * language and needed no stem).
   */
  search(query: RankQuery, q: string, filter: IndexFilter, display: string, page: IndexPage): string[] {
    const accepts = this.acceptor(filter);
    if (accepts === undefined) return [];
    const speaking = this.languageMask(display);
    const touched: number[] = [];
    const offer = (concept: number, key: number): void => {
      if (this.best[concept] === Infinity) touched.push(concept);
      if (key < (this.best[concept] as number)) this.best[concept] = key;
    };
    if (query.words.length > 0) {
      const languages = filter.lang === undefined ? this.languages : [filter.lang, ''];
      const candidates = candidateWords(query, languages);
      const rarest = this.rarest(candidates);
      const others = this.otherWords(candidates, rarest);
      const queryWord = rarest + query.words.length - candidates.length; // a leading article is no candidate word
      const words = bufferOf(this.a.wordText);
      // an entry may come more than once (two of its words in the ranges): its key is the same
      for (const alternative of candidates[rarest] as CandidateWord) {
        const [low, high] = this.range(this.a.wordText, this.a.wordOffsets, Buffer.from(alternative.folded), alternative.prefix);
        for (let w = low; w < high; w++) {
          // each word of the range once: most of a stem's range shares no stem with the query word
          // a stem's start is checked in its own languages only (a word equal to a spelling, or
          // started by an open one, is so in any language): stemming each word of a short
          // start's range in every language took hundreds of ms
          if (
            !query.mayMatchWord(
              queryWord,
              words.toString('utf8', this.a.wordOffsets[w], this.a.wordOffsets[w + 1]),
              alternative.languages ?? languages,
            )
          )
            continue;
          for (let p = this.a.postingOffsets[w] as number; p < (this.a.postingOffsets[w + 1] as number); p++) {
            const entry = this.a.postings[p] as number;
            if (!accepts(entry) || !this.holdsAll(entry, others)) continue;
            const language = this.a.entryLanguage[entry] as number;
            const match = query.match(this.words(entry), this.languages[language] as string);
            if (match !== undefined)
              offer(this.a.entryConcept[entry] as number, matchKey(match, speaking[language] === 1) * ENTRY_SPAN + entry + 1);
          }
        }
      }
    }
    const scheme = filter.scheme === undefined ? undefined : this.schemeIds.get(filter.scheme);
    const [low, high] = this.range(this.a.notationText, this.a.notationOffsets, Buffer.from(q), false);
    for (let i = low; i < high; i++) {
      const concept = this.a.notationConcept[i] as number;
      if (scheme === undefined || this.inScheme(concept, scheme)) offer(concept, matchKey({ tier: 1, stemmed: false }, true) * ENTRY_SPAN);
    }
    const order = (a: number, b: number): number => (this.best[a] as number) - (this.best[b] as number) || a - b;
    const top = smallest(touched, page.offset + page.limit, order).slice(page.offset);
    for (const concept of touched) this.best[concept] = Infinity;
    return this.uris(top);
  }

  /**
   * Reconciliation: the concepts whose labels score best against `query` (domain/
   * reconciliation.ts decides the score), best first, at most `limit`; ties by the order
   * of their best label within a tier (prefLabels and standing first). Candidates are the
   * labels that hold a word alike to a query word (equal, same stem, one typo), read from the
   * rarest query word on, and the labels equal to the query. `equalCount` is the number of
   * concepts passing the filter with a label equal to the query, all of them counted.
   */
  reconcile(query: ReconcileQuery, filter: ReconcileFilter, limit: number): { candidates: ReconcileCandidate[]; equalCount: number } {
    const accepts = this.reconcileAcceptor(filter);
    if (accepts === undefined || query.words.length === 0) return { candidates: [], equalCount: 0 };
    const languages = filter.lang === undefined ? this.languages : [filter.lang, ''];
    const column = this.languageMask(filter.lang ?? filter.column ?? '');
    const words = bufferOf(this.a.wordText);
    // per query word, the dictionary words alike to it, and how many postings they have
    const alike = query.words.map((_, i) => {
      const found = new Set<number>();
      const { starts, ends } = query.wordLookups(i, languages);
      const consider = (w: number): void => {
        if (!found.has(w) && query.mayMatchWord(i, words.toString('utf8', this.a.wordOffsets[w], this.a.wordOffsets[w + 1]), languages))
          found.add(w);
      };
      for (const { folded, prefix } of starts) {
        const [low, high] = this.range(this.a.wordText, this.a.wordOffsets, Buffer.from(folded), prefix);
        for (let w = low; w < high; w++) consider(w);
      }
      for (const suffix of ends) for (const w of this.wordSuffixes().ending(suffix)) consider(w);
      const list = [...found];
      return {
        list,
        postings: list.reduce((sum, w) => sum + (this.a.postingOffsets[w + 1] as number) - (this.a.postingOffsets[w] as number), 0),
      };
    });
    const touched: number[] = [];
    const equal = new Set<number>();
    const offer = (entry: number): void => {
      if (!accepts(entry)) return;
      const concept = this.a.entryConcept[entry] as number;
      const labelWords = this.words(entry);
      const language = this.languages[this.a.entryLanguage[entry] as number] as string;
      const names = query.names(labelWords, language);
      const speaking = column[this.a.entryLanguage[entry] as number] === 1;
      const score = Math.round(columnScore(query.score(labelWords, language), names, speaking) * 100) / 100;
      if (score <= 0) return;
      if (names) equal.add(concept);
      // scores to 0.01; at one score, the labels that speak the column's language first, then by entry number
      const key = (Math.round((100 - score) * 100) * 2 + (speaking ? 0 : 1)) * ENTRY_SPAN + entry;
      if (this.best[concept] === Infinity) touched.push(concept);
      if (key < (this.best[concept] as number)) this.best[concept] = key;
    };
    // the labels equal to the query, all of them, and those that name it otherwise (less an article, an inverted heading: `names`)
    for (const text of query.namingTexts) {
      const [low, equalHigh] = this.textRange(this.a.textOrder, false, Buffer.from(text), false);
      for (let p = low; p < equalHigh; p++) offer(this.a.textOrder[p] as number);
    }
    // then the postings of the alike words, rarest query word first, up to the budget
    let budget = RECONCILE_MOST_POSTINGS;
    for (const { list } of alike.filter(({ postings }) => postings > 0).sort((a, b) => a.postings - b.postings)) {
      for (const w of list) {
        for (let p = this.a.postingOffsets[w] as number; p < (this.a.postingOffsets[w + 1] as number) && budget > 0; p++, budget--)
          offer(this.a.postings[p] as number);
      }
      if (budget <= 0) break;
    }
    const order = (a: number, b: number): number => (this.best[a] as number) - (this.best[b] as number) || a - b;
    const top = smallest(touched, limit, order);
    const uris = this.uris(top);
    const candidates = top.map((concept, i) => ({
      uri: uris[i] as string,
      score: 100 - Math.floor((this.best[concept] as number) / ENTRY_SPAN / 2) / 100,
      equal: equal.has(concept),
    }));
    for (const concept of touched) this.best[concept] = Infinity;
    return { candidates, equalCount: equal.size };
  }

  private suffixes: WordSuffixes | undefined;

  private wordSuffixes(): WordSuffixes {
    this.suffixes ??= new WordSuffixes(bufferOf(this.a.wordText), this.a.wordOffsets);
    return this.suffixes;
  }

  /** A test on entries for a reconciliation filter; undefined when nothing can pass (no known scheme). */
  private reconcileAcceptor({ lang, schemes, allSchemes }: ReconcileFilter): ((entry: number) => boolean) | undefined {
    const mask = lang === undefined ? undefined : this.languageMask(lang);
    const ids = schemes?.map((scheme) => this.schemeIds.get(scheme));
    if (ids !== undefined && (allSchemes === true ? ids.some((id) => id === undefined) : ids.every((id) => id === undefined)))
      return undefined;
    const known = ids?.filter((id): id is number => id !== undefined);
    return (entry) => {
      if (mask !== undefined && mask[this.a.entryLanguage[entry] as number] !== 1) return false;
      if (known === undefined) return true;
      const concept = this.a.entryConcept[entry] as number;
      return allSchemes === true ? known.every((id) => this.inScheme(concept, id)) : known.some((id) => this.inScheme(concept, id));
    };
  }

  /** The number of the concept with this URI, or undefined when the index has none. */
  private conceptNumber(uri: string): number | undefined {
    const [low, high] = this.range(this.a.conceptText, this.a.conceptOffsets, Buffer.from(uri), false);
    return low === high ? undefined : low;
  }

  /** Whether the index holds a concept with this URI (a concept with a label, not deprecated). */
  hasConcept(uri: string): boolean {
    return this.conceptNumber(uri) !== undefined;
  }

  /** The concepts with a notation equal to `text`, as IRIs. */
  withNotation(text: string): string[] {
    const [low, high] = this.range(this.a.notationText, this.a.notationOffsets, Buffer.from(text), false);
    return this.uris(Array.from(this.a.notationConcept.subarray(low, high)));
  }

  /**
   * Where labels may equal or start with the query, for tiers 1 and 2: for each text of
   * `query.forms()`, its range among all labels' texts and among their filing forms;
   * `equalHigh` ends the part that equals it.
   */
  private startRanges(query: RankQuery): { order: RangeMinimum; low: number; equalHigh: number; high: number }[] {
    const ranges = [];
    for (const { texts } of query.forms()) {
      for (const text of new Set(texts)) {
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
    }
    return ranges;
  }

  /** The candidate words but the `skip`th (whose postings are read), as bytes, for `holdsAll`. */
  private otherWords(candidates: readonly CandidateWord[], skip: number): { bytes: Buffer; prefix: boolean }[][] {
    return candidates
      .filter((_, i) => i !== skip)
      .map((word) => word.map(({ folded, prefix }) => ({ bytes: Buffer.from(folded), prefix })));
  }

  /** Whether the entry holds an alternative of each of `words`: a cheap test on bytes before `RankQuery.match`. */
  private holdsAll(entry: number, words: readonly { bytes: Buffer; prefix: boolean }[][]): boolean {
    return words.every((word) => word.some(({ bytes, prefix }) => this.hasWord(entry, bytes, prefix)));
  }

  /** Whether a word of the entry's text equals `word` (or starts with it). */
  private hasWord(entry: number, word: Buffer, prefix: boolean): boolean {
    const text = this.text;
    const end = this.a.entryTextOffsets[entry + 1] as number;
    for (let at = this.a.entryTextOffsets[entry] as number; at < end;) {
      let wordEnd = text.indexOf(0x20, at);
      if (wordEnd < 0 || wordEnd > end) wordEnd = end;
      if (prefix ? wordEnd - at >= word.length : wordEnd - at === word.length) {
        if (text.compare(word, 0, word.length, at, at + word.length) === 0) return true;
      }
      at = wordEnd + 1;
    }
    return false;
  }

  /** The candidate word whose alternatives have the fewest postings. */
  private rarest(candidates: readonly CandidateWord[]): number {
    const sizes = candidates.map((word) => this.postingRanges(word).reduce((sum, [from, to]) => sum + to - from, 0));
    return sizes.reduce((best, size, i) => (size < (sizes[best] as number) ? i : best), 0);
  }

  /** The posting ranges of a candidate word's alternatives. */
  private postingRanges(word: CandidateWord): [number, number][] {
    return word
      .map((alternative) => this.postingRange(Buffer.from(alternative.folded), alternative.prefix))
      .filter(([from, to]) => from < to);
  }

  /** An entry's folded words. */
  private words(entry: number): string[] {
    const start = this.a.entryTextOffsets[entry] as number;
    const end = this.a.entryTextOffsets[entry + 1] as number;
    return start === end ? [] : this.text.toString('utf8', start, end).split(' ');
  }

  /** The number of the concept with this URI (see `shownLabels`), or undefined when the index has none. */
  conceptAt(uri: string): number | undefined {
    return this.conceptNumber(uri);
  }

  /** The IRI of a shown resource: a concept, or a resource a concept links to, or a scheme. */
  iriOf(shown: number): string {
    const n = this.conceptCount;
    if (shown < n) return bufferOf(this.a.conceptText).toString('utf8', this.a.conceptOffsets[shown], this.a.conceptOffsets[shown + 1]);
    return bufferOf(this.a.otherText).toString('utf8', this.a.otherOffsets[shown - n], this.a.otherOffsets[shown - n + 1]);
  }

  /** The labels and notes of a shown resource, by kind (altLabels and scopeNotes: of concepts only); languages lower case. */
  shownLabels(shown: number): Record<keyof typeof DISPLAY, Label[]> {
    const labels: Record<keyof typeof DISPLAY, Label[]> = { prefLabel: [], rdfsLabel: [], altLabel: [], scopeNote: [] };
    const text = bufferOf(this.a.displayText);
    for (let i = this.a.displayOffsets[shown] as number; i < (this.a.displayOffsets[shown + 1] as number); i++) {
      const label = {
        value: text.toString('utf8', this.a.displayTextOffsets[i], this.a.displayTextOffsets[i + 1]),
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

  /** The schemes of a concept, as shown resource numbers. */
  schemeResourcesOf(concept: number): number[] {
    return Array.from(
      this.a.conceptSchemes.subarray(this.a.conceptSchemeOffsets[concept], this.a.conceptSchemeOffsets[concept + 1]),
      (scheme) => this.a.schemeResource[scheme] as number,
    );
  }

  /** The notations of a concept, as read (a notation read twice is here twice). */
  notationsOf(concept: number): string[] {
    const text = bufferOf(this.a.notationText);
    return Array.from(
      this.a.conceptNotations.subarray(this.a.conceptNotationOffsets[concept], this.a.conceptNotationOffsets[concept + 1]),
      (i) => text.toString('utf8', this.a.notationOffsets[i], this.a.notationOffsets[i + 1]),
    );
  }

  /** The languages of the concepts' prefLabels, lower case, without "" (untagged). */
  prefLabelLanguages(): string[] {
    const used = new Uint8Array(this.languages.length);
    const kinds = this.a.displayKind;
    const end = this.a.displayOffsets[this.conceptCount] as number;
    for (let i = 0; i < end; i++) if (kinds[i] === DISPLAY.prefLabel) used[this.a.displayLanguage[i] as number] = 1;
    return this.languages.filter((tag, i) => used[i] === 1 && tag !== '');
  }

  /** A test on entries for the filter; undefined when nothing can pass (an unknown scheme). */
  private acceptor({ lang, scheme }: IndexFilter): ((entry: number) => boolean) | undefined {
    const schemeId = scheme === undefined ? undefined : this.schemeIds.get(scheme);
    if (scheme !== undefined && schemeId === undefined) return undefined;
    const mask = lang === undefined ? undefined : this.languageMask(lang);
    const { entryLanguage, entryConcept } = this.a;
    if (mask === undefined && schemeId === undefined) return () => true;
    return (entry) =>
      (mask === undefined || mask[entryLanguage[entry] as number] === 1) &&
      (schemeId === undefined || this.inScheme(entryConcept[entry] as number, schemeId));
  }

  /** Which language numbers a `lang` filter keeps: that range, and untagged labels. */
  private languageMask(lang: string): Uint8Array {
    let mask = this.languageMasks.get(lang);
    if (mask === undefined) {
      mask = Uint8Array.from(this.languages, (tag) => (speaks(lang, tag) ? 1 : 0));
      if (this.languageMasks.size < 1000) this.languageMasks.set(lang, mask);
    }
    return mask;
  }

  private inScheme(concept: number, scheme: number): boolean {
    for (let i = this.a.conceptSchemeOffsets[concept] as number; i < (this.a.conceptSchemeOffsets[concept + 1] as number); i++) {
      if (this.a.conceptSchemes[i] === scheme) return true;
    }
    return false;
  }

  /**
   * The range of a text order (`textOrder`, or `filingOrder` whose texts start after the
   * first word) whose texts start with `key` (with `prefix`), or equal it.
   */
  private textRange(order: Uint32Array, filing: boolean, key: Buffer, prefix: boolean): [number, number] {
    const offsets = this.a.entryTextOffsets;
    const textOf = (position: number): [number, number] => {
      const entry = order[position] as number;
      const end = offsets[entry + 1] as number;
      return [filing ? this.text.indexOf(0x20, offsets[entry] as number) + 1 : (offsets[entry] as number), end];
    };
    const compare = (position: number): number => {
      const [start, end] = textOf(position);
      return comparePrefix(this.text, start, end, key);
    };
    const low = bound(order.length, (p) => compare(p) < 0);
    const high = prefix
      ? bound(order.length, (p) => compare(p) <= 0)
      : bound(order.length, (p) => {
          const [start, end] = textOf(p);
          return this.text.compare(key, 0, key.length, start, end) <= 0;
        });
    return [low, high];
  }

  /** The range of postings of the words equal to `word` (or starting with it). */
  private postingRange(word: Buffer, prefix: boolean): [number, number] {
    const [low, high] = this.range(this.a.wordText, this.a.wordOffsets, word, prefix);
    return [this.a.postingOffsets[low] as number, this.a.postingOffsets[high] as number];
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

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  private uris(concepts: readonly number[]): string[] {
    const text = bufferOf(this.a.conceptText);
    return concepts.map((c) => text.toString('utf8', this.a.conceptOffsets[c], this.a.conceptOffsets[c + 1]));
  }
}

function bufferOf(array: Uint8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** The items of `items` that pass `test`, lazily. */
function* filtered(items: Iterable<number>, test: (item: number) => boolean): Iterable<number> {
  for (const item of items) if (test(item)) yield item;
}

/** The union of ascending streams of entry numbers, ascending, each number once. */
function* merged(streams: Iterable<number>[]): Iterable<number> {
  if (streams.length === 1) {
    yield* streams[0] as Iterable<number>;
    return;
  }
  const iterators = streams.map((stream) => stream[Symbol.iterator]());
  const heads = iterators.map((iterator) => iterator.next());
  let last = -1;
  for (;;) {
    let least = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i] as IteratorResult<number>;
      if (head.done !== true && (least < 0 || head.value < ((heads[least] as IteratorResult<number>).value as number))) least = i;
    }
    if (least < 0) return;
    const value = (heads[least] as IteratorResult<number>).value as number;
    heads[least] = (iterators[least] as Iterator<number>).next();
    if (value !== last) yield value;
    last = value;
  }
}

/** The `count` smallest items by `order`, sorted: a full sort when that is cheap, else a bounded heap. */
function smallest(items: number[], count: number, order: (a: number, b: number) => number): number[] {
  if (items.length <= count * 4) return [...items].sort(order).slice(0, count);
  const heap: number[] = []; // a max-heap of the best `count` so far
  const up = (i: number): void => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (order(heap[i] as number, heap[parent] as number) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const down = (i: number): void => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && order(heap[left] as number, heap[largest] as number) > 0) largest = left;
      if (right < heap.length && order(heap[right] as number, heap[largest] as number) > 0) largest = right;
      if (largest === i) return;
      [heap[i], heap[largest]] = [heap[largest] as number, heap[i] as number];
      i = largest;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      up(heap.length - 1);
    } else if (count > 0 && order(item, heap[0] as number) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(order);
}

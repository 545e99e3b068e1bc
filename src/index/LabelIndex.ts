import { chooseLabel, type Label } from '../domain/chooseLabel.js';
import type { QueryTerm } from '../domain/matchPatterns.js';
import { notationKey, searchKey } from '../domain/ranking.js';
import type { LabelIndexArrays, LabelIndexData } from './LabelIndexData.js';
import { RangeMinimum } from './RangeMinimum.js';

const SPACE = 0x20;

export interface IndexFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  scheme?: string | undefined;
}

export interface IndexPage {
  limit: number;
  offset: number;
}

/**
 * The labels of every concept, held in memory so that /search and /suggest can match, rank
 * and page without asking the store: the same rules as `queries/generic/search.rq` and
 * `suggest.rq`, where a label word matches a query word when their folded forms are equal
 * (or, for a prefix, when the label word's starts with the query word's).
 *
 * Storage is typed arrays and byte buffers (see LabelIndexData): memory in proportion to the
 * label text, a few dozen bytes per label besides it. Built once and never changed: a
 * refresh builds a new one.
 *
 * /suggest reads a page off the front: entries are numbered in rank order within a tier,
 * so a range-minimum structure gives any range's entries best first, lazily (RangeMinimum),
 * and a one-letter prefix costs about as much as a long one. `lang` and `scheme` are checked
 * on each entry so read: a filter that keeps a fraction f of the labels reads about 1/f times
 * as many entries for a page.
 */
export class LabelIndex {
  private readonly a: LabelIndexArrays;
  private readonly languages: readonly string[];
  private readonly schemeIds: Map<string, number>;
  private readonly firstAlt: number;
  private readonly text: Buffer;
  private readonly byText: RangeMinimum;
  private readonly byWord: RangeMinimum;
  private readonly languageMasks = new Map<string, Uint8Array>();
  // Scratch space for one query at a time (queries run synchronously).
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly best: Float64Array;

  constructor(readonly data: LabelIndexData) {
    this.a = data.arrays;
    this.languages = data.languages;
    this.firstAlt = data.firstAlt;
    this.schemeIds = new Map(data.schemes.map((scheme, i) => [scheme, i]));
    this.text = bufferOf(this.a.entryText);
    this.byText = new RangeMinimum(this.a.textOrder);
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
    const scratch = this.seen.byteLength + this.best.byteLength + this.byText.bytes + this.byWord.bytes;
    return { concepts: this.conceptCount, labels: this.a.entryConcept.length, words: this.a.wordOffsets.length - 1, bytes: arrays + scratch };
  }

  /**
   * /suggest: every query word starts a word of the label, ranked as `domain/ranking.ts`
   * says. Returns the page's concept URIs, best first.
   */
  suggest(terms: readonly QueryTerm[], filter: IndexFilter, page: IndexPage): string[] {
    if (terms.length === 0) return [];
    const accepts = this.acceptor(filter);
    if (accepts === undefined) return [];
    const want = page.offset + page.limit;
    const found: number[] = [];
    const stamp = this.nextStamp();
    const take = (entry: number): boolean => {
      const concept = this.a.entryConcept[entry] as number;
      if (this.seen[concept] === stamp || !accepts(entry)) return false;
      this.seen[concept] = stamp;
      found.push(concept);
      return found.length >= want;
    };
    const query = Buffer.from(terms.map((term) => term.folded).join(' '));
    // Tiers 1 and 2: labels that start with the query, a range of the text order; entry
    // numbers put prefLabels first, then shorter labels.
    const [low, high] = this.textRange(query);
    for (const entry of this.byText.ascending(low, high)) if (take(entry)) return this.uris(found.slice(page.offset));
    // Tiers 3 and 4: labels in which every query word starts a word, read off the postings
    // of the query word with the fewest, the other words checked on each label.
    const words = terms.map((term) => ({ bytes: Buffer.from(term.folded), prefix: term.prefix }));
    const ranges = words.map((word) => this.postingRange(word.bytes, word.prefix));
    const rarest = ranges.reduce((best, range, i) => (range[1] - range[0] < (ranges[best] as [number, number])[1] - (ranges[best] as [number, number])[0] ? i : best), 0);
    const [from, to] = ranges[rarest] as [number, number];
    for (const entry of this.byWord.ascending(from, to)) {
      if (this.startsWith(entry, query) || !words.every((word, i) => i === rarest || this.hasWord(entry, word.bytes, word.prefix))) continue;
      if (take(entry)) break;
    }
    return this.uris(found.slice(page.offset));
  }

  /**
   * /search: every query word equals a word of the label (a prefix word starts one), or the
   * notation equals `q`; ranked by `searchKey` and `notationKey`, then URI.
   */
  search(terms: readonly QueryTerm[], q: string, filter: IndexFilter, page: IndexPage): string[] {
    const accepts = this.acceptor(filter);
    if (accepts === undefined) return [];
    const touched: number[] = [];
    const offer = (concept: number, key: number): void => {
      if (this.best[concept] === Infinity) touched.push(concept);
      if (key < (this.best[concept] as number)) this.best[concept] = key;
    };
    if (terms.length > 0) {
      const query = Buffer.from(terms.map((term) => term.folded).join(' '));
      const words = terms.map((term) => ({ bytes: Buffer.from(term.folded), prefix: term.prefix }));
      const ranges = words.map((word) => this.postingRange(word.bytes, word.prefix));
      const rarest = ranges.reduce((best, range, i) => (range[1] - range[0] < (ranges[best] as [number, number])[1] - (ranges[best] as [number, number])[0] ? i : best), 0);
      const [from, to] = ranges[rarest] as [number, number];
      for (let p = from; p < to; p++) {
        const entry = this.a.postings[p] as number;
        if (!accepts(entry) || !words.every((word, i) => i === rarest || this.hasWord(entry, word.bytes, word.prefix))) continue;
        const match = this.equals(entry, query) ? 'equals' : this.startsWith(entry, query) ? 'starts' : 'words';
        offer(this.a.entryConcept[entry] as number, searchKey(match, entry < this.firstAlt, this.a.entryLength[entry] as number));
      }
    }
    const scheme = filter.scheme === undefined ? undefined : this.schemeIds.get(filter.scheme);
    const [low, high] = this.range(this.a.notationText, this.a.notationOffsets, Buffer.from(q), false);
    for (let i = low; i < high; i++) {
      const concept = this.a.notationConcept[i] as number;
      if (scheme === undefined || this.inScheme(concept, scheme)) offer(concept, notationKey(codePoints(q)));
    }
    const order = (a: number, b: number): number => (this.best[a] as number) - (this.best[b] as number) || a - b;
    const top = smallest(touched, page.offset + page.limit, order).slice(page.offset);
    for (const concept of touched) this.best[concept] = Infinity;
    return this.uris(top);
  }

  /** The prefLabel a concept shows in `lang` (lower case), by the contract's rule; "" when it has none. */
  prefLabel(uri: string, lang: string): string {
    const [low, high] = this.range(this.a.conceptText, this.a.conceptOffsets, Buffer.from(uri), false);
    if (low === high) return '';
    const pref: Label[] = [];
    const rdfs: Label[] = [];
    const text = bufferOf(this.a.displayText);
    for (let i = this.a.displayOffsets[low] as number; i < (this.a.displayOffsets[low + 1] as number); i++) {
      const label = { value: text.toString('utf8', this.a.displayTextOffsets[i], this.a.displayTextOffsets[i + 1]), language: this.languages[this.a.displayLanguage[i] as number] as string };
      (this.a.displayKind[i] === 0 ? pref : rdfs).push(label);
    }
    return chooseLabel(pref, lang) ?? chooseLabel(rdfs, lang) ?? '';
  }

  /** A test on entries for the filter; undefined when nothing can pass (an unknown scheme). */
  private acceptor({ lang, scheme }: IndexFilter): ((entry: number) => boolean) | undefined {
    const schemeId = scheme === undefined ? undefined : this.schemeIds.get(scheme);
    if (scheme !== undefined && schemeId === undefined) return undefined;
    const mask = lang === undefined ? undefined : this.languageMask(lang);
    const { entryLanguage, entryConcept } = this.a;
    if (mask === undefined && schemeId === undefined) return () => true;
    return (entry) => (mask === undefined || mask[entryLanguage[entry] as number] === 1) && (schemeId === undefined || this.inScheme(entryConcept[entry] as number, schemeId));
  }

  /** Which language numbers a `lang` filter keeps: that range, and untagged labels. */
  private languageMask(lang: string): Uint8Array {
    let mask = this.languageMasks.get(lang);
    if (mask === undefined) {
      mask = Uint8Array.from(this.languages, (tag) => (tag === '' || tag === lang || (tag.startsWith(lang) && tag.charAt(lang.length) === '-') ? 1 : 0));
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

  /** The range of `textOrder` whose entries' text starts with `query`. */
  private textRange(query: Buffer): [number, number] {
    const order = this.a.textOrder;
    const offsets = this.a.entryTextOffsets;
    const compare = (position: number): number => comparePrefix(this.text, offsets[order[position] as number] as number, offsets[(order[position] as number) + 1] as number, query);
    return [bound(order.length, (p) => compare(p) < 0), bound(order.length, (p) => compare(p) <= 0)];
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

  private startsWith(entry: number, query: Buffer): boolean {
    const start = this.a.entryTextOffsets[entry] as number;
    const end = this.a.entryTextOffsets[entry + 1] as number;
    return end - start >= query.length && this.text.compare(query, 0, query.length, start, start + query.length) === 0;
  }

  private equals(entry: number, query: Buffer): boolean {
    const start = this.a.entryTextOffsets[entry] as number;
    const end = this.a.entryTextOffsets[entry + 1] as number;
    return end - start === query.length && this.text.compare(query, 0, query.length, start, end) === 0;
  }

  /** Whether a word of the entry's text equals `word` (or starts with it). */
  private hasWord(entry: number, word: Buffer, prefix: boolean): boolean {
    const text = this.text;
    const end = this.a.entryTextOffsets[entry + 1] as number;
    for (let at = this.a.entryTextOffsets[entry] as number; at < end; ) {
      let wordEnd = text.indexOf(SPACE, at);
      if (wordEnd < 0 || wordEnd > end) wordEnd = end;
      if (prefix ? wordEnd - at >= word.length : wordEnd - at === word.length) {
        if (text.compare(word, 0, word.length, at, at + word.length) === 0) return true;
      }
      at = wordEnd + 1;
    }
    return false;
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

/** Compares the text `bytes[start .. end)` with `key`, counting a text that starts with `key` as equal. */
function comparePrefix(bytes: Buffer, start: number, end: number, key: Buffer): number {
  const length = Math.min(end - start, key.length);
  const order = bytes.compare(key, 0, length, start, start + length);
  if (order !== 0) return order;
  return end - start < key.length ? -1 : 0;
}

/** The first i in 0 .. count for which `before(i)` is false (`before` holds on a prefix). */
function bound(count: number, before: (i: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
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

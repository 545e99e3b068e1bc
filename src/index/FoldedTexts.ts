import { identity } from './groupBy.js';
import { sortByBytes } from './sortByBytes.js';
import type { GatheredTokens } from './TokenList.js';
import { VarintCursor } from './varint.js';

/**
 * The entries' folded texts as the builder gathered them (TokenList.ts, `words`): each text
 * its words' numbers, each word once in `words`; entry e's text is item `of[e]`. Never
 * written out as bytes: at a classification's millions of labels, the folded bytes beside the
 * index were the build's peak. Words are runs of letters, digits and marks (foldedLabel), all
 * of their bytes above the space: so texts compared as sequences of their words' places in
 * byte order compare as their bytes would (a word that is a prefix of another sorts first,
 * as the space after it does), and the index's orders come out the same.
 */
export interface FoldedTexts extends GatheredTokens {
  of: Uint32Array;
}

/** Each word's place in byte order, by its number (`GatheredTokens.tokens`). */
export function wordPlaces(words: { text: Uint8Array; offsets: Uint32Array }): Uint32Array {
  const order = identity(words.offsets.length - 1);
  sortByBytes(words.text, words.offsets, order);
  const place = new Uint32Array(order.length);
  order.forEach((word, position) => (place[word] = position));
  return place;
}

/** Runs shorter than this are sorted by comparing their texts' remaining words whole. */
const SHORT_RUN = 16;

/**
 * Sorts `entries` in place in byte order of their folded texts (`textOf[entry]`: the entry's
 * text number), each text from `starts[text]` (a position in `codes`; the text's start by
 * default); equal texts in ascending entry order, whatever order `entries` came in. Word by
 * word, as a radix sort by words: a native sort of 64-bit keys (the word's place, the entry),
 * then each run of entries whose texts share the word sorted by their next word, each text's
 * next word read where the last one ended; short runs are compared whole.
 */
export function sortByWords(
  texts: GatheredTokens,
  place: Uint32Array,
  entries: Uint32Array,
  textOf: Uint32Array,
  starts: Uint32Array = texts.offsets,
): void {
  const { codes, offsets } = texts;
  const next = starts.slice(); // by text number: where its next word starts
  const a = new VarintCursor();
  const b = new VarintCursor();
  /** The place (+ 1) of the next word of `entry`'s text, read (0 once it has none). */
  const nextWord = (entry: number): number => {
    const text = textOf[entry] as number;
    const end = offsets[text + 1] as number;
    a.at = next[text] as number;
    if (a.at >= end) return 0;
    const word = place[a.read(codes, end) - 1] as number;
    next[text] = a.at;
    return word + 1;
  };
  /** Compares two entries' texts from their next words on (the words before are the same), then the entries. */
  const compare = (x: number, y: number): number => {
    const xText = textOf[x] as number;
    const yText = textOf[y] as number;
    const xEnd = offsets[xText + 1] as number;
    const yEnd = offsets[yText + 1] as number;
    a.at = next[xText] as number;
    b.at = next[yText] as number;
    for (;;) {
      if (a.at >= xEnd) return b.at >= yEnd ? x - y : -1;
      if (b.at >= yEnd) return 1;
      const difference = (place[a.read(codes, xEnd) - 1] as number) - (place[b.read(codes, yEnd) - 1] as number);
      if (difference !== 0) return difference;
    }
  };
  // runs to sort, as [from, to) of `entries`: a stack, not recursion (a long text met many times would nest deep)
  const runs: number[] = [0, entries.length];
  while (runs.length > 0) {
    const to = runs.pop() as number;
    const from = runs.pop() as number;
    const run = entries.subarray(from, to);
    if (run.length < SHORT_RUN) {
      run.sort(compare);
      continue;
    }
    const keys = new BigUint64Array(run.length);
    const halves = new Uint32Array(keys.buffer); // little-endian: [low, high] per key
    for (let i = 0; i < run.length; i++) {
      halves[2 * i] = run[i] as number;
      halves[2 * i + 1] = nextWord(run[i] as number);
    }
    keys.sort();
    for (let i = 0; i < run.length; i++) run[i] = halves[2 * i] as number;
    for (let first = 0; first < run.length;) {
      let last = first + 1;
      while (last < run.length && halves[2 * last + 1] === halves[2 * first + 1]) last++;
      // texts that ended here (key 0) are equal, and in entry order already
      if (last - first > 1 && halves[2 * first + 1] !== 0) runs.push(from + first, from + last);
      first = last;
    }
  }
}

/** How many words text `item` has, at most 255 (each word's varint ends with a byte below 0x80). */
export function wordCount(texts: GatheredTokens, item: number): number {
  let count = 0;
  const end = texts.offsets[item + 1] as number;
  for (let at = texts.offsets[item] as number; at < end && count < 255; at++) if ((texts.codes[at] as number) < 0x80) count++;
  return count;
}

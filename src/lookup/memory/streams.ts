import { languageBit } from '../../index/LabelIndexData.js';

/** Entries, and the languages (by number) in which they may match: all where absent. */
export interface EntryList {
  entries: Uint32Array;
  languages?: Uint8Array | undefined;
  /**
   * Whether `entries` ascend (a word's postings): then, where long, they are read lazily, as far as the
   * reading goes, never copied; only those that `keep` passes, where given.
   */
  ascending?: boolean | undefined;
  keep?: ((entry: number) => boolean) | undefined;
  /**
   * `entries` ascending, lazily, where they are held in another order (a long range of the
   * labels' text order): then, where long, read from it as an ascending list is.
   */
  inOrder?: (() => Iterable<number>) | undefined;
  /** The languages of its labels, a bit each (`LabelIndex.wordLanguages`), where known: a list no label of which speaks the display language is read as such. */
  spoken?: number | undefined;
}

/** An ascending list this long or longer is read lazily, not copied (`bySpeaking`). */
const LAZY_LIST = 4_096;
/** At most this many lists are read lazily at once. */
const LAZY_LISTS = 4;

/**
 * The entries of `lists` in a language they may match in, split by whether the display
 * language speaks it (`speaking`, by language number): each part ascending, each entry once,
 * lazily. Lists in no order are copied in a pass and heaped: the first k of n cost about
 * n + k log n steps, where sorting would cost n log n. The longest ascending lists (a few, of
 * thousands of entries or more) are merged in as they are read: a page of a word that hundreds
 * of thousands of labels hold reads a few dozen of them. A list whose labels (`spoken`) are in
 * none of the languages it may match in is not read at all.
 */
export function bySpeaking(
  given: readonly EntryList[],
  languageOf: (entry: number) => number,
  speaking: Uint8Array,
  /** LAZY_LIST (tests ask for 0, so that small vocabularies read lists lazily too). */
  lazyList = LAZY_LIST,
): [Iterable<number>, Iterable<number>] {
  // a list whose labels are in none of the languages it may match in holds nothing to read
  const lists = given.filter(
    ({ spoken, languages }) => spoken === undefined || languages === undefined || (spoken & bitsOf(languages)) !== 0,
  );
  // the longest ascending lists are read lazily (a few: each entry read costs a look at every lazy list's head)
  const lazy = lists
    .filter(({ ascending, inOrder, entries }) => (ascending === true || inOrder !== undefined) && entries.length >= lazyList)
    .sort((a, b) => b.entries.length - a.entries.length)
    .slice(0, LAZY_LISTS);
  const copied = lists.filter((list) => !lazy.includes(list));
  const total = copied.reduce((sum, list) => sum + list.entries.length, 0);
  const yes = new Uint32Array(total);
  const no = new Uint32Array(total);
  let passed = 0;
  let failed = 0;
  for (const list of copied) {
    for (const entry of list.entries) {
      const language = languageOf(entry);
      if (!mayMatch(list, entry, language)) continue;
      if (speaking[language] === 1) yes[passed++] = entry;
      else no[failed++] = entry;
    }
  }
  const heaps = [ascendingHeap(yes.subarray(0, passed)), ascendingHeap(no.subarray(0, failed))] as const;
  if (lazy.length === 0) return [heaps[0], heaps[1]];
  const speakingBits = bitsOf(speaking);
  const split = lazy.map((list) =>
    splitLazily(list, languageOf, speaking, list.spoken !== undefined && (list.spoken & speakingBits) === 0),
  );
  return [merged([heaps[0], ...split.map(([speaks]) => speaks)]), merged([heaps[1], ...split.map(([, not]) => not)])];
}

/** Whether an entry of `list`, in the language numbered `language`, is one the list offers: in a language it may match in, and kept. */
function mayMatch({ languages, keep }: EntryList, entry: number, language: number): boolean {
  return (languages === undefined || languages[language] === 1) && (keep === undefined || keep(entry));
}

/** The bits (`languageBit`) of the languages marked 1 in `languages` (by number). */
function bitsOf(languages: Uint8Array): number {
  let bits = 0;
  languages.forEach((marked, language) => (bits = marked === 1 ? (bits | languageBit(language)) >>> 0 : bits));
  return bits;
}

/**
 * An ascending list's entries that may match, split by whether the display language speaks
 * them, in one pass: the speaking part is read lazily, and what it passes that does not
 * speak is kept, in order, for the other part (read after it, if at all).
 */
function splitLazily(
  list: EntryList,
  languageOf: (entry: number) => number,
  speaking: Uint8Array,
  /** Whether no label of the list speaks the display language: then the other part is read lazily too. */
  noneSpeaks: boolean,
): [Iterable<number>, Iterable<number>] {
  const entries = (list.inOrder?.() ?? list.entries)[Symbol.iterator]();
  const later: number[] = [];
  function* speaks(): Iterable<number> {
    for (let next = entries.next(); next.done !== true; next = entries.next()) {
      const entry = next.value;
      const language = languageOf(entry);
      if (!mayMatch(list, entry, language)) continue;
      if (speaking[language] === 1) yield entry;
      else if (noneSpeaks) yield entry;
      else later.push(entry);
    }
  }
  if (noneSpeaks) return [[], speaks()];
  function* not(): Iterable<number> {
    // the speaking part read to its end first, where it was not
    for (const entry of speaks()) void entry;
    yield* later;
  }
  return [speaks(), not()];
}

/** The numbers of `heap` (which it reorders) ascending, each once, lazily. */
function* ascendingHeap(heap: Uint32Array): Iterable<number> {
  let size = heap.length;
  const down = (from: number): void => {
    const value = heap[from] as number;
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && (heap[child + 1] as number) < (heap[child] as number)) child++;
      if ((heap[child] as number) >= value) break;
      heap[i] = heap[child] as number;
      i = child;
    }
    heap[i] = value;
  };
  for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
  let last = -1;
  while (size > 0) {
    const least = heap[0] as number;
    heap[0] = heap[--size] as number;
    down(0);
    if (least !== last) yield least;
    last = least;
  }
}

/** The items of `items` that pass `test`, lazily. */
export function* filtered(items: Iterable<number>, test: (item: number) => boolean): Iterable<number> {
  for (const item of items) if (test(item)) yield item;
}

/** The union of ascending streams of entry numbers, ascending, each number once. */
export function* merged(streams: Iterable<number>[]): Iterable<number> {
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
export function smallest(items: number[], count: number, order: (a: number, b: number) => number): number[] {
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

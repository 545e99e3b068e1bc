/** Entries, and the languages (by number) in which they may match: all where absent. */
export interface EntryList {
  entries: Uint32Array;
  languages?: Uint8Array | undefined;
}

/**
 * The entries of `lists` in a language they may match in, split by whether the display
 * language speaks it (`speaking`, by language number): each part ascending, each entry once,
 * lazily. A pass over the lists, then a heap of each part: the first k of n cost about
 * n + k log n steps, where sorting would cost n log n.
 */
export function bySpeaking(
  lists: readonly EntryList[],
  languageOf: (entry: number) => number,
  speaking: Uint8Array,
): [Iterable<number>, Iterable<number>] {
  const total = lists.reduce((sum, list) => sum + list.entries.length, 0);
  const yes = new Uint32Array(total);
  const no = new Uint32Array(total);
  let passed = 0;
  let failed = 0;
  for (const { entries, languages } of lists) {
    for (const entry of entries) {
      const language = languageOf(entry);
      if (languages !== undefined && languages[language] !== 1) continue;
      if (speaking[language] === 1) yes[passed++] = entry;
      else no[failed++] = entry;
    }
  }
  return [ascending(yes.subarray(0, passed)), ascending(no.subarray(0, failed))];
}

/** The numbers of `heap` (which it reorders) ascending, each once, lazily. */
function* ascending(heap: Uint32Array): Iterable<number> {
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

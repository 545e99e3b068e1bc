import { isShared, sharedArray } from './sharedArrays.js';

/** Positions per block: a query scans at most two partial blocks. */
const BLOCK = 64;

/**
 * Range-minimum queries over a fixed array of unsigned integers, and from them the values of
 * any range in ascending order, produced lazily: the first k values of a range of n cost
 * about k log k steps, whatever n is. This is what lets a one-letter type-ahead prefix,
 * whose range holds hundreds of thousands of label entries, read its best page off the front.
 *
 * Memory: one position per block of 64 values at each of log2(blocks) levels (a sparse table
 * over the blocks' minima), about a fifth of the array itself.
 */
export class RangeMinimum {
  /**
   * levels[k][b]: the position of the minimum of blocks b .. b + 2^k - 1. In shared memory when
   * `values` is (the worker pool's threads then read one copy, `LabelIndex.shared`).
   */
  readonly levels: Uint32Array[] = [];

  /** @param levels the levels of a RangeMinimum over the same values, made on another thread */
  constructor(
    private readonly values: Uint32Array,
    levels?: Uint32Array[],
  ) {
    if (levels !== undefined) {
      this.levels = levels;
      return;
    }
    const shared = isShared(values);
    const array = (length: number): Uint32Array => (shared ? sharedArray(Uint32Array, length) : new Uint32Array(length));
    const blocks = Math.ceil(values.length / BLOCK);
    const first = array(blocks);
    for (let b = 0; b < blocks; b++) first[b] = this.scan(b * BLOCK, Math.min(values.length, (b + 1) * BLOCK) - 1);
    this.levels.push(first);
    for (let k = 1; 1 << k <= blocks; k++) {
      const below = this.levels[k - 1] as Uint32Array;
      const level = array(blocks - (1 << k) + 1);
      const half = 1 << (k - 1);
      for (let b = 0; b < level.length; b++) level[b] = this.better(below[b] as number, below[b + half] as number);
      this.levels.push(level);
    }
  }

  /** Bytes held besides the array itself. */
  get bytes(): number {
    return this.levels.reduce((sum, level) => sum + level.byteLength, 0);
  }

  /** The position of the smallest value in positions `from` .. `to` (inclusive; from <= to). Ties: the leftmost. */
  positionOfMinimum(from: number, to: number): number {
    const firstBlock = Math.floor(from / BLOCK);
    const lastBlock = Math.floor(to / BLOCK);
    if (lastBlock - firstBlock < 2) return this.scan(from, to);
    let best = this.better(this.scan(from, (firstBlock + 1) * BLOCK - 1), this.scan(lastBlock * BLOCK, to));
    const left = firstBlock + 1;
    const right = lastBlock - 1;
    const k = 31 - Math.clz32(right - left + 1);
    const level = this.levels[k] as Uint32Array;
    best = this.better(best, this.better(level[left] as number, level[right - (1 << k) + 1] as number));
    return best;
  }

  /** The values of positions `from` .. `to - 1` (half-open), smallest first, as they are asked for. */
  *ascending(from: number, to: number): Generator<number> {
    if (from >= to) return;
    // A binary min-heap of disjoint ranges keyed by their minimum: [key, position, from, to].
    const heap: number[][] = [];
    const push = (low: number, high: number): void => {
      if (low > high) return;
      const position = this.positionOfMinimum(low, high);
      const item = [this.values[position] as number, position, low, high];
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (((heap[parent] as number[])[0] as number) <= (item[0] as number)) break;
        heap[i] = heap[parent] as number[];
        heap[parent] = item;
        i = parent;
      }
    };
    const pop = (): number[] => {
      const top = heap[0] as number[];
      const last = heap.pop() as number[];
      if (heap.length > 0) {
        heap[0] = last;
        for (let i = 0; ;) {
          const left = 2 * i + 1;
          const right = left + 1;
          let least = i;
          if (left < heap.length && ((heap[left] as number[])[0] as number) < ((heap[least] as number[])[0] as number)) least = left;
          if (right < heap.length && ((heap[right] as number[])[0] as number) < ((heap[least] as number[])[0] as number)) least = right;
          if (least === i) break;
          [heap[i], heap[least]] = [heap[least] as number[], heap[i] as number[]];
          i = least;
        }
      }
      return top;
    };
    push(from, to - 1);
    while (heap.length > 0) {
      const [value, position, low, high] = pop() as [number, number, number, number];
      yield value;
      push(low, position - 1);
      push(position + 1, high);
    }
  }

  private scan(from: number, to: number): number {
    let best = from;
    let least = this.values[from] as number;
    for (let i = from + 1; i <= to; i++) {
      const value = this.values[i] as number;
      if (value < least) {
        least = value;
        best = i;
      }
    }
    return best;
  }

  private better(a: number, b: number): number {
    return (this.values[b] as number) < (this.values[a] as number) ? b : a;
  }
}

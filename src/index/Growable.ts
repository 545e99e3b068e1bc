import { sharedArray } from './sharedArrays.js';

type UintArray = Uint8Array | Uint16Array | Uint32Array;
type UintArrayType<T extends UintArray> = { new (length: number): T };

/** An append-only typed array that doubles its capacity as it fills; `take()` hands it over. */
export class Growable<T extends UintArray> {
  private items: T;
  length = 0;

  constructor(
    private readonly type: UintArrayType<T>,
    capacity = 1024,
  ) {
    this.items = new type(capacity);
  }

  /** A list holding `items` (not a copy), as `take()` handed them over. */
  static of<T extends UintArray>(type: UintArrayType<T>, items: T): Growable<T> {
    const list = new Growable(type, 0);
    list.items = items;
    list.length = items.length;
    return list;
  }

  push(value: number): void {
    if (this.length === this.items.length) this.reserve(this.length + 1);
    this.items[this.length++] = value;
  }

  get(index: number): number {
    return this.items[index] as number;
  }

  /** Makes room for `capacity` items in all. */
  reserve(capacity: number): void {
    if (capacity <= this.items.length) return;
    // twice as large while small, half again as large once past a million items: less room left empty
    const bigger = new this.type(
      Math.max(capacity, this.items.length < 1 << 20 ? this.items.length * 2 : Math.floor(this.items.length * 1.5)),
    );
    bigger.set(this.items);
    this.items = bigger;
  }

  /**
   * Hands the items over (a view, not a copy) and forgets them, so that the memory goes as
   * soon as the taker drops them: a build holds each list only as long as it needs it.
   */
  take(): T {
    const items = this.items.subarray(0, this.length) as T;
    this.items = new this.type(0);
    this.length = 0;
    return items;
  }

  /** The items so far, for writing in place; valid until the next push. */
  get raw(): T {
    return this.items;
  }
}

/** UTF-8 text appended piece by piece; item i is `bytes[offsets[i] .. offsets[i + 1])`. */
export class TextList {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private offsets = new Growable(Uint32Array);

  constructor() {
    this.offsets.push(0);
  }

  /** A list holding `text` and `offsets` (not copies), as `take()` handed them over. */
  static of(text: Uint8Array, offsets: Uint32Array): TextList {
    const list = new TextList();
    list.bytes = Buffer.from(text.buffer as ArrayBuffer, text.byteOffset, text.byteLength);
    list.used = text.byteLength;
    list.offsets = Growable.of(Uint32Array, offsets as Uint32Array<ArrayBuffer>);
    return list;
  }

  get count(): number {
    return this.offsets.length - 1;
  }

  push(text: string): void {
    const room = this.used + text.length * 3;
    if (room > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(
        Math.max(room, this.bytes.length < 1 << 24 ? this.bytes.length * 2 : Math.floor(this.bytes.length * 1.5)),
      );
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    if (this.used > 0xffffffff) throw new RangeError('more than 4 GiB of label text');
    this.offsets.push(this.used);
  }

  /** The last item, as a new string of its own. */
  last(): string {
    return this.bytes.toString('utf8', this.offsets.get(this.offsets.length - 2), this.used);
  }

  /** Hands the text and offsets over (views, not copies) and forgets them, as Growable.take does. */
  take(): { text: Uint8Array; offsets: Uint32Array } {
    const text = new Uint8Array(this.bytes.buffer, this.bytes.byteOffset, this.used);
    this.bytes = Buffer.alloc(0);
    this.used = 0;
    return { text, offsets: this.offsets.take() };
  }

  /** The text and offsets as they stand (valid until the next push). */
  get view(): { text: Uint8Array; offsets: Uint32Array } {
    return { text: this.bytes, offsets: this.offsets.raw };
  }
}

/**
 * Items `order[0]`, `order[1]`... of a text list, copied into a new one in that order. What a
 * build reorders is what the index keeps: the copy is made in shared memory, where the index
 * lives (`sharedArrays.ts`), so that it is never copied again.
 */
export function reorderText(text: Uint8Array, offsets: Uint32Array, order: ArrayLike<number>): { text: Uint8Array; offsets: Uint32Array } {
  let size = 0;
  for (let i = 0; i < order.length; i++) size += (offsets[(order[i] as number) + 1] as number) - (offsets[order[i] as number] as number);
  const out = sharedArray(Uint8Array, size);
  const outOffsets = sharedArray(Uint32Array, order.length + 1);
  let at = 0;
  for (let i = 0; i < order.length; i++) {
    const id = order[i] as number;
    const from = offsets[id] as number;
    const to = offsets[id + 1] as number;
    // a short text byte by byte: a view a text costs more than its copy (millions of labels)
    if (to - from > 64) out.set(text.subarray(from, to), at);
    else for (let k = from; k < to; k++) out[at + k - from] = text[k] as number;
    at += to - from;
    outOffsets[i + 1] = at;
  }
  return { text: out, offsets: outOffsets };
}

/**
 * An array of `type` with item i `pick(source[i])`: what `type.from(source, pick)` gives,
 * without the array of boxed numbers V8 builds for that first (about 20 bytes an item, kept
 * by the heap after): at millions of labels, that alone added hundreds of MB to a build's
 * peak. Made in shared memory, as `reorderText`'s texts are: a build maps what the index keeps.
 */
export function mapped<T extends UintArray>(
  type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  source: ArrayLike<number>,
  pick: (value: number) => number,
): T {
  const out = sharedArray(type, source.length);
  for (let i = 0; i < source.length; i++) out[i] = pick(source[i] as number);
  return out;
}

/** `source[order[0]]`, `source[order[1]]`... (each through `pick`), as `mapped` makes them. */
export function picked<T extends UintArray>(
  type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  source: ArrayLike<number>,
  order: ArrayLike<number>,
  pick: (value: number) => number = (value) => value,
): T {
  return mapped(type, order, (i) => pick(source[i] as number));
}

/**
 * Sorts `ids` in place by the bytes of their texts, item `id` being
 * `text[offsets[id] .. offsets[id + 1])`, or with `starts`, `text[starts[id] .. offsets[id + 1])`
 * (a part of each text, sorted without copying it out). For UTF-8 text, byte order is code
 * point order. Ties keep no particular order.
 *
 * Millions of items sort in about a second: each gets a 64-bit key of its first four or five
 * bytes and its id, the keys sort natively, and only runs that share those bytes are compared
 * in full.
 */
export function sortByBytes(text: Uint8Array, offsets: Uint32Array, ids: Uint32Array, starts: Uint32Array = offsets): void {
  const n = ids.length;
  if (n < 2) return;
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  let largest = 0;
  for (let i = 0; i < n; i++) largest = Math.max(largest, ids[i] as number);
  const wide = largest < 1 << 24; // room for a fifth byte in the key beside the id
  const keys = new BigUint64Array(n);
  const halves = new Uint32Array(keys.buffer); // little-endian: [low, high] per key
  const byteAt = (start: number, end: number, i: number): number => (start + i < end ? (bytes[start + i] as number) : 0);
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    const start = starts[id] as number;
    const end = offsets[id + 1] as number;
    const high =
      ((byteAt(start, end, 0) << 24) | (byteAt(start, end, 1) << 16) | (byteAt(start, end, 2) << 8) | byteAt(start, end, 3)) >>> 0;
    halves[2 * i + 1] = high;
    halves[2 * i] = wide ? ((byteAt(start, end, 4) << 24) | id) >>> 0 : id;
  }
  keys.sort();
  const prefixOf = (i: number): number => (wide ? (halves[2 * i] as number) >>> 24 : 0);
  for (let i = 0; i < n; i++) ids[i] = wide ? (halves[2 * i] as number) & 0xffffff : (halves[2 * i] as number);
  const compare = (a: number, b: number): number =>
    bytes.compare(bytes, starts[b] as number, offsets[b + 1] as number, starts[a] as number, offsets[a + 1] as number);
  for (let from = 0; from < n;) {
    let to = from + 1;
    while (to < n && halves[2 * to + 1] === halves[2 * from + 1] && prefixOf(to) === prefixOf(from)) to++;
    if (to - from > 1) ids.subarray(from, to).sort(compare);
    from = to;
  }
}

/**
 * `sortByBytes`, then items whose texts are equal put in ascending order of their ids: a
 * total order (by text, then id) from the byte sort, which leaves ties in no particular order.
 */
export function sortByBytesThenId(text: Uint8Array, offsets: Uint32Array, ids: Uint32Array): void {
  sortByBytes(text, offsets, ids);
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const same = (a: number, b: number): boolean => bytes.compare(text, offsets[a], offsets[a + 1], offsets[b], offsets[b + 1]) === 0;
  for (let from = 0; from < ids.length;) {
    let to = from + 1;
    while (to < ids.length && same(ids[from] as number, ids[to] as number)) to++;
    if (to - from > 1) ids.subarray(from, to).sort();
    from = to;
  }
}

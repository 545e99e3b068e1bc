/** Binary search over sorted UTF-8 texts, shared by the label index's sorted lists. */

/** Compares the text `bytes[start .. end)` with `key`, counting a text that starts with `key` as equal. */
export function comparePrefix(bytes: Buffer, start: number, end: number, key: Buffer): number {
  const length = Math.min(end - start, key.length);
  const order = bytes.compare(key, 0, length, start, start + length);
  if (order !== 0) return order;
  return end - start < key.length ? -1 : 0;
}

/** The first i in 0 .. count for which `before(i)` is false (`before` holds on a prefix). */
export function bound(count: number, before: (i: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The positions of `keys` (non-negative integers below 2^48, held as doubles) in ascending
 * order of their keys, equal keys in position order: a stable least-significant-digit radix
 * sort, three passes of 16 bits. Unlike a sort with a comparison function, it makes no
 * object per item and takes a few hundred milliseconds for millions of keys.
 */
export function radixOrder(keys: Float64Array): Uint32Array {
  const n = keys.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(65_537);
  for (let shift = 0; shift < 48; shift += 16) {
    const scale = 2 ** shift;
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = Math.floor((keys[i] as number) / scale) % 65_536;
      counts[digit + 1] = (counts[digit + 1] as number) + 1;
    }
    for (let d = 0; d < 65_536; d++) counts[d + 1] = (counts[d + 1] as number) + (counts[d] as number);
    for (let i = 0; i < n; i++) {
      const item = order[i] as number;
      const digit = Math.floor((keys[item] as number) / scale) % 65_536;
      const at = counts[digit] as number;
      counts[digit] = at + 1;
      next[at] = item;
    }
    [order, next] = [next, order];
  }
  return order;
}

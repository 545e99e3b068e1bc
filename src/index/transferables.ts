/**
 * The memory behind the typed arrays in `value` (searched to any depth) that may move to
 * another thread instead of being copied: each once, and only those an array owns, never a
 * slab that Node shares among small Buffers (those are copied).
 */
export function transferables(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const { buffer } = value;
    if (buffer instanceof ArrayBuffer && buffer.byteLength >= 16_384) found.add(buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) transferables(item, found);
  } else if (typeof value === 'object' && value !== null && !(value instanceof Map)) {
    for (const item of Object.values(value)) transferables(item, found);
  }
  return [...found];
}

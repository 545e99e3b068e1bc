import type { LabelIndexArrays, LabelIndexData } from './LabelIndexData.js';

type IndexArray = Uint8Array | Uint16Array | Uint32Array;

/** Whether a typed array lives in memory that threads share (a SharedArrayBuffer). */
export function isShared(array: ArrayBufferView): boolean {
  return array.buffer instanceof SharedArrayBuffer;
}

/** A typed array of `Type` and `length` in shared memory. */
export function sharedArray<T extends IndexArray>(
  Type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT));
}

/**
 * The index's arrays moved into shared memory, so that every thread of the pool reads one
 * copy (posting a shared array to a worker shares it; posting any other copies it). Arrays
 * are copied one at a time and each original is let go at once; `between` (a garbage
 * collection, on the layout thread) runs after each, so that the peak is the index and its
 * largest array, not the index twice. Arrays already shared are kept as they are.
 */
export function shareArrays(data: LabelIndexData, between: () => void = () => {}): LabelIndexData {
  const arrays = data.arrays as unknown as Record<string, IndexArray>;
  for (const name of Object.keys(arrays)) {
    const array = arrays[name] as IndexArray;
    if (isShared(array)) continue;
    const Type = array.constructor as { new (buffer: SharedArrayBuffer): IndexArray; BYTES_PER_ELEMENT: number };
    const copy = sharedArray(Type, array.length);
    copy.set(array);
    arrays[name] = copy;
    if (array.byteLength >= 1 << 24) between();
  }
  return { ...data, arrays: arrays as unknown as LabelIndexArrays };
}

import { Growable } from './Growable.js';
import { sharedArray } from './sharedArrays.js';

// The arrays made here are in shared memory, where the index lives (`sharedArrays.ts`):
// most of them are what the index keeps, and are then never copied again.

/** 0, 1, ... n - 1. */
export function identity(n: number): Uint32Array {
  const ids = sharedArray(Uint32Array, n);
  for (let i = 0; i < n; i++) ids[i] = i;
  return ids;
}

/**
 * Items grouped by their concept's new number (`rank[item's resource]`; items of a resource
 * ranked -1, not a concept, are left out): `order` lists item ids concept by concept,
 * `offsets` where each concept's start.
 */
export function groupBy(
  conceptCount: number,
  itemConcept: Uint32Array,
  rank: ArrayLike<number>,
): { offsets: Uint32Array; order: Uint32Array } {
  const offsets = sharedArray(Uint32Array, conceptCount + 1);
  let kept = 0;
  for (const c of itemConcept) {
    const at = (rank[c] as number) + 1;
    if (at === 0) continue;
    offsets[at] = (offsets[at] as number) + 1;
    kept++;
  }
  for (let c = 0; c < conceptCount; c++) offsets[c + 1] = (offsets[c + 1] as number) + (offsets[c] as number);
  const next = offsets.slice(0, conceptCount);
  const order = sharedArray(Uint32Array, kept);
  itemConcept.forEach((c, item) => {
    const group = rank[c] as number;
    if (group < 0) return;
    const at = next[group] as number;
    next[group] = at + 1;
    order[at] = item;
  });
  return { offsets, order };
}

/** The items (in their order) whose resource is a concept. */
export function keptItems(itemResource: Uint32Array, rank: Int32Array): Uint32Array {
  const items = new Growable(Uint32Array, Math.max(1, itemResource.length));
  for (let i = 0; i < itemResource.length; i++) if ((rank[itemResource[i] as number] as number) >= 0) items.push(i);
  return items.take();
}

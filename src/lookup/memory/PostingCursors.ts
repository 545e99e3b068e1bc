/**
 * Cursors over the postings of groups of words (a group a query word: its alike words), asked
 * about entries in ascending order: how many groups hold an entry, each posting list walked
 * forward (a few postings one by one, then by galloping: steps that double, then halving),
 * never back until `restart`. Its cost an entry grows with the logarithm of the gap to the
 * next posting, read from adjacent memory, where looking an entry's own words up reads three
 * places of the index at random.
 */
/** Postings a cursor steps over one by one before it gallops. */
const NEAR = 8;

export class PostingCursors {
  /** The posting lists of every group, one after the other; `groupEnds[g]` ends group g's. */
  private readonly lists: Uint32Array[];
  private readonly groupEnds: number[];
  /** Per list, the place of the first posting not yet passed. */
  private readonly at: Int32Array;
  /**
   * Per list, its posting at `at` (NONE past its end), and per group the least of its lists':
   * kept side by side, so that an entry below a group's least is known not held by it, and a
   * list whose posting is above the entry is passed by, without reading any posting list.
   */
  private readonly heads: Float64Array;
  private readonly groupLeast: Float64Array;
  /** The groups' first postings of the entry `next` was asked, for it to choose among. */
  private readonly leastHeads: Float64Array;

  constructor(groups: readonly (readonly Uint32Array[])[]) {
    this.lists = groups.flatMap((lists) => lists.filter((list) => list.length > 0));
    let end = 0;
    this.groupEnds = groups.map((lists) => (end += lists.filter((list) => list.length > 0).length));
    this.at = new Int32Array(this.lists.length);
    this.heads = new Float64Array(this.lists.length);
    this.groupLeast = new Float64Array(this.groupEnds.length);
    this.leastHeads = new Float64Array(this.groupEnds.length);
    this.restart();
  }

  /** Whether no group holds any entry. */
  get empty(): boolean {
    return this.lists.length === 0;
  }

  /** What `next` gave last for one group: while it is above the entries asked, no cursor has moved past it. */
  private nextFound = -1;
  /** For entries asked from the first again (a new ascending run). */
  restart(): void {
    this.at.fill(0);
    this.lists.forEach((postings, l) => (this.heads[l] = postings[0] as number));
    // below every entry: each group's least is found when it is first reached
    this.groupLeast.fill(-1);
    this.nextFound = -1;
  }

  /** How many of the groups hold `entry` (no smaller than any entry asked since `restart`), counted up to `most`. */
  count(entry: number, most: number): number {
    let held = 0;
    for (let g = 0; g < this.groupEnds.length && held < most; g++) if (this.reach(g, entry) === entry) held++;
    return held;
  }

  /**
   * Where the entries that `groups` of the groups may hold start, from `entry` on (no smaller
   * than any entry asked since `restart`): the `groups`-th least of the groups' first postings
   * of `entry` or more, NONE where fewer groups have one. An entry below it is held by fewer
   * groups; for one group, it is the least posting of any.
   */
  next(entry: number, groups = 1): number {
    // every cursor is at or past what was found last for one group, and nothing lies between the entry asked then and it
    if (groups === 1 && this.nextFound > entry) return this.nextFound;
    const heads = this.leastHeads;
    const count = this.groupEnds.length;
    for (let g = 0; g < count; g++) heads[g] = this.reach(g, entry);
    if (groups > 1) return groups <= count ? (heads.sort()[groups - 1] as number) : NONE;
    let found = NONE;
    for (let g = 0; g < count; g++) found = Math.min(found, heads[g] as number);
    return (this.nextFound = found);
  }

  /** Moves group `g`'s cursors to their first postings of `entry` or more; the least of them (NONE where none is). */
  private reach(g: number, entry: number): number {
    if ((this.groupLeast[g] as number) >= entry) return this.groupLeast[g] as number;
    const heads = this.heads;
    let least = NONE;
    for (let l = g === 0 ? 0 : (this.groupEnds[g - 1] as number); l < (this.groupEnds[g] as number); l++) {
      if ((heads[l] as number) < entry) {
        const postings = this.lists[l] as Uint32Array;
        const at = (this.at[l] = firstAtLeast(postings, this.at[l] as number, postings.length, entry));
        heads[l] = at < postings.length ? (postings[at] as number) : NONE;
      }
      least = Math.min(least, heads[l] as number);
    }
    return (this.groupLeast[g] = least);
  }
}

/** Greater than every entry number. */
export const NONE = 2 ** 32;

/**
 * The first place from `at` to `end` (exclusive) of ascending `postings` whose posting is
 * `entry` or more (`end` where none is): a few steps one by one, then galloping.
 */
export function firstAtLeast(postings: Uint32Array, at: number, end: number, entry: number): number {
  // a few steps one by one first: in a list denser than the entries asked, the next is near
  const near = Math.min(end, at + NEAR);
  while (at < near && (postings[at] as number) < entry) at++;
  if (at < near || at === end) return at;
  // postings[low] < entry; postings[high] >= entry, or high is the end
  let low = at - 1;
  let step = NEAR;
  let high = at;
  while (high < end && (postings[high] as number) < entry) {
    low = high;
    step *= 2;
    high = low + step;
  }
  if (high > end) high = end;
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if ((postings[middle] as number) < entry) low = middle;
    else high = middle;
  }
  return high;
}

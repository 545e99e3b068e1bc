import { Growable } from './Growable.js';
import { groupBy, identity } from './groupBy.js';

/**
 * Links from concepts to resources that a result shows, gathered pair by pair, then grouped
 * by concept with each resource once: `to` holds shown numbers (see `shownResources`).
 */
export class LinkLists {
  private readonly owner = new Growable(Uint32Array);
  private readonly target = new Growable(Uint32Array);

  constructor(
    /** How many resources may own a list: the first so many shown ones. */
    private readonly conceptCount: number,
    private readonly shownRank: Int32Array,
    /** Which of them do (all when not given). */
    private readonly owns?: (shown: number) => boolean,
  ) {}

  /** `resource` links to `linked`; kept when the first may own a list and the second can be shown. */
  add(resource: number, linked: number): void {
    const c = this.shownRank[resource] as number;
    const s = this.shownRank[linked] as number;
    if (c < 0 || c >= this.conceptCount || s < 0 || (this.owns !== undefined && !this.owns(c))) return;
    this.owner.push(c);
    this.target.push(s);
  }

  lists(): { offsets: Uint32Array; to: Uint32Array } {
    const conceptCount = this.conceptCount;
    const grouped = groupBy(conceptCount, this.owner.take(), identity(conceptCount));
    const target = this.target.take();
    const offsets = new Uint32Array(conceptCount + 1);
    const to = new Growable(Uint32Array, Math.max(1, grouped.order.length));
    for (let c = 0; c < conceptCount; c++) {
      const group = Array.from(grouped.order.subarray(grouped.offsets[c], grouped.offsets[c + 1]), (i) => target[i] as number);
      for (const s of new Set(group)) to.push(s);
      offsets[c + 1] = to.length;
    }
    return { offsets, to: to.take() };
  }
}

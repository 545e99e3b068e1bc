import fc from 'fast-check';
import { NONE, PostingCursors } from '../../src/lookup/memory/PostingCursors.js';

// Reconciliation passes by the labels of a query word's postings that hold no alike word of
// enough later query words, asking the later words' postings (ascending) entry by entry, and
// passes over those before the next label that enough later words may hold at once.

/** A posting list: distinct entries, ascending, some long enough for the cursors to gallop. */
const list = fc
  .uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 600 })
  .map((entries) => Uint32Array.from(entries.sort((a, b) => a - b)));

describe('posting cursors', () => {
  test('count the groups holding each entry asked in ascending order, and find the next entry any holds, as sets of the same entries do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(list, { maxLength: 4 }), { maxLength: 5 }),
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 300 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 5 }),
        (groups, runs, most) => {
          const cursors = new PostingCursors(groups);
          const sets = groups.map((lists) => new Set(lists.flatMap((one) => [...one])));
          expect(cursors.empty).toBe(sets.every((set) => set.size === 0));
          for (const run of runs) {
            cursors.restart();
            for (const entry of run.sort((a, b) => a - b)) {
              // the next entry any group holds, asked first now and then: the count after it is unchanged
              if (entry % 3 === 0) {
                const next = Math.min(NONE, ...sets.flatMap((set) => [...set].filter((held) => held >= entry)));
                expect(cursors.next(entry)).toBe(next);
              }
              // where a label must be held by `groups` of them: no entry so held is passed over, and
              // the place is the groups'-th least of the groups' first entries from here
              if (entry % 3 === 1) {
                const groups = 1 + (entry % 4);
                const firsts = sets.map((set) => Math.min(NONE, ...[...set].filter((held) => held >= entry))).sort((a, b) => a - b);
                const next = cursors.next(entry, groups);
                expect(next).toBe(firsts[groups - 1] ?? NONE);
                const heldEnough = Math.min(
                  NONE,
                  ...[...new Set(sets.flatMap((set) => [...set]))].filter(
                    (e) => e >= entry && sets.filter((set) => set.has(e)).length >= groups,
                  ),
                );
                expect(next).toBeLessThanOrEqual(heldEnough);
              }
              const holding = sets.filter((set) => set.has(entry)).length;
              expect(cursors.count(entry, most)).toBe(Math.min(holding, most));
            }
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});

import { ReconcileQuery } from '../../domain/reconciliation.js';
import type { NamedCandidate } from '../Finder.js';
import type { IndexScan } from './IndexScan.js';
import { reconcileInIndex, type ReconcileFilter } from './reconcileInIndex.js';
import { schemesOf } from './shownConcept.js';
import { shownLabel } from './shownLabel.js';

/** Reconciliation's candidates on a scan's index (the whole vocabulary's, or one made of a store's candidates), named in `display`. */
export function named(
  scan: IndexScan,
  q: string,
  filter: ReconcileFilter,
  limit: number,
  display: string,
): { candidates: NamedCandidate[]; equalCount: number } {
  const { candidates, equalCount } = reconcileInIndex(scan, new ReconcileQuery(q), { column: display, ...filter }, limit);
  const index = scan.index;
  return {
    candidates: candidates.map(({ concept, ...candidate }) => ({
      ...candidate,
      name: shownLabel(index, concept, display),
      schemes: schemesOf(index, concept),
    })),
    equalCount,
  };
}

import { matchedLabel } from '../../domain/matchedLabel.js';
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
  /** Each candidate's agreement with the query's properties, by concept number, where told. */
  agree?: (concept: number) => boolean[],
): { candidates: NamedCandidate[]; equalCount: number } {
  const query = new ReconcileQuery(q);
  const { candidates, equalCount } = reconcileInIndex(scan, query, { column: display, ...filter }, limit);
  const index = scan.index;
  return {
    candidates: candidates.map(({ concept, entry, ...candidate }) => ({
      ...candidate,
      name: shownLabel(index, concept, display),
      matched: matchedLabel(
        query,
        q,
        index.wordsOf(entry),
        index.languages[index.languageOf(entry)] as string,
        (kind) => index.shownLabels(concept, [kind])[kind],
      ),
      schemes: schemesOf(index, concept),
      ...(agree === undefined ? {} : { agreements: agree(concept) }),
    })),
    equalCount,
  };
}

import { Refreshed } from './Refreshed.js';
import { bindQuery } from './bindQuery.js';

/**
 * Asks the store whether it holds any SKOS-XL label (`xlLabels.rq`), at start, on `load()`
 * (SIGHUP) and every `refreshSeconds`, and has the catalog leave the queries' SKOS-XL branches
 * out while it holds none. Those branches cost a store without SKOS-XL labels ~40% of the
 * time of a /suggest or /search query on Virtuoso (BENCHMARKS.md) and never match there.
 *
 * Until an answer comes, and after a failed ask, the catalog keeps what it had (at first the
 * full queries): slower, never different. SKOS-XL labels added to the store are matched
 * from the next ask on, as answers in the result cache may be up to CACHE_TTL_SECONDS old.
 */
export class XlLabelsProbe extends Refreshed {
  /** Asks once; a failure is logged and changes nothing. */
  override async load(): Promise<void> {
    try {
      const rows = await this.store.select(bindQuery(this.queries.template('xlLabels'), {}), 'xlLabels');
      this.queries.useXlBranches(rows.length > 0);
    } catch (error) {
      this.log.warn('cannot tell whether the store holds SKOS-XL labels; matching them as before', error);
    }
  }
}

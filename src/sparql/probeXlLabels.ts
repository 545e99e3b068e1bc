import type { SparqlStore } from '../store/SparqlStore.js';
import type { QueryCatalog } from './QueryCatalog.js';
import { bindQuery } from './bindQuery.js';

/**
 * Whether the store holds any SKOS-XL label (`xlLabels.rq`). Where it holds none, the queries
 * can leave their SKOS-XL branches out (`QueryCatalog.withXlBranches(false)`): those branches
 * cost a store without SKOS-XL labels ~40% of the time of a /suggest or /search query on
 * Virtuoso (BENCHMARKS.md) and never match there. Rejects as the store does.
 */
export async function probeXlLabels(store: SparqlStore, queries: QueryCatalog): Promise<boolean> {
  const rows = await store.select(bindQuery(queries.template('xlLabels'), {}), 'xlLabels');
  return rows.length > 0;
}

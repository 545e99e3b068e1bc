import type { SelectQuery } from 'sparqljs';
import type { Bindings, SparqlStore } from '../store/SparqlStore.js';
import { bindQuery, type Placeholder } from './bindQuery.js';

/**
 * Page size for reading everything a query matches: a default Virtuoso answers at most
 * 10,000 rows, and says nothing when it cuts an answer short.
 */
const PAGE = 10_000;

/**
 * Runs `template` (the query `name`) page by page (LIMIT/OFFSET, no ORDER BY: sorting everything is costly, and
 * a default Virtuoso refuses to sort past 10,000 rows) until a page comes back short, and
 * hands each page's rows to `take`. Rejects as the store does.
 */
export async function selectPages(
  store: SparqlStore,
  name: string,
  template: SelectQuery,
  placeholders: Readonly<Record<string, Placeholder>>,
  take: (rows: Bindings[]) => void,
): Promise<void> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await store.select(bindQuery(template, placeholders, { limit: PAGE, offset }), name);
    take(rows);
    if (rows.length < PAGE) return;
  }
}

import rdf from '@rdfjs/data-model';
import { FOLDED_AWAY_LETTER } from '../domain/foldedLetter.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { QueryCatalog } from './QueryCatalog.js';
import { selectPages } from './selectPages.js';
import { SpellingVariants } from './SpellingVariants.js';

/**
 * The store's spelling variants, from `accentedLabels.rq` (a dialect with a text index has
 * it), with the number of labels they were read from. Rejects as the store does, or when the
 * dialect has no such query.
 */
export async function readSpellingVariants(
  store: SparqlStore,
  queries: QueryCatalog,
): Promise<{ variants: SpellingVariants; labels: number }> {
  const labels: string[] = [];
  const template = queries.optional('accentedLabels');
  if (template === undefined) throw new Error('the dialect has no accentedLabels query');
  await selectPages(store, 'accentedLabels', template, { foldedAwayLetter: rdf.literal(FOLDED_AWAY_LETTER) }, (rows) => {
    for (const row of rows) if (row.label?.termType === 'Literal') labels.push(row.label.value);
  });
  return { variants: SpellingVariants.fromLabels(labels), labels: labels.length };
}

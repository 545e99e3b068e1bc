import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { LabelIndexSource } from '../index/LabelIndexSource.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { SpellingVariantsSource } from '../sparql/SpellingVariantsSource.js';
import { XlLabelsProbe } from '../sparql/XlLabelsProbe.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { ConceptService } from './ConceptService.js';

/**
 * The concept service for `config`'s dialect over `store`. Whether the store holds SKOS-XL
 * labels is asked first and again every CACHE_TTL_SECONDS (XlLabelsProbe). A dialect with an
 * `accentedLabels` query (virtuoso) also gets its spelling variants, read before this
 * resolves and refreshed every CACHE_TTL_SECONDS. With LABEL_INDEX on, the label index is
 * built before this resolves (a failure leaves /search and /suggest on the store).
 */
export async function createConceptService(config: Config, queries: QueryCatalog, store: SparqlStore, log: Logger): Promise<ConceptService> {
  const xlLabels = new XlLabelsProbe(store, queries, config.cacheTtlSeconds, log);
  await xlLabels.start(); // first: it chooses the queries that the others run
  const spellings = queries.optional('accentedLabels') === undefined ? undefined : new SpellingVariantsSource(store, queries, config.cacheTtlSeconds, log);
  const labelIndex = config.labelIndex ? new LabelIndexSource(store, queries, config.conceptTypes, config.labelIndexRefreshSeconds, log) : undefined;
  await Promise.all([spellings?.start(), labelIndex?.start()]);
  return new ConceptService({ store, queries, conceptTypes: config.conceptTypes, defaultLang: config.defaultLang, spellings, labelIndex, xlLabels });
}

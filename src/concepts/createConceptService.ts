import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { LabelIndexSource } from '../index/LabelIndexSource.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { SpellingVariantsSource } from '../sparql/SpellingVariantsSource.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { ConceptService } from './ConceptService.js';

/**
 * The concept service for `config`'s dialect over `store`. A dialect with an
 * `accentedLabels` query (virtuoso) also gets its spelling variants, read before this
 * resolves and refreshed every CACHE_TTL_SECONDS. With LABEL_INDEX on, the label index is
 * built before this resolves (a failure leaves /search and /suggest on the store).
 */
export async function createConceptService(config: Config, queries: QueryCatalog, store: SparqlStore, log: Logger): Promise<ConceptService> {
  const accentedLabels = queries.optional('accentedLabels');
  const spellings = accentedLabels === undefined ? undefined : new SpellingVariantsSource(store, accentedLabels, config.cacheTtlSeconds, log);
  const labelIndex = config.labelIndex ? new LabelIndexSource(store, queries.template('labels'), config.conceptTypes, config.labelIndexRefreshSeconds, log) : undefined;
  await Promise.all([spellings?.start(), labelIndex?.start()]);
  return new ConceptService({ store, queries, conceptTypes: config.conceptTypes, defaultLang: config.defaultLang, spellings, labelIndex });
}

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Config } from '../config.js';
import type { Logger } from '../log.js';
import { LabelIndexSource } from '../index/LabelIndexSource.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { SpellingVariantsSource } from '../sparql/SpellingVariantsSource.js';
import { XlLabelsProbe } from '../sparql/XlLabelsProbe.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { ConceptService } from './ConceptService.js';
import { LoadingGate } from './LoadingGate.js';
import { readConceptWeights } from './readConceptWeights.js';

/**
 * The concept service for `config`'s dialect over `store`, with what it keeps in memory:
 * whether the store holds SKOS-XL labels (XlLabelsProbe), the spelling variants of a dialect
 * with an `accentedLabels` query (virtuoso), and with LABEL_INDEX on, the label index. None
 * of them is read here: `ConceptService.start()` reads them in the background, and each is
 * refreshed on its own timer (see Refreshed).
 */
export function createConceptService(config: Config, queries: QueryCatalog, store: SparqlStore, log: Logger): ConceptService {
  const xlLabels = new XlLabelsProbe(store, queries, config.cacheTtlSeconds, log);
  const spellings = queries.optional('accentedLabels') === undefined ? undefined : new SpellingVariantsSource(store, queries, config.cacheTtlSeconds, log);
  const conceptWeights = loadConceptWeights(config, log);
  const labelIndex = createLabelIndexSource(config, queries, store, log, conceptWeights);
  return new ConceptService({ store, queries, conceptTypes: config.conceptTypes, defaultLang: config.defaultLang, spellings, labelIndex, loading: new LoadingGate(), xlLabels, conceptWeights });
}

/**
 * CONCEPT_WEIGHTS, read once at start (undefined when unset); odd lines are left out and
 * said in one warning.
 * @throws ConfigError when the file cannot be read (the start stops, naming it).
 */
export function loadConceptWeights(config: Config, log: Logger): ReadonlyMap<string, number> | undefined {
  if (config.conceptWeights === undefined) return undefined;
  let read;
  try {
    read = readConceptWeights(config.conceptWeights);
  } catch (error) {
    throw new ConfigError(`CONCEPT_WEIGHTS: cannot read ${JSON.stringify(config.conceptWeights)}: ${(error as Error).message}`);
  }
  const { weights, oddLines, firstOddLine } = read;
  log.info(`CONCEPT_WEIGHTS: ${weights.size} concepts weighted from ${config.conceptWeights}`);
  if (oddLines > 0) log.warn(`CONCEPT_WEIGHTS: ${oddLines} line${oddLines === 1 ? '' : 's'} of ${config.conceptWeights} left out, not a URI and a count (the first: line ${firstOddLine})`);
  return weights;
}

/** The label index's keeper for `config`, or undefined with LABEL_INDEX off. */
export function createLabelIndexSource(config: Config, queries: QueryCatalog, store: SparqlStore, log: Logger, weights?: ReadonlyMap<string, number>): LabelIndexSource | undefined {
  if (!config.labelIndex) return undefined;
  return new LabelIndexSource(
    store,
    queries,
    {
      conceptTypes: config.conceptTypes,
      refreshSeconds: config.labelIndexRefreshSeconds,
      readTimeoutMs: config.labelIndexReadSeconds * 1000,
      snapshotPath: config.indexSnapshot,
      fingerprint: indexFingerprint(config),
      defaultLang: config.defaultLang,
      weights,
      entailment: config.skosEntailment,
      parallel: config.labelIndexReadParallel,
    },
    log,
  );
}

/**
 * What a label index is built from, as JSON: a snapshot with another fingerprint is not used.
 * Data files count with their size and modification time, so an edited file is read anew.
 */
export function indexFingerprint(config: Config): string {
  const files =
    config.sparqlEndpoint === undefined
      ? config.dataFiles.map((file) => {
          const stat = statSync(file, { throwIfNoEntry: false });
          return [resolve(file), stat?.size, stat?.mtimeMs];
        })
      : undefined;
  const weights = config.conceptWeights === undefined ? undefined : ((stat) => [resolve(config.conceptWeights as string), stat?.size, stat?.mtimeMs])(statSync(config.conceptWeights, { throwIfNoEntry: false }));
  return JSON.stringify({ endpoint: config.sparqlEndpoint, graph: config.sparqlGraph, dialect: config.sparqlDialect, conceptTypes: config.conceptTypes, skosEntailment: config.skosEntailment, defaultLang: config.defaultLang, files, weights });
}

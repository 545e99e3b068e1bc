import rdf from '@rdfjs/data-model';
import { bindQuery } from '../sparql/bindQuery.js';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Config } from '../Config.js';
import { SETTINGS } from '../settings.js';
import type { Logger } from '../log.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { IndexBuilds } from './keeping/IndexBuilds.js';
import { IndexPool } from './threads/IndexPool.js';
import { probeVocabulary, vocabularyReads } from './keeping/readVocabulary.js';
import { LoadingGate } from './keeping/LoadingGate.js';
import { Answerers } from './Answerers.js';
import { Lookup } from './Lookup.js';
import { readConceptWeights } from './keeping/readConceptWeights.js';
import type { StoreGate } from './storePath/StoreFinder.js';
import { VocabularyKeeper } from './keeping/VocabularyKeeper.js';

/**
 * The lookups for `config`'s dialect over `store`, with what they keep in memory (whether the
 * store holds SKOS-XL labels, the spelling variants of a dialect with an `accentedLabels`
 * query, and with LABEL_INDEX on, the label index). None of it is read here:
 * `Lookup.start()` reads it in the background (VocabularyKeeper). For each state of the
 * vocabulary, what answers is chosen once: the index's Finder when the index is in, else the
 * store's, through the loading gate while the first index is built. With INDEX_WORKERS, the
 * index's costly queries run on a pool of threads that share it (IndexPool).
 * @param readFrom where what is kept in memory is read from: `store` unless a test counts
 *   what requests alone cause
 */
export function createLookup(
  config: Config,
  queries: QueryCatalog,
  store: SparqlStore,
  log: Logger,
  readFrom: SparqlStore = store,
): Lookup {
  const conceptWeights = loadConceptWeights(config, log);
  const builds = createIndexBuilds(config, queries, readFrom, log, conceptWeights);
  const conceptTypes = config.conceptTypes.map((type) => rdf.namedNode(type));
  const keeper = new VocabularyKeeper({
    store: readFrom,
    queries,
    log,
    spellings: queries.optional('accentedLabels') !== undefined,
    index: builds,
    refreshSeconds: config.cacheTtlSeconds,
    indexRefreshSeconds: config.labelIndexRefreshSeconds,
    // without the index, one row says whether the store holds a concept at all (/ready)
    holdsConcepts:
      builds === undefined
        ? async () =>
            (
              await readFrom.select(
                bindQuery(queries.template('conceptSample'), { conceptType: conceptTypes }, { limit: 1, offset: 0 }),
                'conceptSample',
              )
            ).length > 0
        : undefined,
    // without the index, the same change probe as the index's tells when answers must be made anew
    stamp:
      builds === undefined && readFrom.streams
        ? (
            (reads) => () =>
              probeVocabulary(readFrom, reads, config.labelIndexReadSeconds * 1000)
          )(vocabularyReads(queries, config.conceptTypes))
        : undefined,
  });
  // while the first index is built, the store's queries answer keystrokes through the loading gate, as the lifecycle says
  const loadingGate = new LoadingGate();
  const gate: StoreGate | undefined =
    builds === undefined
      ? undefined
      : (ask) => {
          const loading = keeper.lifecycle.loading;
          return loading === undefined ? ask() : loadingGate.run(loading, ask);
        };
  const pool = builds === undefined ? undefined : IndexPool.create(config.indexWorkers);
  const answerers = new Answerers({ store, defaultLang: config.defaultLang, conceptTypes, conceptWeights, pool, gate }, keeper.current);
  keeper.onSwap((state) => answerers.choose(state));
  return new Lookup(keeper, answerers, pool);
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
  if (oddLines > 0)
    log.warn(
      `CONCEPT_WEIGHTS: ${oddLines} line${oddLines === 1 ? '' : 's'} of ${config.conceptWeights} left out, not a URI and a count (the first: line ${firstOddLine})`,
    );
  return weights;
}

/** What builds the label index for `config`, or undefined with LABEL_INDEX off. */
export function createIndexBuilds(
  config: Config,
  queries: QueryCatalog,
  store: SparqlStore,
  log: Logger,
  weights?: ReadonlyMap<string, number>,
): IndexBuilds | undefined {
  if (!config.labelIndex) return undefined;
  return new IndexBuilds(
    store,
    queries,
    {
      conceptTypes: config.conceptTypes,
      readTimeoutMs: config.labelIndexReadSeconds * 1000,
      snapshotPath: config.indexSnapshot,
      fingerprint: indexFingerprint(config),
      defaultLang: config.defaultLang,
      weights,
      entailment: config.skosEntailment,
      parallel: config.labelIndexReadParallel,
      graphs: config.sparqlGraphs,
    },
    log,
  );
}

/**
 * What a label index is built from, as JSON: the settings the table marks as shaping it
 * (settings.ts, `shapesIndex`), each by its field; a file among them (the data files, the
 * concept weights) with its size and modification time, so an edited file is read anew. A
 * snapshot with another fingerprint is not used.
 */
export function indexFingerprint(config: Config): string {
  const stated = (file: string): unknown[] => {
    const stat = statSync(file, { throwIfNoEntry: false });
    return [resolve(file), stat?.size, stat?.mtimeMs];
  };
  const files: Readonly<Record<string, (value: never) => unknown>> = {
    // the data files are read only without an endpoint
    dataFiles: (list: readonly string[]) => (config.sparqlEndpoint === undefined ? list.map(stated) : undefined),
    conceptWeights: (file: string | undefined) => (file === undefined ? undefined : stated(file)),
  };
  return JSON.stringify(
    Object.fromEntries(
      SETTINGS.filter(({ shapesIndex }) => shapesIndex === true).map(({ field }) => {
        const value = config[field as keyof Config];
        return [field, (field in files ? (files[field] as (value: never) => unknown)(value as never) : value) ?? null];
      }),
    ),
  );
}

import { accessSync, constants } from 'node:fs';
import { isAbsolute } from 'node:path';
import { DataFileError, type LoadProgress } from './loadRdfFile.js';
import type { Metrics } from '../metrics/Metrics.js';
import { EmbeddedStore } from './EmbeddedStore.js';
import { CircuitBreakerStore } from './CircuitBreakerStore.js';
import { HttpStore } from './HttpStore.js';
import { LimitingStore } from './LimitingStore.js';
import { MeteredStore } from './MeteredStore.js';
import { StartingStore } from './StartingStore.js';
import type { SparqlStore } from './SparqlStore.js';

/** What choosing and opening the store takes (the service's Config has it). */
export interface StoreSettings {
  /** Unset: the embedded store, loaded from `dataFiles`. */
  readonly sparqlEndpoint: string | undefined;
  readonly sparqlUser: string | undefined;
  readonly sparqlPassword: string | undefined;
  readonly sparqlGraphs: readonly string[];
  readonly sparqlTimeoutMs: number;
  readonly sparqlMaxConcurrency: number;
  readonly sparqlQueueLimit: number;
  readonly dataFiles: readonly string[];
  /** DATA_FORMAT: the media type of every data file; undefined: each by its extension. */
  readonly dataFormat?: string | undefined;
}

/**
 * The HTTP store when SPARQL_ENDPOINT is set, else the embedded store loaded from DATA_FILES.
 * Both come behind a limit on queries in flight and waiting (SPARQL_MAX_CONCURRENCY,
 * SPARQL_QUEUE_LIMIT) and a time limit from when a query is asked (SPARQL_TIMEOUT_MS); the
 * HTTP store also behind a circuit breaker (a store that is down is not hammered).
 * With `metrics`, every query is timed and the limiter's queue is watched; `warn` hears what
 * was odd but kept in the data files.
 */
export async function createStore(
  config: StoreSettings,
  metrics?: Metrics,
  warn?: (message: string) => void,
  progress?: (step: LoadProgress) => void,
): Promise<SparqlStore> {
  const store = await createBareStore(config, metrics, warn, progress);
  return metrics === undefined ? store : new MeteredStore(store, metrics);
}

/**
 * The store at once, for a service that listens before its data is in: the HTTP store is
 * ready as it is; the embedded store answers 503 ("is loading its data files") until
 * `loaded` settles, which rejects with the DataFileError that stops the start.
 */
export function startStore(
  config: StoreSettings,
  metrics?: Metrics,
  warn?: (message: string) => void,
): { store: SparqlStore; loaded: Promise<void> } {
  // A file that is missing stops the start before the service listens; one that does not parse, once it is read.
  if (config.sparqlEndpoint === undefined) {
    for (const file of config.dataFiles) {
      try {
        accessSync(file, constants.R_OK);
      } catch (error) {
        throw new DataFileError(
          `DATA_FILES: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})${
            isAbsolute(file) ? '' : `; a relative path is read from the folder the service starts in, ${process.cwd()}`
          }`,
        );
      }
    }
  }
  const http = config.sparqlEndpoint !== undefined;
  const started = Date.now();
  let step: LoadProgress | undefined;
  const doing = (): string => {
    if (http) return 'being set up';
    if (step === undefined) return 'loading its data files';
    const { file, done, total } = step;
    const seconds = Math.round((Date.now() - started) / 1000);
    return `loading its data files: ${config.dataFiles[file - 1]} (file ${file} of ${config.dataFiles.length}), ${mebibytes(done)} of ${mebibytes(total)} MiB parsed (${Math.floor((100 * done) / Math.max(1, total))}%) in ${seconds} s`;
  };
  const store = new StartingStore(
    createStore(config, metrics, warn, (next) => (step = next)),
    http,
    doing,
  );
  return { store, loaded: store.loaded };
}

function mebibytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

async function createBareStore(
  config: StoreSettings,
  metrics: Metrics | undefined,
  warn: ((message: string) => void) | undefined,
  progress: ((step: LoadProgress) => void) | undefined,
): Promise<SparqlStore> {
  if (config.sparqlEndpoint !== undefined) {
    const http = new HttpStore({
      endpoint: config.sparqlEndpoint,
      user: config.sparqlUser,
      password: config.sparqlPassword,
      graphs: config.sparqlGraphs,
      timeoutMs: config.sparqlTimeoutMs,
    });
    const limiting = new LimitingStore(http, config.sparqlMaxConcurrency, config.sparqlQueueLimit, config.sparqlTimeoutMs);
    metrics?.watchQueue(() => limiting.load);
    return new CircuitBreakerStore(limiting);
  }
  // the embedded store is held to the same limits: a crowd of store-path queries is a 503 once
  // the queue is full and a 504 at SPARQL_TIMEOUT_MS, its wait included, never minutes
  const embedded = await EmbeddedStore.load(config.dataFiles, config.sparqlGraphs, warn, progress, config.dataFormat);
  embedded.timeoutMs = config.sparqlTimeoutMs;
  const limiting = new LimitingStore(embedded, config.sparqlMaxConcurrency, config.sparqlQueueLimit, config.sparqlTimeoutMs);
  metrics?.watchQueue(() => limiting.load);
  return limiting;
}

/** The service's settings as the rest of the code receives them; `loadConfig.ts` alone reads them from the environment. */
import type { LogFormat, LogLevel } from './log.js';

/** The service's settings, read once from the environment, validated and frozen. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** Unset: the embedded store, loaded from `dataFiles`. */
  readonly sparqlEndpoint: string | undefined;
  readonly sparqlUser: string | undefined;
  readonly sparqlPassword: string | undefined;
  /** A folder under `queries/` whose files override `queries/generic/`. */
  readonly sparqlDialect: string;
  /** The named graphs queries are answered from (sent as `default-graph-uri`, one each); empty: the store's default graph. */
  readonly sparqlGraphs: readonly string[];
  /** VOCABULARY_IDS: the Skosmos REST API's vocabulary id of a concept scheme (IRI → id), where it is not derived from the IRI. */
  readonly vocabularyIds: ReadonlyMap<string, string>;
  readonly sparqlTimeoutMs: number;
  /** Store queries in flight at most, and waiting at most; past that, 503 at once. */
  readonly sparqlMaxConcurrency: number;
  readonly sparqlQueueLimit: number;
  readonly dataFiles: readonly string[];
  /** DATA_FORMAT as a media type: the format of every data file, whatever its extension; undefined: each by its extension. */
  readonly dataFormat: string | undefined;
  /** Lower case. */
  readonly defaultLang: string;
  readonly conceptTypes: readonly string[];
  /** 0 turns the result cache off. */
  readonly cacheMaxEntries: number;
  /** CACHE_MAX_MB in bytes. */
  readonly cacheMaxBytes: number;
  readonly cacheTtlSeconds: number;
  /** How long a SIGTERM waits for the requests in flight. */
  readonly shutdownGraceSeconds: number;
  /** PROBE_PORT: a port that answers /health and /ready alone (http/listen.ts), or none. */
  readonly probePort: number | undefined;
  /** MAX_CONNECTIONS: open connections at most; 0 for what the descriptor limit allows (http/listen.ts). */
  readonly maxConnections: number;
  readonly httpMaxAge: number;
  /** Whether /search and /suggest use the in-process label index. */
  readonly labelIndex: boolean;
  readonly labelIndexRefreshSeconds: number;
  /** The time budget of one read of every label from the store. */
  readonly labelIndexReadSeconds: number;
  /** Queries of the label index's read that run at once. */
  readonly labelIndexReadParallel: number;
  /** Worker threads that answer queries over the label index (0: on the thread that answers HTTP). */
  readonly indexWorkers: number;
  /** Whether a resource linked by skos:broader, skos:narrower, skos:related or skos:topConceptOf is a concept, typed or not. */
  readonly skosEntailment: boolean;
  /** Where the built label index is written, and read at start; unset: no snapshot. */
  readonly indexSnapshot: string | undefined;
  /** CONCEPT_WEIGHTS: a file of concept URIs and an institution's own counts, for the standing. */
  readonly conceptWeights: string | undefined;
  /** Empty, or a path starting with `/` and not ending with one. */
  readonly basePath: string;
  readonly logLevel: LogLevel;
  /** How log lines are written: `json`, `pretty` (readable lines), or `auto` (pretty on a terminal, else JSON). */
  readonly logFormat: LogFormat;
  /** Whether GET /metrics answers (Prometheus text format). */
  readonly metrics: boolean;
  /** `skos-suggester`: /search and /suggest answer in the old service's HAL envelope (API.md). */
  readonly apiCompat: ApiCompat | undefined;
  /** The service's name in the reconciliation manifest (what OpenRefine shows). */
  readonly reconcileName: string;
  /** The public URL of the service (scheme, host, base path), for the links of the reconciliation manifest; unset: from each request's Host. */
  readonly publicUrl: string | undefined;
  /**
   * TRUST_PROXY: how many proxies append to X-Forwarded-Host and -Proto (or Forwarded), whose
   * value that many from the end names the public address when PUBLIC_URL is unset; 0: none.
   */
  readonly trustProxy: number;
}

/** The clients whose ways the service can answer in (`API_COMPAT`). */
export const API_COMPATS = ['skos-suggester'] as const;
export type ApiCompat = (typeof API_COMPATS)[number];

/** A malformed setting; the message names the variable. The process exits with status 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

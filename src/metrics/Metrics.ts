import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OverloadedError, UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';

/** Seconds, from 1 ms (a cached answer) to 10 s (the default store timeout). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How often the event loop's delay is sampled, in ms. */
const DELAY_RESOLUTION_MS = 10;

/** What an answer from the store can go wrong with, as a metric label. */
const STORE_ERROR_KINDS = ['bad_response', 'unreachable', 'overloaded', 'timeout', 'other'] as const;
export type StoreErrorKind = (typeof STORE_ERROR_KINDS)[number];

/** The errors of SparqlStore (see its documentation), by kind. */
export function storeErrorKind(error: unknown): StoreErrorKind {
  if (error instanceof OverloadedError) return 'overloaded';
  if (error instanceof UpstreamUnavailableError) return 'unreachable';
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamError) return 'bad_response';
  return 'other';
}

/**
 * The service's Prometheus metrics, served at GET /metrics in the text format. Labels never
 * hold request input (no query text, no URIs, no unknown paths), so the number of series
 * stays small and what people look up stays theirs.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'skos_lookup_http_requests_total',
    help: 'HTTP requests answered, by endpoint and status.',
    labelNames: ['endpoint', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'skos_lookup_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by endpoint and status.',
    labelNames: ['endpoint', 'status'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'skos_lookup_cache_lookups_total',
    help: 'Result cache lookups of /get, /search, /suggest and /languages, by endpoint and result (hit or miss).',
    labelNames: ['endpoint', 'result'] as const,
    registers: [this.registry],
  });
  private readonly storeSeconds = new Histogram({
    name: 'skos_lookup_store_query_duration_seconds',
    help: 'Time the service waited for a store query (a wait for a free slot included), by query name and outcome.',
    labelNames: ['query', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });
  private readonly storeErrors = new Counter({
    name: 'skos_lookup_store_errors_total',
    help: 'Store queries that failed, by kind: bad_response (502), unreachable (503), overloaded (503, load shed), timeout (504), other. By query name: the outcome="error" count of skos_lookup_store_query_duration_seconds.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private queueReader: (() => { active: number; waiting: number }) | undefined;
  private inFlight = 0;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'skos_lookup_' });
    for (const kind of STORE_ERROR_KINDS) this.storeErrors.inc({ kind }, 0); // every kind shows, at 0 until it happens
    const metrics = this;
    // Node's histogram counts the monitor's own interval in every sample: it is taken off
    const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
    delay.enable();
    const delaySeconds = (nanoseconds: number): number => Math.max(0, nanoseconds / 1e6 - DELAY_RESOLUTION_MS) / 1000;
    new Gauge({
      name: 'skos_lookup_event_loop_delay_seconds',
      help: `How late the thread that answers HTTP ran what was due, since the previous scrape (sampled every ${DELAY_RESOLUTION_MS} ms, that interval taken off): the median, p99 and max. Work that holds this thread delays every request.`,
      labelNames: ['quantile'] as const,
      registers: [this.registry],
      collect() {
        const sampled = delay.count > 0;
        this.set({ quantile: '0.5' }, sampled ? delaySeconds(delay.percentile(50)) : 0);
        this.set({ quantile: '0.99' }, sampled ? delaySeconds(delay.percentile(99)) : 0);
        this.set({ quantile: '1' }, sampled ? delaySeconds(delay.max) : 0);
        delay.reset();
      },
    });
    new Gauge({
      name: 'skos_lookup_store_queries_in_flight',
      help: 'Store queries sent and not yet answered (waiting for a slot included).',
      registers: [this.registry],
      collect() {
        this.set(metrics.inFlight);
      },
    });
    new Gauge({
      name: 'skos_lookup_store_queue_length',
      help: 'Store queries waiting for a free slot (SPARQL_MAX_CONCURRENCY); always 0 for the embedded store, which answers one query at a time on its own thread.',
      registers: [this.registry],
      collect() {
        this.set(metrics.queueReader?.().waiting ?? 0);
      },
    });
  }

  /** Where the label index's sizes are read from; 0 while there is none. */
  watchIndex(read: () => { concepts: number; labels: number; bytes: number } | undefined): void {
    this.gauges('skos_lookup_label_index_', read, {
      concepts: 'Concepts in the label index in use.',
      labels: 'Matchable labels (prefLabel, altLabel, hiddenLabel) in the label index in use.',
      bytes: 'Bytes held (typed arrays and text buffers) in the label index in use.',
    });
  }

  /** Where the worker pool's load is read from (IndexPool): threads, busy ones, and calls waiting. */
  watchPool(read: () => { threads: number; busy: number; waiting: number } | undefined): void {
    this.gauges('skos_lookup_index_pool_', read, {
      threads: 'Threads of the worker pool that answers queries over the label index (INDEX_WORKERS; 0: none).',
      busy: 'Threads of the worker pool answering a query now.',
      waiting: 'Queries over the label index waiting for a free thread of the pool.',
    });
  }

  /** One gauge per figure of what `read` returns (0 while it returns nothing), named `prefix` and the figure. */
  private gauges<K extends string>(prefix: string, read: () => Record<K, number> | undefined, helps: Record<K, string>): void {
    for (const [name, help] of Object.entries(helps) as Array<[K, string]>) {
      new Gauge({
        name: `${prefix}${name}`,
        help,
        registers: [this.registry],
        collect() {
          this.set(read()?.[name] ?? 0);
        },
      });
    }
  }

  /** Where the queue length is read from (the limiter in front of an HTTP store). */
  watchQueue(read: () => { active: number; waiting: number }): void {
    this.queueReader = read;
  }

  /** The series of each endpoint and status, looked up once (prom-client hashes labels on every call otherwise). */
  private readonly requestSeries = new Map<
    string,
    { count: Counter.Internal; seconds: Histogram.Internal<string>; hit: Counter.Internal; miss: Counter.Internal }
  >();

  request(endpoint: string, status: number, seconds: number, cache: 'hit' | 'miss' | undefined): void {
    const key = `${endpoint} ${status}`;
    let series = this.requestSeries.get(key);
    if (series === undefined) {
      const labels = { endpoint, status: String(status) };
      series = {
        count: this.requests.labels(labels),
        seconds: this.requestSeconds.labels(labels),
        hit: this.cacheLookups.labels({ endpoint, result: 'hit' }),
        miss: this.cacheLookups.labels({ endpoint, result: 'miss' }),
      };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.seconds.observe(seconds);
    if (cache !== undefined) series[cache].inc();
  }

  /** Call when a store query is sent; call the function it returns when it is answered or failed. */
  storeQuery(query: string): (error?: unknown) => void {
    const end = this.storeSeconds.startTimer({ query });
    this.inFlight++;
    return (error) => {
      this.inFlight--;
      end({ outcome: error === undefined ? 'ok' : 'error' });
      if (error !== undefined) this.storeErrors.inc({ kind: storeErrorKind(error) });
    };
  }

  /** The text exposition format, and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

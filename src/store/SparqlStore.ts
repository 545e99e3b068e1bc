import type { Term } from '@rdfjs/types';

/** One solution of a SELECT query: variable name (without `?`) to term; unbound variables are absent. */
export type Bindings = Readonly<Record<string, Term>>;

/**
 * A SPARQL 1.1 store that answers SELECT queries. Every implementation returns the same
 * shape, so the code that reads results does not know which store it talks to.
 *
 * `select` rejects with:
 * - `UpstreamError` (502): the store answered with an error, or with something that is
 *   not SPARQL JSON results;
 * - `UpstreamUnavailableError` (503): the store cannot be reached;
 * - `UpstreamTimeoutError` (504): no answer within the configured timeout; the request to
 *   the store is aborted.
 */
export interface SparqlStore {
  /** `name` says which of the service's queries this is (`concepts`, `suggest`...), for metrics. */
  select(query: string, name?: string): Promise<Bindings[]>;
  /** Releases what the store holds (connections, memory). */
  close(): Promise<void>;
}

import type { Term } from '@rdfjs/types';

/** One solution of a SELECT query: variable name (without `?`) to term; unbound variables are absent. */
export type Bindings = Readonly<Record<string, Term>>;

/**
 * A SPARQL 1.1 store that answers SELECT queries. Every implementation returns the same
 * shape, so the code that reads results does not know which store it talks to.
 *
 * `select` rejects with:
 * - `UpstreamError` (502): the store answered with an error, or with something that is
 *   not SPARQL JSON (or XML) results;
 * - `UpstreamUnavailableError` (503): the store cannot be reached;
 * - `UpstreamTimeoutError` (504): no answer within the configured timeout; the request to
 *   the store is aborted.
 */
export interface SparqlStore {
  /**
   * `name` says which of the service's queries this is (`concepts`, `suggest`...), for
   * metrics; `timeoutMs`, a shorter limit than the configured one for this query alone.
   */
  select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]>;
  /**
   * Whether a request's query asked now would be taken (run, or wait its turn) rather than
   * refused as too many (OverloadedError): so that a request can be refused before it makes
   * its queries. Absent: always.
   */
  admits?(): boolean;
  /**
   * Runs a SELECT query whose answer may hold millions of rows, and hands each row to `take`
   * as it arrives: the values of `variables` in that order (IRIs and lexical forms; "" where
   * unbound). Nothing of the answer is held whole. Resolves with the number of rows; rejects
   * as `select` does, except that the time limit is `timeoutMs`, not the per-request one.
   */
  selectRows(
    query: string,
    variables: readonly string[],
    take: (values: string[]) => void,
    timeoutMs: number,
    name?: string,
  ): Promise<number>;
  /**
   * Runs a CONSTRUCT query whose answer may hold millions of triples, asked for as N-Triples,
   * and hands its text to `take` a piece at a time as it arrives (a piece may end inside a
   * line: NTriplesRows reads them as triples). Nothing of the answer is held whole.
   * When `take` returns a promise, the next piece waits for it: a reader on another thread
   * that falls behind slows the read down instead of queueing the answer in memory. Resolves
   * when the whole answer was handed over; rejects as `selectRows` does. A read of one
   * triple pattern this way is the plainest and fastest answer stores give: Virtuoso sends
   * it half again as fast as the same pattern as SELECT results, and with language tags,
   * which its TSV leaves out (BENCHMARKS.md).
   */
  constructText(query: string, take: (text: string) => void | Promise<void>, timeoutMs: number, name?: string): Promise<void>;
  /**
   * Whether `selectRows` and `constructText` stream. The embedded store builds each answer whole before the
   * first row is handed out, so a large read must ask it in parts; its data also cannot
   * change while the service runs.
   */
  readonly streams: boolean;
  /** For a store that does not stream: how many quads it holds (a long read is split by it). */
  readonly quads?: number | undefined;
  /**
   * The most triples the store sends in one answer, where it is known to refuse more
   * (Virtuoso: a CONSTRUCT of over 1,000,000 is an error, after it computed the answer);
   * undefined where no cap is known, and a read asks for a whole pattern at once (on Jena,
   * parts of a million by LIMIT and OFFSET took 60% longer than whole answers).
   */
  readonly largestAnswer?: number | undefined;
  /** Releases what the store holds (connections, memory). */
  close(): Promise<void>;
}

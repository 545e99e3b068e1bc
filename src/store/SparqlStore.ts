import type { Term } from '@rdfjs/types';
import type { TripleRow } from './NTriplesRows.js';

/**
 * Hears a line of a CONSTRUCT answer that is no N-Triples triple, which is then skipped: an
 * IRI that a lenient parser kept and a store writes as it is (`>`, a space, a quote or a line
 * break inside it). Without it, such a line fails the read (UpstreamError).
 */
export type OddLine = (line: string) => void;

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
  /**
   * `name` says which of the service's queries this is (`concepts`, `suggest`...), for
   * metrics; `timeoutMs`, a shorter limit than the configured one for this query alone.
   */
  select(query: string, name?: string, timeoutMs?: number): Promise<Bindings[]>;
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
   * and hands each triple to `take` as it arrives (the row object is reused: copy what is
   * kept). Resolves with the number of triples; rejects as `selectRows` does. A read of one
   * triple pattern this way is the plainest and fastest answer stores give: Virtuoso sends
   * it half again as fast as the same pattern as SELECT results, and with language tags,
   * which its TSV leaves out (BENCHMARKS.md).
   */
  constructTriples(query: string, take: (row: TripleRow) => void, timeoutMs: number, name?: string, odd?: OddLine): Promise<number>;
  /**
   * Whether `selectRows` and `constructTriples` stream. The embedded store builds each answer whole before the
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

import oxigraph from 'oxigraph';
import type { Term } from '@rdfjs/types';
import { loadRdfFile } from './loadRdfFile.js';
import { NTriplesRows, type TripleRow } from './NTriplesRows.js';
import { TsvRows } from './TsvRows.js';
import type { Bindings, SparqlStore } from './SparqlStore.js';

/**
 * An in-process Oxigraph store, loaded from RDF files at start: the zero-setup default.
 * It runs the very same queries as an HTTP store. Without a graph, queries see every
 * graph of the files (N-Quads and TriG may name several) as one default graph; with one,
 * only that graph.
 *
 * Oxigraph answers synchronously on the event loop, so a query cannot be cut off by a
 * timeout; the small vocabularies this store is meant for answer in milliseconds. A query
 * that Oxigraph rejects is a bug in this service, so it rejects with a plain Error (500).
 */
export class EmbeddedStore implements SparqlStore {
  private constructor(
    private readonly store: oxigraph.Store,
    private readonly graph: string | undefined,
  ) {}

  /**
   * Loads `files` in order. Nothing is served from a store that failed to load. What was
   * odd but kept (IRIs that IRI validation refuses) goes to `warn`, one line a file.
   * @throws DataFileError naming the first file that cannot be read or parsed.
   */
  static async load(files: readonly string[], graph?: string, warn?: (message: string) => void): Promise<EmbeddedStore> {
    const store = new oxigraph.Store();
    for (const file of files) await loadRdfFile(store, file, warn);
    return new EmbeddedStore(store, graph);
  }

  /** How many quads the store holds. */
  get quads(): number {
    return this.store.size;
  }

  readonly streams = false;

  async select(query: string): Promise<Bindings[]> {
    const solutions = this.store.query(query, this.queryOptions);
    if (!Array.isArray(solutions)) throw new Error('the embedded store answered a SELECT query with something else');
    return (solutions as Map<string, Term>[]).map((solution) => Object.fromEntries(solution) as Bindings);
  }

  /** The answer is written whole as TSV by Oxigraph (no term objects), then read row by row. */
  async selectRows(query: string, variables: readonly string[], take: (values: string[]) => void): Promise<number> {
    const text = this.store.query(query, { ...this.queryOptions, results_format: 'tsv' });
    if (typeof text !== 'string') throw new Error('the embedded store answered a SELECT query with something else');
    const tsv = TsvRows.of(variables, take);
    tsv.push(text);
    tsv.end();
    return tsv.rows;
  }

  /** The answer is written whole as N-Triples by Oxigraph (no term objects), then read triple by triple. */
  async constructTriples(query: string, take: (row: TripleRow) => void): Promise<number> {
    const text = this.store.query(query, { ...this.queryOptions, results_format: 'application/n-triples' });
    if (typeof text !== 'string') throw new Error('the embedded store answered a CONSTRUCT query with something else');
    const triples = new NTriplesRows(take);
    triples.push(text);
    triples.end();
    return triples.rows;
  }

  private get queryOptions(): { use_default_graph_as_union?: boolean; default_graph?: oxigraph.NamedNode } {
    return this.graph === undefined ? { use_default_graph_as_union: true } : { default_graph: oxigraph.namedNode(this.graph) };
  }

  async close(): Promise<void> {}
}

import oxigraph from 'oxigraph';
import { loadRdfFile, type LoadProgress } from './loadRdfFile.js';

/** The answer formats the embedded store writes: SPARQL JSON results, TSV results, N-Triples. */
export type AnswerFormat = 'json' | 'tsv' | 'ntriples';

const MEDIA_TYPES: Readonly<Record<AnswerFormat, string>> = {
  json: 'application/sparql-results+json',
  tsv: 'text/tab-separated-values',
  ntriples: 'application/n-triples',
};

/**
 * An Oxigraph store and the one thing asked of it: a query's answer written whole as text.
 * It runs wherever it is made: on the embedded store's own thread (`embeddedStoreWorker.ts`),
 * or on the caller's where that worker is not compiled (tests run from the sources).
 */
export class OxigraphEngine {
  private readonly store = new oxigraph.Store();

  /** @param format DATA_FORMAT: the media type of every file, whatever its extension; undefined: by extension. */
  constructor(
    private readonly graphs: readonly string[],
    private readonly format?: string,
  ) {}

  /**
   * Loads `files` in order (loadRdfFile); `progress` hears each mebibyte parsed.
   * @throws DataFileError naming the first file that cannot be read or parsed.
   */
  async load(files: readonly string[], warn: (message: string) => void, progress: (step: LoadProgress) => void): Promise<void> {
    for (const [i, file] of files.entries())
      await loadRdfFile(this.store, file, warn, (step) => progress({ ...step, file: i + 1 }), this.format);
  }

  /** How many quads the store holds. */
  get quads(): number {
    return this.store.size;
  }

  /**
   * The answer to `query` as text. A query that Oxigraph rejects is a bug in this service: it
   * throws a plain Error.
   */
  answer(query: string, format: AnswerFormat): string {
    const options =
      this.graphs.length === 0
        ? { use_default_graph_as_union: true }
        : { default_graph: this.graphs.map((graph) => oxigraph.namedNode(graph)) };
    const text = this.store.query(query, { ...options, results_format: MEDIA_TYPES[format] });
    if (typeof text !== 'string') throw new Error('the embedded store answered with something other than results');
    return text;
  }
}

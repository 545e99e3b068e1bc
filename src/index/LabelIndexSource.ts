import rdf from '@rdfjs/data-model';
import type { Logger } from '../log.js';
import type { QueryCatalog } from '../sparql/QueryCatalog.js';
import { selectPages } from '../sparql/selectPages.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { LabelIndex, type IndexRow } from './LabelIndex.js';

/**
 * Builds the label index from the store (`labels.rq`, page by page) at start, again every
 * `refreshSeconds`, and on `refresh()` (SIGHUP). Until the first build has succeeded,
 * `current` is undefined and /search and /suggest ask the store: slower, never different.
 * A failed rebuild keeps the index it had.
 */
export class LabelIndexSource {
  current: LabelIndex | undefined;
  private timer: NodeJS.Timeout | undefined;
  private building: Promise<void> | undefined;

  constructor(
    private readonly store: SparqlStore,
    private readonly queries: QueryCatalog,
    private readonly conceptTypes: readonly string[],
    private readonly refreshSeconds: number,
    private readonly log: Logger,
  ) {}

  /** Builds a new index and swaps it in; one build at a time. */
  refresh(): Promise<void> {
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  /** Builds now (in the background unless awaited), then every `refreshSeconds`, until `stop`. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.refresh(), this.refreshSeconds * 1000);
    this.timer.unref();
    return this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async build(): Promise<void> {
    const started = Date.now();
    try {
      const rows: IndexRow[] = [];
      const conceptType = this.conceptTypes.map((type) => rdf.namedNode(type));
      await selectPages(this.store, 'labels', this.queries.template('labels'), { conceptType }, (page) => {
        for (const row of page) {
          const { concept, property, value } = row;
          if (concept?.termType !== 'NamedNode' || property === undefined || value === undefined) continue;
          const language = value.termType === 'Literal' ? value.language.toLowerCase() : '';
          rows.push({ concept: concept.value, property: property.value, value: value.value, language });
        }
      });
      const read = Date.now() - started;
      const index = new LabelIndex(rows);
      this.current = index;
      const { concepts, labels, words } = index.stats;
      const heap = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
      this.log.info(`label index: ${concepts} concepts, ${labels} labels, ${words} words; read in ${read} ms, built in ${Date.now() - started - read} ms; heap ${heap} MB`);
    } catch (error) {
      this.log.warn(this.current === undefined ? 'cannot build the label index; searching in the store until it can' : 'cannot rebuild the label index; keeping the previous one', error);
    }
  }
}

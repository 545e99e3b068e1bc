import rdf from '@rdfjs/data-model';
import type { SelectQuery } from 'sparqljs';
import { FOLDED_AWAY_LETTER } from '../concepts/foldedLetter.js';
import type { Logger } from '../log.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import { selectPages } from './selectPages.js';
import { SpellingVariants } from './SpellingVariants.js';

/**
 * Keeps the store's spelling variants (`accentedLabels.rq`) in memory, read at start and
 * again every `refreshSeconds`. Until a first read has succeeded, `current` is undefined and
 * searches go without the text index: slower, never different.
 */
export class SpellingVariantsSource {
  current: SpellingVariants | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: SparqlStore,
    private readonly template: SelectQuery,
    private readonly refreshSeconds: number,
    private readonly log: Logger,
  ) {}

  /** Reads the variants once; a failure is logged and leaves the previous ones in place. */
  async load(): Promise<void> {
    const started = Date.now();
    try {
      const labels: string[] = [];
      await selectPages(this.store, this.template, { foldedAwayLetter: rdf.literal(FOLDED_AWAY_LETTER) }, (rows) => {
        for (const row of rows) if (row.label?.termType === 'Literal') labels.push(row.label.value);
      });
      this.current = SpellingVariants.fromLabels(labels);
      this.log.info(`read ${this.current.size} spellings with diacritics from ${labels.length} labels in ${Date.now() - started} ms`);
    } catch (error) {
      this.log.warn('cannot read the spellings with diacritics; searching without the text index until the next try', error);
    }
  }

  /** Loads now, then every `refreshSeconds`, until `stop`. */
  async start(): Promise<void> {
    await this.load();
    this.timer = setInterval(() => void this.load(), this.refreshSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

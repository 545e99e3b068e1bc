import rdf from '@rdfjs/data-model';
import { FOLDED_AWAY_LETTER } from '../domain/foldedLetter.js';
import { Refreshed } from './Refreshed.js';
import { selectPages } from './selectPages.js';
import { SpellingVariants } from './SpellingVariants.js';

/**
 * Keeps the store's spelling variants (`accentedLabels.rq`, which the dialect must have) in
 * memory, read at start and again every `refreshSeconds`. Until a first read has succeeded, `current` is undefined and
 * searches go without the text index: slower, never different.
 */
export class SpellingVariantsSource extends Refreshed {
  current: SpellingVariants | undefined;

  /** Reads the variants once; a failure is logged and leaves the previous ones in place. */
  override async load(): Promise<void> {
    const started = Date.now();
    try {
      const labels: string[] = [];
      const template = this.queries.optional('accentedLabels');
      if (template === undefined) throw new Error('the dialect has no accentedLabels query');
      await selectPages(this.store, 'accentedLabels', template, { foldedAwayLetter: rdf.literal(FOLDED_AWAY_LETTER) }, (rows) => {
        for (const row of rows) if (row.label?.termType === 'Literal') labels.push(row.label.value);
      });
      this.current = SpellingVariants.fromLabels(labels);
      this.log.info(`read ${this.current.size} spellings with diacritics from ${labels.length} labels in ${Date.now() - started} ms`);
    } catch (error) {
      this.log.warn('cannot read the spellings with diacritics; searching without the text index until the next try', error);
    }
  }
}

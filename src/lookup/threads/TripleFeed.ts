import { codePoints } from '../../domain/codePoints.js';
import { labelLanguage } from '../../domain/labelLanguage.js';
import { isBlankNode, type LabelIndexBuilder, type VocabularyProperty } from '../../index/LabelIndexBuilder.js';
import { NTriplesRows } from '../../store/NTriplesRows.js';

/** What the triples of a read are to the builder: the concepts of a type (`typed`), the concept schemes (`schemeTyped`), or a property's values. */
export type Feeds = 'typed' | 'schemeTyped' | VocabularyProperty;

/** What one answer brought: its triples, the summed lengths of their values (the change probe's figure) and the lines that were no triple. */
export interface FedAnswer {
  rows: number;
  /** Code points (as STRLEN counts them) of the subjects of a `typed` read, of the objects of the others; none for a blank node, which has no string form. */
  characters: number;
  /** Lines that were no triple, skipped: how many, and the first few (cut to 200 characters). */
  odd: { count: number; first: string[] };
}

/** Reads one CONSTRUCT answer's N-Triples, piece by piece, into a builder. */
export class TripleFeed {
  readonly fed: FedAnswer = { rows: 0, characters: 0, odd: { count: 0, first: [] } };
  private readonly triples: NTriplesRows;

  constructor(builder: LabelIndexBuilder, feeds: Feeds) {
    const fed = this.fed;
    this.triples = new NTriplesRows(
      feeds === 'typed' || feeds === 'schemeTyped'
        ? (row) => {
            if (feeds === 'typed') builder.typed(row.subject);
            else builder.schemeTyped(row.subject);
            if (!isBlankNode(row.subject)) fed.characters += codePoints(row.subject);
          }
        : (row) => {
            builder.triple(feeds, row.subject, row.object, labelLanguage(row.language), row.literal);
            if (row.literal || !isBlankNode(row.object)) fed.characters += codePoints(row.object);
          },
      (line) => {
        if (fed.odd.count++ < 3) fed.odd.first.push(line.slice(0, 200));
      },
    );
  }

  /** Reads the complete lines of `text` (with what was left of the previous piece). */
  push(text: string): void {
    this.triples.push(text);
    this.fed.rows = this.triples.rows;
  }

  /** Reads the last line; what the answer brought. */
  end(): FedAnswer {
    this.triples.end();
    this.fed.rows = this.triples.rows;
    return this.fed;
  }
}

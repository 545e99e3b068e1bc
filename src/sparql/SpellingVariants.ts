import { foldText } from '../domain/foldedLetter.js';
import { wordsAsWritten } from '../domain/wordsOf.js';

/**
 * The spellings with diacritics (or ß, æ, œ, ø...) of the words in a store's labels, by
 * their folded form: `cafe` -> `café`, `strasse` -> `straße`. A text index that does not
 * fold (Virtuoso's) finds `Café` only when asked for `café`; with these, a query for
 * `cafe` asks for every spelling the labels actually use. Spellings are lower case, as the
 * index compares them.
 */
export class SpellingVariants {
  /** [folded word, spelling], sorted by folded word. */
  private readonly entries: ReadonlyArray<readonly [string, string]>;

  private constructor(entries: Array<readonly [string, string]>) {
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    this.entries = entries.filter((entry, i) => i === 0 || entry[0] !== entries[i - 1]?.[0] || entry[1] !== entries[i - 1]?.[1]);
  }

  static readonly EMPTY = new SpellingVariants([]);

  /** Collects the words of `labels` whose spelling differs from their folded form by more than case. */
  static fromLabels(labels: Iterable<string>): SpellingVariants {
    const entries: Array<readonly [string, string]> = [];
    const seen = new Set<string>();
    for (const label of labels) {
      // as stored, not normalized: the text index holds a decomposed é (e, U+0301) as it is
      for (const word of wordsAsWritten(label)) {
        const spelling = word.toLowerCase();
        if (seen.has(spelling)) continue;
        seen.add(spelling);
        const folded = foldText(word);
        if (folded !== spelling) entries.push([folded, spelling]);
      }
    }
    return new SpellingVariants(entries);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Spellings whose folded form is `folded`. */
  exact(folded: string): string[] {
    const result: string[] = [];
    for (let i = this.lowerBound(folded); i < this.entries.length && this.entries[i]?.[0] === folded; i++)
      result.push(this.entries[i]?.[1] as string);
    return result;
  }

  /**
   * The shortest beginnings of spellings whose folded form starts with `folded`: a word
   * starting with any of them (or with `folded` itself) may match the prefix `folded`.
   */
  prefixes(folded: string): string[] {
    const result = new Set<string>();
    for (let i = this.lowerBound(folded); i < this.entries.length && (this.entries[i]?.[0] as string).startsWith(folded); i++) {
      const characters = [...(this.entries[i]?.[1] as string)];
      for (let length = 1; length <= characters.length; length++) {
        const beginning = characters.slice(0, length).join('');
        if (foldText(beginning).startsWith(folded)) {
          result.add(beginning);
          break;
        }
      }
    }
    return [...result];
  }

  private lowerBound(key: string): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.entries[middle]?.[0] as string) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

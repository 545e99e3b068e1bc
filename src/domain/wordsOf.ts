/**
 * The one definition of a word, for labels and queries alike: a run of letters, digits and
 * combining marks. The store's regular expressions split labels the same way
 * (`WORD_CHARACTERS`, see matchPatterns.ts).
 */
export const WORD_CHARACTERS = '\\p{L}\\p{N}\\p{M}';

const WORD = new RegExp(`[${WORD_CHARACTERS}]+`, 'gu');

/** The words of `text` as written (not normalized: a decomposed é stays e and U+0301). */
export function wordsAsWritten(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The words of `text` in NFC, as labels and queries are matched. */
export function wordsOf(text: string): string[] {
  return wordsAsWritten(text.normalize('NFC'));
}
